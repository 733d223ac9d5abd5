import type { Identifier } from 'react-admin';
import type { CustomerSale, SaleHistoryRow, SaleTotals } from '../../../domain/contracts/sales';
import type { DueTotals } from '../../../domain/contracts/paymentSchedules';
import { api } from '../httpClient';
import { dataOf, done, listQuery } from './answers';

/** The sale page's history loads this many entries at a time. */
export const SALE_HISTORY_PAGE = 50;

/** Sales. */
export const saleCalls = {
  saleTotals: (filter: Record<string, unknown>) =>
    dataOf(api<{ data: SaleTotals }>('/sales/totals', { query: listQuery({ filter }) })),
  /** The installments of the payment-schedules page under its filters, summed per currency. */
  dueTotals: (filter: Record<string, unknown>) =>
    dataOf(api<{ data: DueTotals }>('/payment-schedules/totals', { query: listQuery({ filter }) })),
  /** One page of a sale's history, newest first, with how many entries there are. */
  saleHistory: (saleId: Identifier, page = 1, perPage = SALE_HISTORY_PAGE) =>
    api<{ data: SaleHistoryRow[]; meta: { total: number } }>('/sales/sale-histories', {
      query: new URLSearchParams({ sale_id: String(saleId), page: String(page), perpage: String(perPage) }),
    }).then((answer) => ({ data: answer.data, total: answer.meta?.total ?? answer.data.length })),
  replaceSaleSchedule: (saleId: Identifier, terms: Record<string, unknown>) =>
    done(api('/sales/addPaymentSchedule', { method: 'POST', body: { sale_id: saleId, ...terms } })),
  changeSaleUnits: (saleId: Identifier, change: Record<string, unknown>) =>
    done(api(`/sales/${saleId}/update-properties`, { method: 'PATCH', body: change })),
  cancelSale: (saleId: Identifier, cancellation: { date: unknown; reason: unknown }) =>
    done(api(`/sales/${saleId}/delete-with-comment`, { method: 'POST', body: cancellation })),
  switchAgentFeeStatus: (saleId: Identifier) => done(api(`/sales/agentFeeStatus/${saleId}`, { method: 'PUT' })),
  customerSales: (customerId: Identifier) =>
    dataOf(
      api<{ data: CustomerSale[] }>('/sales/getSalesByCustomer', { method: 'POST', body: { customer_id: customerId } }),
    ),
  sendOverdueNotice: (saleId: Identifier, note?: string) =>
    done(api('/overdue-sales', { method: 'POST', body: { sale_id: saleId, ...(note ? { note } : {}) } })),
};
