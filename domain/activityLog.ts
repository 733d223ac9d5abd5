/** The activity log's vocabulary (pure): the actions a write is recorded as, and where a record's page is. */

export const LOG_ACTIONS = [
  'create',
  'update',
  'delete',
  'status_changed',
  'reminder_sent',
  'overdue_letter_sent',
  'payment_notice_sent',
  'sms_sent',
  'message_resent',
  'sale_cancelled',
  'cancellation_notice_recorded',
  'schedule_changed',
  'contract_made',
  'file_added',
  'comment_added',
  'ticket_replied',
  'ticket_closed',
  'ticket_rated',
  'unit_split',
  'marked_paid',
  'marked_read',
  'rates_fetched',
  'imported',
  'code_requested',
  'code_resent',
  'signed_in',
  'signed_out',
  'reset_requested',
  'reset_link_checked',
  'password_reset',
] as const;
/** A write that is neither a create, an update nor a delete names what it did (the route's `logAction`). */
export type LogAction = (typeof LOG_ACTIONS)[number];

/** Record types whose page the web app shows at a known path; others are listed without a link. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  sales: (id) => `/sales/${id}/show`,
  customers: (id) => `/customers/${id}/show`,
  agents: (id) => `/agents/${id}/show`,
  buildings: (id) => `/buildings/${id}`,
  properties: (id) => `/properties/${id}`,
  bookings: (id) => `/bookings/${id}`,
  barter: (id) => `/barter/${id}`,
  'pre-sale-bookings': (id) => `/reservation/${id}`,
  users: (id) => `/users/${id}`,
  tasks: (id) => `/tasks/${id}`,
  tickets: (id) => `/tickets/${id}/show`,
  prices: (id) => `/prices/${id}`,
};

/** The web app's path of a logged record, or null when it has none (or the id is not a number). */
export const recordLink = (recordType: string, recordId: string | null): string | null =>
  recordId && /^\d+$/.test(recordId) && RECORD_PAGES[recordType] ? RECORD_PAGES[recordType](recordId) : null;
