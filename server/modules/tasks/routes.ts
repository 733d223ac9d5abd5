import { businessToday } from '../../../domain/businessDay';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildingScope, canSeeBuilding, hasPermission } from '../../../domain/access';
import { actualTasksSchema, taskAssigneeSchema, taskSchema } from '../../../domain/contracts/tasks';
import { formBoolean, formIdList, requiredText } from '../../../domain/validation';
import { TASK_DUE_FILTERS, TASK_PRIORITIES, TASK_STATUSES } from '../../../domain/work';
import { currentUser, loadPrincipal } from '../../core/access';
import { dataAnswer, listAnswer } from '../../core/answers';
import { forbidden, notFound } from '../../core/errors';
import {
  idParams,
  listFilter,
  oneOf,
  optionalDate,
  optionalId,
  optionalOneOf,
  optionalText,
  queryId,
} from '../../core/fields';
import { listQuery } from '../../core/paging';
import { needs, type CurrentUser } from '../../core/types';
import { notifyUsers } from '../notifications';
import { createTasksRepository, type TaskRow } from './repository';
import { messageSchema } from '../../../domain/contracts/users';
import { recordWrite } from '../../core/activityLog';

const tags = ['tasks'];
const anyTaskPermission = needs('view_tasks', 'add_tasks', 'edit_tasks', 'delete_tasks');

const tasksQuery = listQuery.extend({
  mine: formBoolean().optional(),
  status: listFilter(oneOf(TASK_STATUSES)),
  priority: listFilter(oneOf(TASK_PRIORITIES)),
  due: optionalOneOf(TASK_DUE_FILTERS),
  assignee_id: queryId().optional(),
  customer_id: queryId().optional(),
  sale_id: queryId().optional(),
});

/** POST tasks: create (no id) or update (id) in one call. */
const taskBody = z.object({
  id: optionalId(),
  title: requiredText(255),
  description: optionalText(5000),
  priority: oneOf(TASK_PRIORITIES).default('normal'),
  due_date: optionalDate(),
  status: oneOf(TASK_STATUSES).default('open'),
  assignee_id: optionalId(),
  participant_ids: formIdList().default([]),
  customer_id: optionalId(),
  sale_id: optionalId(),
  property_id: optionalId(),
});

/** Whether the user may change a task: edit_tasks, or they wrote it or hold it. */
const mayEdit = (user: CurrentUser, row: TaskRow) =>
  hasPermission(user, 'edit_tasks') || row.task.authorId === user.id || row.task.assigneeId === user.id;

const present = (row: TaskRow, user: CurrentUser) => ({
  id: row.task.id,
  title: row.task.title,
  description: row.task.description,
  priority: row.task.priority,
  due_date: row.task.dueDate,
  status: row.task.status,
  author_id: row.task.authorId,
  author_name: row.authorName,
  assignee_id: row.task.assigneeId,
  assignee_name: row.assigneeName,
  participant_ids: row.participants.map((p) => p.id),
  participants: row.participants,
  customer_id: row.task.customerId,
  customer_name: row.customerName,
  sale_id: row.task.saleId,
  contract_no: row.contractNo,
  property_id: row.task.propertyId,
  property_name: row.propertyNo,
  created_at: row.task.createdAt.toISOString(),
  modified_at: row.task.modifiedAt.toISOString(),
  can_edit: mayEdit(user, row),
  can_delete: hasPermission(user, 'delete_tasks'),
});

/**
 * Tasks: GET tasks, GET tasks/{id}, GET tasks/actual (the top-bar counter), POST tasks (create or update),
 * DELETE tasks/{id}; and GET tasks/assignees for the form. Registered only when MODULE_TASKS is on (else 404).
 */
export default async function tasksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createTasksRepository(app.db);

  app.get(
    '/tasks',
    {
      config: { access: anyTaskPermission },
      schema: { tags, querystring: tasksQuery, response: listAnswer(taskSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const { rows, meta } = await repo.list(user, request.query, businessToday());
      return { data: rows.map((r) => present(r, user)), meta };
    },
  );

  app.get(
    '/tasks/actual',
    { config: { access: anyTaskPermission }, schema: { tags, response: dataAnswer(actualTasksSchema) } },
    async (request) => ({ data: { count: await repo.actualCount(currentUser(request)) } }),
  );

  app.get(
    '/tasks/assignees',
    { config: { access: anyTaskPermission }, schema: { tags, response: dataAnswer(z.array(taskAssigneeSchema)) } },
    async () => ({ data: await repo.assignees() }),
  );

  app.get(
    '/tasks/:id',
    { config: { access: anyTaskPermission }, schema: { tags, params: idParams, response: dataAnswer(taskSchema) } },
    async (request) => {
      const user = currentUser(request);
      const row = await repo.find(user, request.params.id);
      if (!row) throw notFound();
      return { data: present(row, user) };
    },
  );

  app.post(
    '/tasks',
    {
      config: { access: needs('add_tasks', 'edit_tasks', 'view_tasks'), recordsItself: true },
      schema: { tags, body: taskBody, response: { ...dataAnswer(taskSchema), 201: z.object({ data: taskSchema }) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = request.body;
      const status = input.id ? 200 : 201;
      const record = recordWrite(request, status);
      const assignable = new Set((await repo.assignees()).map((a) => a.id));
      const saved = await app.db.transaction(async (tx) => {
        let kept: Parameters<typeof repo.linkedBuilding>[4];
        if (input.id) {
          const existing = await repo.find(user, input.id, tx);
          if (!existing) throw notFound();
          if (!mayEdit(user, existing)) throw forbidden();
          // people already on the task stay assignable even if they lost their task permissions since
          if (existing.task.assigneeId) assignable.add(existing.task.assigneeId);
          existing.participants.forEach((p) => assignable.add(p.id));
          kept = existing.task;
        } else if (!hasPermission(user, 'add_tasks')) throw forbidden();
        const buildingId = await repo.linkedBuilding(tx, user, input, assignable, kept);
        const { id, previousAssignee } = await repo.save(tx, user, input, buildingId);
        const assignee = input.assignee_id ?? null;
        if (assignee && assignee !== previousAssignee && assignee !== user.id) {
          // an assignee outside the task's complex cannot open it: the notice names no detail of it
          const opens =
            buildingId === null ||
            canSeeBuilding(buildingScope({ id: assignee, ...(await loadPrincipal(tx, assignee)) }), buildingId);
          await notifyUsers(tx, [
            opens
              ? { userId: assignee, kind: 'task_assigned', params: { title: input.title }, link: `/tasks/${id}` }
              : { userId: assignee, kind: 'task_assigned_elsewhere', params: { author: user.fullName } },
          ]);
        }
        // the answer shows the task as written, even to an assignee who just handed it on
        const answer = { data: present(await repo.written(id, tx), user) };
        await record(tx, { recordId: id, buildingId, before: kept, answer });
        return answer;
      });
      return reply.status(status).send(saved);
    },
  );

  app.delete(
    '/tasks/:id',
    { config: { access: needs('delete_tasks') }, schema: { tags, params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (!(await repo.find(user, request.params.id))) throw notFound();
      await repo.remove(request.params.id);
      return { message: request.t('app.deleted') };
    },
  );
}
