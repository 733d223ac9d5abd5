import { z } from 'zod';
import { CONTRACT_TYPES } from '../../../domain/inventory';
import { CURRENCIES } from '../../../domain/money';
import { MAX_PAYMENTS, MAX_PERIOD_MONTHS } from '../../../domain/paymentSchedule';
import { CONTRACT_LANGUAGES, DEFAULT_PAYMENT_PERCENT, PAYMENT_TYPES, SALE_STATUSES } from '../../../domain/sales';
import { formBoolean, formIdList, listOf, percentValue, requiredText, V } from '../../../domain/validation';
import { PROPERTY_STATES, PROPERTY_TYPES } from '../../../domain/inventory';
import { listQuery } from '../../core/paging';
import {
  blankIsNull,
  oneOf,
  optionalDate,
  optionalMoney,
  optionalText,
  optionalWhole,
  optionalId,
  percent,
  positiveMoney,
  queryId,
  requiredDate,
  requiredId,
  requiredWhole,
} from '../../core/fields';

/** The request fields of the sales calls (contract "Sales"); messages are catalogue keys. */

const propertyIds = () => formIdList().pipe(z.array(z.number()).min(1, { error: 'sale_rules.no_units' }));

const editable = {
  contract_no: optionalText(100),
  customer_id: requiredId(),
  agent_id: optionalId(),
  agent_fee_percent: percent().optional(),
  minimum_income_percent: percent().optional(),
  contract_type: oneOf(CONTRACT_TYPES),
  payment_type: oneOf(PAYMENT_TYPES),
  contract_language: oneOf(CONTRACT_LANGUAGES),
  contract_start_date: requiredDate(),
  contract_end_date: optionalDate(),
  user_id: optionalId(),
  activity_type: optionalText(255),
  note: optionalText(5000),
  renovation_price: optionalMoney(),
};

export const createSaleBody = z.object({
  ...editable,
  property_ids: propertyIds(),
  price: positiveMoney(),
  currency: oneOf(CURRENCIES),
  first_payment_date: optionalDate(),
  period_months: optionalWhole(1, MAX_PERIOD_MONTHS),
  payments_count: optionalWhole(1, MAX_PAYMENTS),
  formula: optionalText(500),
  pre_sale_booking_id: optionalId(),
});
export type SaleInput = z.output<typeof createSaleBody>;

export const updateSaleBody = z
  .object({ ...editable, customer_change_date: optionalDate(), customer_change_reason: optionalText(2000) })
  .partial();
export type SaleChangeInput = z.output<typeof updateSaleBody>;

export const updatePropertiesBody = z.object({
  property_ids: propertyIds(),
  price: positiveMoney(),
  keep_paid: formBoolean(),
  first_payment_date: requiredDate(),
  period_months: requiredWhole(1, MAX_PERIOD_MONTHS),
  payments_count: requiredWhole(1, MAX_PAYMENTS),
  formula: optionalText(500),
});
export type PropertiesChangeInput = z.output<typeof updatePropertiesBody>;

export const cancelBody = z.object({ date: requiredDate(), reason: requiredText(2000) });

export const agentFeeBody = z.object({ status: z.enum(['paid', 'must_paid'], { error: V.invalidValue }) });

const id = queryId;
const flag = () => formBoolean().optional();
const day = optionalDate;

/** The sales list's filter fields (use_current_page is the browser's own). */
export const salesQuery = listQuery.extend({
  id: id().optional(),
  contract_no: z.string().trim().max(100).optional(),
  property_num: z.string().trim().max(50).optional(),
  building_ids: listOf(id()),
  customer_id: id().optional(),
  customer_country: z.string().trim().max(100).optional(),
  customer_citizen: z.string().trim().max(100).optional(),
  agent_id: id().optional(),
  payment_ccy: listOf(oneOf(CURRENCIES)),
  sale_statuses: listOf(oneOf(SALE_STATUSES)),
  renovation_statuses: listOf(z.enum(['paid', 'debt', 'none'], { error: V.invalidValue })),
  contract_type: oneOf(CONTRACT_TYPES).optional(),
  block: id().optional(),
  contract_start_date_from: day(),
  contract_start_date_to: day(),
  first_installment_date_from: day(),
  first_installment_date_to: day(),
  // sales with an installment still to pay falling due in the period (the home page's "due today" and "in 7 days")
  installment_due_from: day(),
  installment_due_to: day(),
  adding_date_from: day(),
  adding_date_to: day(),
  activity_type: z.string().trim().max(255).optional(),
  info_source: z.string().trim().max(255).optional(),
  property_state: oneOf(PROPERTY_STATES).optional(),
  property_type: oneOf(PROPERTY_TYPES).optional(),
  has_payments: flag(),
  has_docs: flag(),
  owner: z.enum(['individual', 'company'], { error: V.invalidValue }).optional(),
  contract_lang: oneOf(CONTRACT_LANGUAGES).optional(),
  // Used without a value (`payment_percent=`) it means 10; otherwise 0 up to but not including 100
  payment_percent: z
    .preprocess((v) => (blankIsNull(v) === null ? DEFAULT_PAYMENT_PERCENT : v), percentValue())
    .optional(),
  with_multiple_properties: flag(),
  customer_birth_date: day(),
  customer_has_phone: flag(),
  customer_has_email: flag(),
  cancellation_candidate: flag(),
  user_id: id().optional(),
});
export type SalesQuery = z.output<typeof salesQuery>;

/** Trashed sales: the same filters plus the cancellation date range. */
export const trashedQuery = salesQuery.extend({ cancellation_date_from: day(), cancellation_date_to: day() });
export type TrashedQuery = z.output<typeof trashedQuery>;

export const historiesQuery = listQuery.extend({ sale_id: id().optional() });

export const monthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: V.wrongFormat })
    .optional(),
});
