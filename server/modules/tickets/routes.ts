import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission } from '../../../domain/access';
import { ticketCategorySchema, ticketDetailSchema, ticketSchema } from '../../../domain/contracts/tickets';
import { requiredText, V } from '../../../domain/validation';
import { TICKET_CATEGORIES, TICKET_MODES, TICKET_STATUSES } from '../../../domain/work';
import { currentUser } from '../../core/access';
import { dataAnswer, listAnswer } from '../../core/answers';
import { AppError, forbidden, invalid, notFound } from '../../core/errors';
import { IMAGE_TYPES, uploadedType } from '../../core/files';
import { idParams, listFilter, oneOf, optionalId, optionalText, requiredId } from '../../core/fields';
import { listQuery } from '../../core/paging';
import { recordWrite } from '../../core/activityLog';
import { needs, type CurrentUser } from '../../core/types';
import { createTicketsRepository, handlesAllTickets, type StoredAttachment, type TicketRow } from './repository';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['tickets'];
const anyTicketPermission = needs('view_tickets', 'add_tickets', 'edit_tickets', 'delete_tickets');
const PDF = 'application/pdf';
const ATTACHMENT_TYPES = [...IMAGE_TYPES, PDF];

const ticketsQuery = listQuery.extend({
  mode: oneOf(TICKET_MODES).default('mine'),
  status: listFilter(oneOf(TICKET_STATUSES)),
});
const createBody = z.object({
  subject: requiredText(255),
  category: oneOf(TICKET_CATEGORIES),
  body: requiredText(10_000),
  assignee_id: optionalId(),
});
const itemBody = z.object({ ticket_id: requiredId(), body: requiredText(10_000) });
const patchBody = z.object({
  subject: requiredText(255).optional(),
  category: oneOf(TICKET_CATEGORIES).optional(),
  assignee_id: optionalId(),
  body: optionalText(10_000),
});
const ratingBody = z.object({
  rating: z.coerce
    .number({ error: V.invalidType })
    .int({ error: 'tickets.rating_range' })
    .min(1, { error: 'tickets.rating_range' })
    .max(5, { error: 'tickets.rating_range' }),
});

const isAuthor = (user: CurrentUser, row: NonNullable<TicketRow>) => row.ticket.authorId === user.id;

/** A ticket as the list and the page show it, with what this user may do to it. */
const present = (row: NonNullable<TicketRow>, user: CurrentUser, request: FastifyRequest) => {
  const t = row.ticket;
  const handles = handlesAllTickets(user);
  return {
    id: t.id,
    subject: t.subject,
    category: t.category,
    category_name: request.t(`tickets.categories.${t.category}`),
    status: t.status,
    author_id: t.authorId,
    author_name: row.authorName,
    assignee_id: t.assigneeId,
    assignee_name: row.assigneeName,
    rating: t.rating,
    closed_at: t.closedAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    can_reply: t.status !== 'closed',
    can_close: t.status !== 'closed' && (isAuthor(user, row) || handles),
    can_rate: t.status === 'closed' && isAuthor(user, row),
    can_edit: isAuthor(user, row) || handles,
    can_delete: hasPermission(user, 'delete_tickets'),
  };
};

/**
 * Tickets: GET /tickets?mode= (mine, assigned, all), GET /ticket-categories, GET /tickets/{id}, POST /tickets and
 * POST /ticket-item (multipart, with attachments), close, rate (1 to 5, only the author, only once closed),
 * PATCH /hoa/{id} (the ticket's subject, category, assignee, more attachments), DELETE /tickets/{id}.
 */
export default async function ticketsRoutes(fastify: FastifyInstance) {
  const repo = createTicketsRepository(fastify.db);
  const steps = ticketSteps(fastify, repo);
  registerTicketReading(fastify, repo, steps);
  registerTicketChanges(fastify, repo, steps);
}

type TicketsRepository = ReturnType<typeof createTicketsRepository>;
type TicketSteps = ReturnType<typeof ticketSteps>;

/** What the ticket routes share: a ticket's page with its messages, attachments stored, an assignee checked. */
function ticketSteps(app: FastifyInstance, repo: TicketsRepository) {
  const detail = async (request: FastifyRequest, user: CurrentUser, id: number) => {
    const row = await repo.find(user, id);
    if (!row) throw notFound();
    const { messages, files } = await repo.items(id);
    return {
      ...present(row, user, request),
      items: messages.map((m) => ({
        id: m.item.id,
        ticket_id: m.item.ticketId,
        user_id: m.item.userId,
        user_name: m.userName,
        body: m.item.body,
        created_at: m.item.createdAt.toISOString(),
        attachments: files
          .filter((f) => f.itemId === m.item.id)
          .map((f) => ({
            id: f.id,
            original_name: f.originalName,
            mimetype: f.mimetype,
            size: f.size,
            url: app.files.signedUrl(f.path),
          })),
      })),
    };
  };

  /** The uploaded `attachments` checked (size, type, first bytes) and stored; a refusal removes what was stored. */
  const storeAttachments = async (request: FastifyRequest): Promise<StoredAttachment[]> => {
    const uploads = request.uploads.attachments ?? [];
    const stored: StoredAttachment[] = [];
    try {
      for (const file of uploads) {
        if (file.buffer.length > app.files.maxBytes)
          throw new AppError(413, 'tickets.file_too_large', { mb: Math.round(app.files.maxBytes / 1024 / 1024) });
        const mimetype = uploadedType(file, ATTACHMENT_TYPES, 'attachments', 'tickets.file_type');
        const saved = await app.files.save('tickets', { ...file, mimetype }, ATTACHMENT_TYPES, 'attachments');
        stored.push({ originalName: path.basename(file.filename), path: saved, mimetype, size: file.buffer.length });
      }
      return stored;
    } catch (error) {
      await Promise.all(stored.map((s) => app.files.remove(s.path)));
      throw error;
    }
  };

  const checkAssignee = async (id: number | null | undefined) => {
    if (id && !(await repo.assignees()).some((a) => a.id === id))
      throw invalid({ assignee_id: ['tickets.not_assignable'] });
  };

  return { detail, storeAttachments, checkAssignee };
}

/** The tickets a user sees, one ticket, and what a ticket may be filed under and assigned to. */
function registerTicketReading(fastify: FastifyInstance, repo: TicketsRepository, { detail }: TicketSteps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/tickets',
    {
      config: { access: anyTicketPermission },
      schema: { tags, querystring: ticketsQuery, response: listAnswer(ticketSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.query.mode === 'all' && !handlesAllTickets(user)) throw forbidden();
      const { rows, meta } = await repo.list(user, request.query);
      return { data: rows.map((r) => present(r, user, request)), meta };
    },
  );

  app.get(
    '/ticket-categories',
    { config: { access: anyTicketPermission }, schema: { tags, response: dataAnswer(z.array(ticketCategorySchema)) } },
    async (request) => ({
      data: TICKET_CATEGORIES.map((id) => ({ id, name: request.t(`tickets.categories.${id}`) })),
    }),
  );

  app.get(
    '/tickets/assignees',
    {
      config: { access: anyTicketPermission },
      schema: { tags, response: dataAnswer(z.array(z.object({ id: z.number(), full_name: z.string() }))) },
    },
    async () => ({ data: await repo.assignees() }),
  );

  app.get(
    '/tickets/:id',
    {
      config: { access: anyTicketPermission },
      schema: { tags, params: idParams, response: dataAnswer(ticketDetailSchema) },
    },
    async (request) => ({ data: await detail(request, currentUser(request), request.params.id) }),
  );
}

/** Opening a ticket, replying, closing, rating, editing and deleting it. */
function registerTicketChanges(
  fastify: FastifyInstance,
  repo: TicketsRepository,
  { detail, storeAttachments, checkAssignee }: TicketSteps,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/tickets',
    {
      config: { access: needs('add_tickets'), recordsItself: true },
      schema: { tags, body: createBody, response: { 201: z.object({ data: ticketDetailSchema }) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await checkAssignee(request.body.assignee_id);
      const files = await storeAttachments(request);
      const id = await repo.create(user, request.body, files, recordWrite(request, 201));
      return reply.status(201).send({ data: await detail(request, user, id) });
    },
  );

  app.post(
    '/ticket-item',
    {
      config: { access: anyTicketPermission, recordType: 'tickets', logAction: 'ticket_replied', recordsItself: true },
      schema: { tags, body: itemBody, response: { 201: z.object({ data: ticketDetailSchema }) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await repo.find(user, request.body.ticket_id);
      if (!row) throw notFound();
      if (row.ticket.status === 'closed') throw new AppError(409, 'tickets.closed');
      const files = await storeAttachments(request);
      await repo.reply(user, row.ticket, { body: request.body.body, files }, recordWrite(request, 201));
      return reply.status(201).send({ data: await detail(request, user, row.ticket.id) });
    },
  );

  app.post(
    '/tickets/close-ticket/:id',
    {
      config: { access: anyTicketPermission, logAction: 'ticket_closed' },
      schema: { tags, params: idParams, response: dataAnswer(ticketDetailSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await repo.find(user, request.params.id);
      if (!row) throw notFound();
      if (!isAuthor(user, row) && !handlesAllTickets(user)) throw forbidden();
      if (row.ticket.status !== 'closed') await repo.close(row.ticket.id);
      return { data: await detail(request, user, row.ticket.id) };
    },
  );

  app.post(
    '/tickets/make-rating/:id',
    {
      config: { access: anyTicketPermission, logAction: 'ticket_rated' },
      schema: { tags, params: idParams, body: ratingBody, response: dataAnswer(ticketDetailSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await repo.find(user, request.params.id);
      if (!row) throw notFound();
      if (!isAuthor(user, row)) throw forbidden();
      if (row.ticket.status !== 'closed') throw invalid({ rating: ['tickets.rate_when_closed'] });
      await repo.rate(row.ticket.id, request.body.rating);
      return { data: await detail(request, user, row.ticket.id) };
    },
  );

  app.patch(
    '/hoa/:id',
    {
      config: { access: anyTicketPermission, recordType: 'tickets', recordsItself: true },
      schema: { tags, params: idParams, body: patchBody, response: dataAnswer(ticketDetailSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await repo.find(user, request.params.id);
      if (!row) throw notFound();
      if (!isAuthor(user, row) && !handlesAllTickets(user)) throw forbidden();
      await checkAssignee(request.body.assignee_id);
      const files = await storeAttachments(request);
      await repo.update(row.ticket.id, request.body, user, files, recordWrite(request, 200));
      return { data: await detail(request, user, row.ticket.id) };
    },
  );

  app.delete(
    '/tickets/:id',
    {
      config: { access: needs('delete_tickets') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await repo.find(user, request.params.id))) throw notFound();
      const paths = await repo.remove(request.params.id);
      await Promise.all(paths.map((p) => app.files.remove(p)));
      return { message: request.t('app.deleted') };
    },
  );
}
