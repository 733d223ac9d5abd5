/** The vocabularies of staff's work items: tasks and support tickets (pure, shared by the server and the browser). */

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The due filter of /tasks: past due and not done, due today, due this week (Monday to Sunday). */
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

/** A task counts in the top-bar counter while it is not done. */
export const isActualTask = (status: TaskStatus) => status !== 'done';

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** GET /tickets?mode=: the tickets I wrote, those assigned to me, or all of them (with view_tickets). */
export const TICKET_MODES = ['mine', 'assigned', 'all'] as const;
export type TicketMode = (typeof TICKET_MODES)[number];

export const TICKET_CATEGORIES = ['general', 'technical', 'payments', 'documents', 'access'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** The first and last day (YYYY-MM-DD) of the Monday-first week holding `today`. */
export function weekOf(today: string): { from: string; to: string } {
  const day = new Date(`${today}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  const monday = new Date(day.getTime() - offset * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}
