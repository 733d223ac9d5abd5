import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '../work';

const person = z.object({ id: z.number(), full_name: z.string() });

/** One task of GET /tasks, GET /tasks/{id} and POST /tasks (task, priority, due_date, modified_at, people). */
export const taskSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  due_date: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  author_id: z.number(),
  author_name: z.string().nullable(),
  assignee_id: z.number().nullable(),
  assignee_name: z.string().nullable(),
  participant_ids: z.array(z.number()),
  participants: z.array(person),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  sale_id: z.number().nullable(),
  contract_no: z.string().nullable(),
  property_id: z.number().nullable(),
  property_name: z.string().nullable(),
  created_at: z.string(),
  modified_at: z.string(),
  /** Whether the signed-in user may change it (edit_tasks, or its author or assignee) and delete it (delete_tasks). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;

/** GET /tasks/actual: the top-bar counter (open or in progress, assigned to me or where I take part). */
export const actualTasksSchema = z.object({ count: z.number() });
export type ActualTasks = z.infer<typeof actualTasksSchema>;

/** GET /tasks/assignees: the active users a task may be given to (they hold a task permission). */
export const taskAssigneeSchema = person;
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;
