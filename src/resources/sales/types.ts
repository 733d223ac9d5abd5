import type { AgentFeeStatus, PaymentMode, SaleStatus } from '../../../domain/sales';
export type { SaleHistoryRow, SaleTotals } from '../../../domain/contracts/sales';

export interface SaleUnit {
  id: number;
  no: string;
  floor: number;
  area: number;
  block_name: string | null;
  type: string;
  state: string;
  price: number;
}

export type InstallmentStatus = 'paid' | 'partial' | 'unpaid' | 'late';

export interface Installment {
  id: number;
  number: number;
  due_date: string;
  amount: number;
  paid: number;
  remaining: number;
  status: InstallmentStatus;
}

export interface SalePayment {
  id: number;
  mode: PaymentMode;
  amount: number;
  currency: string;
  rate: string | null;
  credited: number;
  paid_on: string;
  note: string | null;
  source: string;
  voided: boolean;
  created_by_name: string | null;
  created_at: string;
}

/** The sale record of the API contract (GET /sales rows, GET /sales/{id}). */
export interface SaleRecord {
  id: number;
  contract_no: string;
  status: SaleStatus;
  building_id: number;
  building_name: string;
  customer_id: number;
  customer_name: string;
  customer_personal_number: string | null;
  customer_phone: string | null;
  agent_id: number | null;
  agent_name: string | null;
  agent_fee_percent: number | null;
  agent_fee_amount: number | null;
  agent_fee_status: AgentFeeStatus;
  agent_is_paid: boolean;
  minimum_income_percent: number | null;
  user_id: number | null;
  user_name: string | null;
  price: number;
  currency: string;
  currency_rate: string | null;
  paid_total: number;
  remaining: number;
  paid_percent: number;
  contract_type: string;
  payment_type: string;
  contract_language: string;
  contract_start_date: string;
  contract_end_date: string | null;
  first_payment_date: string;
  period_months: number;
  payments_count: number;
  formula: string | null;
  activity_type: string | null;
  note: string | null;
  renovation_price: number | null;
  renovation_paid: number | null;
  renovation_debt: number | null;
  pre_sale_booking_id: number | null;
  properties: SaleUnit[];
  next_due_date: string | null;
  next_due_amount: number | null;
  days_late: number;
  amount_overdue: number;
  customer_change_date: string | null;
  customer_change_reason: string | null;
  cancellation_date: string | null;
  cancellation_reason: string | null;
  created_at: string;
  updated_at: string;
  installments?: Installment[];
  payments?: SalePayment[];
  files_count?: number;
}

/** '№12 (A)': how the sale screens name a unit. */
export const unitName = (u: Pick<SaleUnit, 'no' | 'block_name'>) =>
  `№${u.no}${u.block_name ? ` (${u.block_name})` : ''}`;
