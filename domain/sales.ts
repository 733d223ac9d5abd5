/** The vocabularies of sales and their payments, shared by the server and the browser. */

export const SALE_STATUSES = ['active', 'overdue', 'completed', 'canceled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** How the customer pays (GET /sales/payment-types). */
export const PAYMENT_TYPES = ['bank_transfer', 'cash', 'card', 'bank_loan'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The languages a contract can be drawn up in (GET /sales/getContractLanguages). */
export const CONTRACT_LANGUAGES = ['ka', 'en', 'ru'] as const;
export type ContractLanguage = (typeof CONTRACT_LANGUAGES)[number];

/** What a payment pays for: the sale itself or its renovation package. */
export const PAYMENT_MODES = ['sale', 'renovation'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The agent's fee falls due (must_paid) once the customer has paid the minimum income percent. */
export const AGENT_FEE_STATUSES = ['not_due', 'must_paid', 'paid'] as const;
export type AgentFeeStatus = (typeof AGENT_FEE_STATUSES)[number];

/** Where a payment came from. */
export const PAYMENT_SOURCES = ['manual', 'import', 'bank_statement'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** What a sale history entry records. */
export const SALE_HISTORY_ACTIONS = [
  'created',
  'updated',
  'customer_changed',
  'properties_changed',
  'schedule_changed',
  'payment_added',
  'payment_changed',
  'payment_deleted',
  'agent_fee_changed',
  'canceled',
  'cancellation_notice',
  'imported',
] as const;
export type SaleHistoryAction = (typeof SALE_HISTORY_ACTIONS)[number];

/** The default of the sales list's payment_percent filter. */
export const DEFAULT_PAYMENT_PERCENT = 10;
