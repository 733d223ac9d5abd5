import type { Sale, SaleDetail, SaleUnit } from '../../../domain/contracts/sales';
export type { SaleHistoryRow, SalePayment, SaleTotals, SaleUnit } from '../../../domain/contracts/sales';

/** A sale as the list rows answer it; the record page's answer adds its schedule, payments and files count. */
export type SaleRecord = Sale & Partial<Pick<SaleDetail, 'installments' | 'payments' | 'files_count'>>;

/** '№12 (A)': how the sale screens name a unit. */
export const unitName = (u: Pick<SaleUnit, 'no' | 'block_name'>) =>
  `№${u.no}${u.block_name ? ` (${u.block_name})` : ''}`;
