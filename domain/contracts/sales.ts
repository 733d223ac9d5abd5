import { z } from 'zod';
import { INSTALLMENT_STATUSES } from '../ledger';
import { AGENT_FEE_STATUSES, PAYMENT_MODES, SALE_HISTORY_ACTIONS, SALE_STATUSES } from '../sales';
import { choiceSchema } from './lookups';
import { targetAchievementSchema } from './bonuses';
import { messagesWrittenSchema } from './customerMessages';

/** GET /sales/totals: how many sales the filters keep, and their sums per currency. */
export const saleTotalsSchema = z.object({
  count: z.number(),
  by_currency: z.array(
    z.object({
      currency: z.string(),
      count: z.number(),
      price: z.number(),
      paid_total: z.number(),
      remaining: z.number(),
      amount_overdue: z.number(),
    }),
  ),
});
export type SaleTotals = z.infer<typeof saleTotalsSchema>;

/** One row of GET /sales/sale-histories. */
export const saleHistoryRowSchema = z.object({
  id: z.number(),
  sale_id: z.number(),
  action: z.enum(SALE_HISTORY_ACTIONS),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  reason: z.string().nullable(),
  effective_date: z.string().nullable(),
  created_at: z.string(),
});
export type SaleHistoryRow = z.infer<typeof saleHistoryRowSchema>;

/** One sale of POST /sales/getSalesByCustomer. */
export const customerSaleSchema = z.object({
  id: z.number(),
  contract_no: z.string(),
  status: z.string(),
  building_name: z.string(),
  properties: z.array(z.object({ no: z.string() })),
  price: z.number(),
  paid_total: z.number(),
  currency: z.string(),
  contract_start_date: z.string(),
});
export type CustomerSale = z.infer<typeof customerSaleSchema>;

/** One unit of a sale: its share of the price is `price`. */
export const saleUnitSchema = z.object({
  id: z.number(),
  no: z.string(),
  floor: z.number(),
  area: z.number(),
  block_name: z.string().nullable(),
  type: z.string(),
  state: z.string(),
  price: z.number(),
});
export type SaleUnit = z.infer<typeof saleUnitSchema>;

/** A sale as GET /sales lists it (and GET /sales/trashed); a cancelled sale owes nothing next and nothing late. */
export const saleSchema = z.object({
  id: z.number(),
  contract_no: z.string(),
  status: z.enum(SALE_STATUSES),
  building_id: z.number(),
  building_name: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_personal_number: z.string().nullable(),
  customer_phone: z.string().nullable(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  agent_fee_percent: z.number(),
  agent_fee_amount: z.number(),
  agent_fee_status: z.enum(AGENT_FEE_STATUSES),
  agent_is_paid: z.boolean(),
  minimum_income_percent: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  /** GEL per unit of the sale's currency on the contract date, as the database's decimal text. */
  currency_rate: z.string().nullable(),
  paid_total: z.number(),
  remaining: z.number(),
  paid_percent: z.number(),
  contract_type: z.string(),
  payment_type: z.string(),
  contract_language: z.string(),
  contract_start_date: z.string(),
  contract_end_date: z.string().nullable(),
  first_payment_date: z.string().nullable(),
  period_months: z.number(),
  payments_count: z.number(),
  formula: z.string().nullable(),
  activity_type: z.string().nullable(),
  note: z.string().nullable(),
  renovation_price: z.number(),
  renovation_paid: z.number(),
  renovation_debt: z.number(),
  pre_sale_booking_id: z.number().nullable(),
  properties: z.array(saleUnitSchema),
  next_due_date: z.string().nullable(),
  next_due_amount: z.number().nullable(),
  days_late: z.number(),
  amount_overdue: z.number(),
  customer_change_date: z.string().nullable(),
  customer_change_reason: z.string().nullable(),
  cancellation_date: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

/** An installment of a sale's schedule and its status today. */
export const saleInstallmentSchema = z.object({
  id: z.number(),
  number: z.number(),
  due_date: z.string(),
  amount: z.number(),
  paid: z.number(),
  remaining: z.number(),
  status: z.enum(INSTALLMENT_STATUSES),
});
export type SaleInstallment = z.infer<typeof saleInstallmentSchema>;

/** A payment recorded on a sale (voided ones too); `rate` is the decimal text of the conversion rate. */
export const salePaymentSchema = z.object({
  id: z.number(),
  mode: z.enum(PAYMENT_MODES),
  amount: z.number(),
  currency: z.string(),
  rate: z.string(),
  credited: z.number(),
  paid_on: z.string(),
  note: z.string().nullable(),
  source: z.string(),
  voided: z.boolean(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type SalePayment = z.infer<typeof salePaymentSchema>;

/** GET /sales/{id} and what every sale write answers: the sale with its schedule, payments and files count. */
export const saleDetailSchema = saleSchema.extend({
  installments: z.array(saleInstallmentSchema),
  payments: z.array(salePaymentSchema),
  files_count: z.number(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/** GET /sales/brief-info/{id}: the short form of a sale. */
export const saleBriefSchema = saleSchema
  .pick({
    id: true,
    contract_no: true,
    status: true,
    customer_id: true,
    customer_name: true,
    building_name: true,
    price: true,
    currency: true,
    paid_total: true,
    remaining: true,
    next_due_date: true,
    next_due_amount: true,
  })
  .extend({ properties: z.array(saleUnitSchema.pick({ id: true, no: true })) });
export type SaleBrief = z.infer<typeof saleBriefSchema>;

/** One manager of GET /sales/with-targets: the month's sales per currency and the month's target. */
export const managerMonthSalesSchema = z.object({
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  sales_count: z.number(),
  by_currency: z.array(z.object({ currency: z.string(), price: z.number() })),
  target: targetAchievementSchema.nullable(),
});
export type ManagerMonthSales = z.infer<typeof managerMonthSalesSchema>;

/** The choices of GET /sales/payment-types and GET /sales/getContractLanguages. */
export const saleChoicesSchema = z.array(choiceSchema);

/** One row of GET /overdue-sales: a sale with something late, and the cancellation notices it was sent. */
export const overdueSaleSchema = z.object({
  id: z.number(),
  contract_no: z.string(),
  status: z.string(),
  building_id: z.number(),
  building_name: z.string(),
  properties: z.array(saleUnitSchema),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_personal_number: z.string().nullable(),
  customer_phone: z.string().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  paid_total: z.number(),
  remaining: z.number(),
  contract_start_date: z.string(),
  next_due_date: z.string().nullable(),
  days_late: z.number(),
  amount_overdue: z.number(),
  oldest_due_date: z.string().nullable(),
  notices_count: z.number(),
  last_notice_at: z.string().nullable(),
});
export type OverdueSale = z.infer<typeof overdueSaleSchema>;

/** POST /overdue-sales (201): the cancellation notice recorded and the customer messages written for it. */
export const cancellationNoticeSchema = z.object({
  messages: messagesWrittenSchema,
  data: z.object({
    id: z.number(),
    sale_id: z.number(),
    days_late: z.number(),
    amount_overdue: z.number(),
    oldest_due_date: z.string().nullable(),
    note: z.string().nullable(),
    created_by_name: z.string(),
    created_at: z.string(),
  }),
});
export type CancellationNotice = z.infer<typeof cancellationNoticeSchema>;
