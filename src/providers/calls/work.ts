import type { Identifier } from 'react-admin';
import type { NotificationList, NotificationRecipient, UnreadCount } from '../../../domain/contracts/notifications';
import type { ActualTasks, Task, TaskAssignee } from '../../../domain/contracts/tasks';
import type { ActivityLog, LogTypes } from '../../../domain/contracts/logs';
import type { TicketCategoryChoice, TicketDetail } from '../../../domain/contracts/tickets';
import { api } from '../httpClient';
import { dataOf, type ListAnswer } from './answers';

/** The activity log (POST /logs): the same body conventions as the delivery log. */
export const activityLogs = (filter: object) => api<ListAnswer<ActivityLog>>('/logs', { method: 'POST', body: filter });

/** Staff's notifications: the bell asks for the unread count and the latest 5 unread in one call. */
export const workCalls = {
  myNotifications: (query: { unread?: boolean; page?: number; perpage?: number } = {}) =>
    api<NotificationList>('/notifications', {
      query: new URLSearchParams({
        page: String(query.page ?? 1),
        perpage: String(query.perpage ?? 10),
        ...(query.unread ? { unread: '1' } : {}),
      }),
    }),
  markNotificationRead: (notificationId: Identifier) =>
    dataOf(api<{ data: UnreadCount }>('/mark-as-read', { method: 'POST', body: { id: notificationId } })),
  markAllNotificationsRead: () =>
    dataOf(api<{ data: UnreadCount }>('/mark-as-read', { method: 'POST', body: { all: true } })),
  notificationRecipients: () => dataOf(api<{ data: NotificationRecipient[] }>('/manager/notifications/recipients')),
  // Tasks: the top-bar counter, whom a task may be given to, and a change from a list row (POST tasks with the id)
  actualTasks: () => dataOf(api<{ data: ActualTasks }>('/tasks/actual')),
  taskAssignees: () => dataOf(api<{ data: TaskAssignee[] }>('/tasks/assignees')),
  saveTask: (task: Partial<Task> & { id?: Identifier; title: string }) =>
    dataOf(api<{ data: Task }>('/tasks', { method: 'POST', body: task })),
  // Tickets: each action answers the ticket with its conversation, which the page shows again
  ticket: (ticketId: Identifier) => dataOf(api<{ data: TicketDetail }>(`/tickets/${ticketId}`)),
  ticketCategories: () => dataOf(api<{ data: TicketCategoryChoice[] }>('/ticket-categories')),
  ticketAssignees: () => dataOf(api<{ data: TaskAssignee[] }>('/tickets/assignees')),
  openTicket: (form: FormData) => dataOf(api<{ data: TicketDetail }>('/tickets', { method: 'POST', body: form })),
  replyToTicket: (form: FormData) =>
    dataOf(api<{ data: TicketDetail }>('/ticket-item', { method: 'POST', body: form })),
  closeTicket: (ticketId: Identifier) =>
    dataOf(api<{ data: TicketDetail }>(`/tickets/close-ticket/${ticketId}`, { method: 'POST' })),
  rateTicket: (ticketId: Identifier, rating: number) =>
    dataOf(api<{ data: TicketDetail }>(`/tickets/make-rating/${ticketId}`, { method: 'POST', body: { rating } })),
  // The activity log: a filtered page (the Excel export asks for all rows at once) and its vocabularies
  activityLogs,
  logTypes: () => dataOf(api<{ data: LogTypes }>('/logs/types')),
};
