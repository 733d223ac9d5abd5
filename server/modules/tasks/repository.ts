import { usersHolding } from '../users';
import { aliasedTable, and, desc, eq, exists, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { hasAnyPermission, hasPermission, isAdmin } from '../../../domain/access';
import { weekOf, type TaskDueFilter, type TaskPriority, type TaskStatus } from '../../../domain/work';
import type { Db, Tx } from '../../db/client';
import { customers, properties, sales, taskParticipants, tasks, users } from '../../db/schema';
import { invalid } from '../../core/errors';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import type { CurrentUser } from '../../core/types';
import { visibleTo } from '../customers';
import { saleVisible } from '../saleLedger';

/** What POST /tasks writes (the route has validated the fields). */
export interface TaskInput {
  id?: number | null;
  title: string;
  description?: string | null;
  priority: TaskPriority;
  due_date?: string | null;
  status: TaskStatus;
  assignee_id?: number | null;
  participant_ids: number[];
  customer_id?: number | null;
  sale_id?: number | null;
  property_id?: number | null;
}

export interface TaskFilters {
  mine?: boolean;
  status?: TaskStatus[];
  priority?: TaskPriority[];
  due?: TaskDueFilter | null;
  assignee_id?: number;
  customer_id?: number;
  sale_id?: number;
}

/** With edit_tasks (or as an administrator) a user sees everyone's tasks; otherwise those they wrote, hold or take part in. */
export const seesAllTasks = (user: CurrentUser) => isAdmin(user) || hasPermission(user, 'edit_tasks');

/** The user wrote the task, holds it, or takes part in it. */
const involving = (userId: number): SQL =>
  or(
    eq(tasks.authorId, userId),
    eq(tasks.assigneeId, userId),
    sql`exists (select 1 from ${taskParticipants} where ${taskParticipants.taskId} = ${tasks.id} and ${taskParticipants.userId} = ${userId})`,
  )!;

/** The tasks a user may see: involvement (unless they see all), and never a task about another complex's sale or unit. */
export const taskVisible = (user: CurrentUser, mine = false): SQL | undefined => {
  const scope = inBuildingScope(user, tasks.buildingId);
  return and(
    mine || !seesAllTasks(user) ? involving(user.id) : undefined,
    scope ? or(isNull(tasks.buildingId), scope) : undefined,
  );
};

const dueCondition = (due: TaskDueFilter | null | undefined, today: string): SQL | undefined => {
  if (!due) return undefined;
  if (due === 'overdue') return and(lt(tasks.dueDate, today), ne(tasks.status, 'done'));
  if (due === 'today') return eq(tasks.dueDate, today);
  const week = weekOf(today);
  return sql`${tasks.dueDate} between ${week.from} and ${week.to}`;
};

const assignee = aliasedTable(users, 'assignee');
const author = aliasedTable(users, 'author');

const SORTS = {
  id: tasks.id,
  title: tasks.title,
  due_date: tasks.dueDate,
  status: tasks.status,
  priority: sql`case ${tasks.priority} when 'high' then 3 when 'normal' then 2 else 1 end`,
  modified_at: tasks.modifiedAt,
  created_at: tasks.createdAt,
};

export type TaskRow = Awaited<ReturnType<ReturnType<typeof createTasksRepository>['findMany']>>[number];

/** The tasks' queries; the routes decide who may call them. */
export function createTasksRepository(db: Db) {
  const select = (d: Db | Tx = db) =>
    d
      .select({
        task: tasks,
        authorName: author.fullName,
        assigneeName: assignee.fullName,
        customerName: customers.nameKa,
        contractNo: sales.contractNo,
        propertyNo: properties.no,
        participants: sql<Array<{ id: number; full_name: string }>>`coalesce((
          select json_agg(json_build_object('id', u.id, 'full_name', u.full_name) order by u.full_name)
          from ${taskParticipants} tp join ${users} u on u.id = tp.user_id
          where tp.task_id = ${tasks.id}), '[]'::json)`,
      })
      .from(tasks)
      .leftJoin(author, eq(author.id, tasks.authorId))
      .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
      .leftJoin(customers, eq(customers.id, tasks.customerId))
      .leftJoin(sales, eq(sales.id, tasks.saleId))
      .leftJoin(properties, eq(properties.id, tasks.propertyId));

  async function findMany(where: SQL | undefined, d: Db | Tx = db) {
    return select(d).where(where);
  }

  return {
    findMany,
    /** The task as written, whoever may see it now. */
    async written(id: number, d: Db | Tx = db) {
      const [row] = await findMany(eq(tasks.id, id), d);
      return row;
    },
    async find(user: CurrentUser, id: number, d: Db | Tx = db) {
      const [row] = await findMany(and(eq(tasks.id, id), taskVisible(user)), d);
      return row;
    },

    async list(user: CurrentUser, q: ListQuery & TaskFilters, today: string) {
      const where = and(
        taskVisible(user, q.mine),
        q.status?.length ? inArray(tasks.status, q.status) : undefined,
        q.priority?.length ? inArray(tasks.priority, q.priority) : undefined,
        dueCondition(q.due, today),
        q.assignee_id ? eq(tasks.assigneeId, q.assignee_id) : undefined,
        q.customer_id ? eq(tasks.customerId, q.customer_id) : undefined,
        q.sale_id ? eq(tasks.saleId, q.sale_id) : undefined,
        q.query
          ? or(ilike(tasks.title, likePattern(q.query)), ilike(tasks.description, likePattern(q.query)))
          : undefined,
      );
      const { rows, meta } = await listPage(
        q,
        { columns: SORTS, fallback: 'due_date', then: desc(tasks.id) },
        ({ orderBy, limit, offset }) =>
          db
            .select({ id: tasks.id, total: totalCount })
            .from(tasks)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        () => db.$count(tasks, where),
      );
      if (!rows.length) return { rows: [], meta };
      const found = await findMany(
        inArray(
          tasks.id,
          rows.map((r) => r.id),
        ),
      );
      const byId = new Map(found.map((r) => [r.task.id, r]));
      return { rows: rows.map((r) => byId.get(r.id)!).filter(Boolean), meta };
    },

    /** Open or in progress, and assigned to the user or with the user taking part (the top-bar counter). */
    async actualCount(user: CurrentUser) {
      const scope = inBuildingScope(user, tasks.buildingId);
      const [row] = await db
        .select({ count: sql<number>`cast(count(*) as integer)` })
        .from(tasks)
        .where(
          and(
            ne(tasks.status, 'done'),
            or(
              eq(tasks.assigneeId, user.id),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(taskParticipants)
                  .where(and(eq(taskParticipants.taskId, tasks.id), eq(taskParticipants.userId, user.id))),
              ),
            ),
            scope ? or(isNull(tasks.buildingId), scope) : undefined,
          ),
        );
      return row?.count ?? 0;
    },

    /** Active users holding a task permission: whom a task may be given to or shared with. */
    assignees: () => usersHolding(db, ['view_tasks', 'add_tasks', 'edit_tasks', 'delete_tasks']),

    /**
     * The complex the task is about, after checking the user may see what it links to; a link the user may not see is
     * refused on its field (as if it did not exist). A unit and a sale of two complexes are refused too.
     */
    async linkedBuilding(
      tx: Tx,
      user: CurrentUser,
      input: TaskInput,
      assignable: Set<number>,
      kept?: { customerId: number | null; saleId: number | null; propertyId: number | null },
    ) {
      // a link the task already has stays, even if its holder could not pick it (an assignee marking it done)
      const fresh = (id: number, old: number | null | undefined) => id !== old;
      const errors: Record<string, string[]> = {};
      let buildingId: number | null = null;
      if (input.customer_id) {
        const [found] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(
            and(
              eq(customers.id, input.customer_id),
              isNull(customers.deletedAt),
              fresh(input.customer_id, kept?.customerId) ? visibleTo(user) : undefined,
            ),
          );
        if (!found) errors.customer_id = ['tasks.unknown_record'];
      }
      if (input.sale_id) {
        const [found] = await tx
          .select({ buildingId: sales.buildingId })
          .from(sales)
          .where(and(eq(sales.id, input.sale_id), fresh(input.sale_id, kept?.saleId) ? saleVisible(user) : undefined));
        if (!found) errors.sale_id = ['tasks.unknown_record'];
        else buildingId = found.buildingId;
      }
      if (input.property_id) {
        const [found] = await tx
          .select({ buildingId: properties.buildingId })
          .from(properties)
          .where(
            and(
              eq(properties.id, input.property_id),
              fresh(input.property_id, kept?.propertyId) ? inBuildingScope(user, properties.buildingId) : undefined,
            ),
          );
        if (!found) errors.property_id = ['tasks.unknown_record'];
        else if (buildingId !== null && buildingId !== found.buildingId) errors.property_id = ['tasks.other_complex'];
        else buildingId = found.buildingId;
      }
      if (input.assignee_id && !assignable.has(input.assignee_id)) errors.assignee_id = ['tasks.not_assignable'];
      const strangers = input.participant_ids.filter((id) => !assignable.has(id));
      if (strangers.length) errors.participant_ids = ['tasks.not_assignable'];
      if (Object.keys(errors).length) throw invalid(errors);
      return buildingId;
    },

    /** Writes the task and its participants; answers the id and the assignee before the write (null for a new task). */
    async save(tx: Tx, user: CurrentUser, input: TaskInput, buildingId: number | null) {
      const values = {
        title: input.title,
        description: input.description ?? null,
        priority: input.priority,
        dueDate: input.due_date ?? null,
        status: input.status,
        assigneeId: input.assignee_id ?? null,
        customerId: input.customer_id ?? null,
        saleId: input.sale_id ?? null,
        propertyId: input.property_id ?? null,
        buildingId,
      };
      let id: number;
      let previousAssignee: number | null = null;
      if (input.id) {
        const [before] = await tx
          .select({ assigneeId: tasks.assigneeId })
          .from(tasks)
          .where(eq(tasks.id, input.id))
          .for('update');
        previousAssignee = before?.assigneeId ?? null;
        await tx
          .update(tasks)
          .set({ ...values, modifiedAt: new Date() })
          .where(eq(tasks.id, input.id));
        id = input.id;
        await tx.delete(taskParticipants).where(eq(taskParticipants.taskId, id));
      } else {
        const [row] = await tx
          .insert(tasks)
          .values({ ...values, authorId: user.id })
          .returning({ id: tasks.id });
        id = row.id;
      }
      const participants = [...new Set(input.participant_ids)];
      if (participants.length)
        await tx.insert(taskParticipants).values(participants.map((userId) => ({ taskId: id, userId })));
      return { id, previousAssignee };
    },

    async remove(id: number) {
      await db.delete(tasks).where(eq(tasks.id, id));
    },
  };
}

/** Whether the user holds any task permission (the routes' gate). */
export const holdsTaskPermission = (user: CurrentUser) =>
  hasAnyPermission(user, ['view_tasks', 'add_tasks', 'edit_tasks', 'delete_tasks']);
