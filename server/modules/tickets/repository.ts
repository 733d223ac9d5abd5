import { usersHolding } from '../users';
import { aliasedTable, and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { hasPermission, isAdmin } from '../../../domain/access';
import type { TicketMode, TicketStatus } from '../../../domain/work';
import type { Db, Tx } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { ticketAttachments, ticketItems, tickets, users } from '../../db/schema';
import { listPage, type ListQuery } from '../../core/paging';
import type { CurrentUser } from '../../core/types';

/** With edit_tickets (or as an administrator) a user handles everyone's tickets; otherwise those they wrote or hold. */
export const handlesAllTickets = (user: CurrentUser) => isAdmin(user) || hasPermission(user, 'edit_tickets');

const involving = (user: CurrentUser): SQL | undefined =>
  handlesAllTickets(user) ? undefined : or(eq(tickets.authorId, user.id), eq(tickets.assigneeId, user.id));

const modeCondition = (user: CurrentUser, mode: TicketMode): SQL | undefined =>
  mode === 'mine'
    ? eq(tickets.authorId, user.id)
    : mode === 'assigned'
      ? eq(tickets.assigneeId, user.id)
      : involving(user);

const author = aliasedTable(users, 'author');
const assignee = aliasedTable(users, 'assignee');

const SORTS = { id: tickets.id, subject: tickets.subject, status: tickets.status, updated_at: tickets.updatedAt };

export interface StoredAttachment {
  originalName: string;
  path: string;
  mimetype: string;
  size: number;
}

export type TicketRow = Awaited<ReturnType<ReturnType<typeof createTicketsRepository>['find']>>;

/** The tickets' queries; the routes decide who may call them. */
export function createTicketsRepository(db: Db) {
  const select = (d: Db | Tx = db) =>
    d
      .select({ ticket: tickets, authorName: author.fullName, assigneeName: assignee.fullName })
      .from(tickets)
      .leftJoin(author, eq(author.id, tickets.authorId))
      .leftJoin(assignee, eq(assignee.id, tickets.assigneeId));

  const writeAttachments = async (tx: Tx, ticketId: number, itemId: number, files: StoredAttachment[]) => {
    if (files.length) await tx.insert(ticketAttachments).values(files.map((f) => ({ ...f, ticketId, itemId })));
  };

  return {
    async list(user: CurrentUser, q: ListQuery & { mode: TicketMode; status?: TicketStatus[] }) {
      const where = and(modeCondition(user, q.mode), q.status?.length ? inArray(tickets.status, q.status) : undefined);
      return listPage(
        q,
        { columns: SORTS, fallback: 'updated_at', then: desc(tickets.id) },
        ({ orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        () => db.$count(tickets, where),
      );
    },

    /** The ticket if the user may see it (wrote it, holds it, or handles all). */
    async find(user: CurrentUser, id: number, d: Db | Tx = db) {
      const [row] = await select(d).where(and(eq(tickets.id, id), involving(user)));
      return row;
    },

    async items(ticketId: number) {
      const [messages, files] = await Promise.all([
        db
          .select({ item: ticketItems, userName: users.fullName })
          .from(ticketItems)
          .leftJoin(users, eq(users.id, ticketItems.userId))
          .where(eq(ticketItems.ticketId, ticketId))
          .orderBy(asc(ticketItems.createdAt), asc(ticketItems.id)),
        db
          .select()
          .from(ticketAttachments)
          .where(eq(ticketAttachments.ticketId, ticketId))
          .orderBy(asc(ticketAttachments.id)),
      ]);
      return { messages, files };
    },

    async create(
      user: CurrentUser,
      input: { subject: string; category: string; body: string; assignee_id?: number | null },
      files: StoredAttachment[],
      record: RecordWrite,
    ) {
      return db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(tickets)
          .values({
            subject: input.subject,
            category: input.category,
            authorId: user.id,
            assigneeId: input.assignee_id ?? null,
          })
          .returning({ id: tickets.id });
        const [item] = await tx
          .insert(ticketItems)
          .values({ ticketId: ticket.id, userId: user.id, body: input.body })
          .returning({ id: ticketItems.id });
        await writeAttachments(tx, ticket.id, item.id, files);
        await record(tx, { recordId: ticket.id, buildingId: null });
        return ticket.id;
      });
    },

    /** A message: from the author the ticket is open again, from anyone else it is answered. */
    async reply(
      user: CurrentUser,
      ticket: { id: number; authorId: number },
      message: { body: string; files: StoredAttachment[] },
      record: RecordWrite,
    ) {
      const { body, files } = message;
      await db.transaction(async (tx) => {
        const [item] = await tx
          .insert(ticketItems)
          .values({ ticketId: ticket.id, userId: user.id, body })
          .returning({ id: ticketItems.id });
        await writeAttachments(tx, ticket.id, item.id, files);
        await tx
          .update(tickets)
          .set({ status: ticket.authorId === user.id ? 'open' : 'answered', updatedAt: new Date() })
          .where(eq(tickets.id, ticket.id));
        await record(tx, { recordId: ticket.id, buildingId: null });
      });
    },

    async update(
      id: number,
      input: { subject?: string; category?: string; assignee_id?: number | null },
      user: CurrentUser,
      files: StoredAttachment[],
      record: RecordWrite,
    ) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
        await tx
          .update(tickets)
          .set({
            ...(input.subject !== undefined ? { subject: input.subject } : {}),
            ...(input.category !== undefined ? { category: input.category } : {}),
            ...(input.assignee_id !== undefined ? { assigneeId: input.assignee_id } : {}),
            updatedAt: new Date(),
          })
          .where(eq(tickets.id, id));
        if (files.length) {
          const [item] = await tx
            .insert(ticketItems)
            .values({ ticketId: id, userId: user.id, body: '' })
            .returning({ id: ticketItems.id });
          await writeAttachments(tx, id, item.id, files);
        }
        await record(tx, { recordId: id, buildingId: null, before });
      });
    },

    async close(id: number) {
      await db
        .update(tickets)
        .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
        .where(eq(tickets.id, id));
    },

    async rate(id: number, rating: number) {
      await db.update(tickets).set({ rating, updatedAt: new Date() }).where(eq(tickets.id, id));
    },

    /** Deletes the ticket; answers the stored paths of its files, for the caller to remove. */
    async remove(id: number) {
      const files = await db
        .select({ path: ticketAttachments.path })
        .from(ticketAttachments)
        .where(eq(ticketAttachments.ticketId, id));
      await db.delete(tickets).where(eq(tickets.id, id));
      return files.map((f) => f.path);
    },

    /** Active users holding a ticket permission: whom a ticket may be given to. */
    assignees: () => usersHolding(db, ['view_tickets', 'add_tickets', 'edit_tickets', 'delete_tickets']),
  };
}
