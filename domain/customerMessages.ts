/**
 * Messages to customers (reminder, overdue, payment added or changed, cancellation, free text): their kinds, the
 * placeholders a template may use, the rendering of a template, the delivery statuses and the rules of the daily run.
 * Shared by the server, which sends, and the template editor, which previews as the administrator types.
 */

export const MESSAGE_KINDS = [
  'reminder',
  'overdue',
  'payment_added',
  'payment_changed',
  'cancellation',
  'free',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Every placeholder a template may hold, written `{name}`. */
export const PLACEHOLDERS = [
  'customer_name',
  'contract_no',
  'units',
  'complex',
  'due_date',
  'amount',
  'currency',
  'amount_overdue',
  'days_late',
  'remaining',
  'payment_amount',
  'payment_date',
  'bank_account',
  'message',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/** The placeholders that mean something for each kind (the editor lists them; others render empty). */
export const KIND_PLACEHOLDERS: Record<MessageKind, readonly Placeholder[]> = {
  reminder: ['customer_name', 'contract_no', 'units', 'complex', 'due_date', 'amount', 'currency', 'bank_account'],
  overdue: [
    'customer_name',
    'contract_no',
    'units',
    'complex',
    'due_date',
    'amount_overdue',
    'currency',
    'days_late',
    'bank_account',
  ],
  payment_added: [
    'customer_name',
    'contract_no',
    'units',
    'payment_amount',
    'payment_date',
    'remaining',
    'currency',
    'bank_account',
  ],
  payment_changed: [
    'customer_name',
    'contract_no',
    'units',
    'payment_amount',
    'payment_date',
    'remaining',
    'currency',
    'bank_account',
  ],
  cancellation: ['customer_name', 'contract_no', 'units', 'complex', 'amount_overdue', 'currency', 'days_late'],
  free: ['customer_name', 'message'],
};

/** Fills `{placeholder}`s; an unknown name stays as typed so the editor's preview shows the mistake. */
export const renderTemplate = (text: string, values: PlaceholderValues): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as Placeholder] ?? '') : whole,
  );

/** The placeholders a template names that do not exist: the editor refuses to save them. */
export const unknownPlaceholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));

/** When the daily run writes to customers: reminders N days before a due date, overdue letters N days after. */
export interface MessageRules {
  reminder_days: number[];
  overdue_days: number[];
  /** The channels the daily run uses (a customer without a phone or email for one is skipped on it). */
  channels: MessageChannel[];
}

export const DEFAULT_MESSAGE_RULES: MessageRules = {
  reminder_days: [3],
  overdue_days: [1, 7, 30],
  channels: ['email', 'sms'],
};

/**
 * A rule still applies a few days after its day, so a day the server was down is caught up, but a letter a
 * month late is not sent as news (nor, on the first run of a new installation, for every old debt).
 */
export const CATCH_UP_DAYS = 3;

/**
 * The waits (seconds) before each new try of a send that failed for a passing reason: 30 s, 2 min, 10 min, 30 min,
 * 2 h, 6 h, 12 h, about 21 hours in all, so a provider down for most of a day still gets the message.
 */
const RETRY_DELAYS = [30, 120, 600, 1800, 7200, 21_600, 43_200] as const;
/** Sends are tried this many times: the first and one after each wait. */
export const MAX_ATTEMPTS = RETRY_DELAYS.length + 1;
/** The wait after try number `attempt` (1 is the first). */
export const retryDelaySeconds = (attempt: number) => RETRY_DELAYS[Math.min(attempt, RETRY_DELAYS.length) - 1];
