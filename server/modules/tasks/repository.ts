import { usersHolding } from '../users';
import { aliasedTable, and, desc, eq, exists, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { hasAnyPermission, hasPermission, isAdmin } from '../../../domain/access';
import { weekOf, type TaskDueFilter, type TaskPriority, type TaskStatus } from '../../../domain/work';
import type { Db, Tx } from '../../db/client';
import { customers, properties, sales, taskParticipants, tasks, users } from '../../db/schema';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import type { CurrentUser } from '../../core/types';
import { linkedBuilding, saveTask } from './writes';

export type { TaskInput } from './writes';

export interface TaskFilters {
  mine?: boolean;
  status?: TaskStatus[];
  priority?: TaskPriority[];
  due?: TaskDueFilter | null;
  assignee_id?: number;
  customer_id?: number;
  sale_id?: number;
}

/**
 * With edit_tasks (or as an administrator) a user sees everyone's tasks;
 * otherwise those they wrote, hold or take part in.
 */
export const seesAllTasks = (user: CurrentUser) => isAdmin(user) || hasPermission(user, 'edit_tasks');

/** The user wrote the task, holds it, or takes part in it. */
const involving = (userId: number): SQL =>
  or(
    eq(tasks.authorId, userId),
    eq(tasks.assigneeId, userId),
    sql`exists (select 1 from ${taskParticipants} where ${taskParticipants.taskId} = ${tasks.id} and ${taskParticipants.userId} = ${userId})`,
  )!;

/**
 * The tasks a user may see: involvement (unless they see all), and never a task about another complex's sale or unit.
 */
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

    linkedBuilding,
    save: saveTask,

    async remove(id: number) {
      await db.delete(tasks).where(eq(tasks.id, id));
    },
  };
}

/** Whether the user holds any task permission (the routes' gate). */
export const holdsTaskPermission = (user: CurrentUser) =>
  hasAnyPermission(user, ['view_tasks', 'add_tasks', 'edit_tasks', 'delete_tasks']);
