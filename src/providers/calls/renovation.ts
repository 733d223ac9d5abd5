import type { Identifier } from 'react-admin';
import type {
  Container,
  ContainerDetail,
  ContainerPayment,
  ContainerSale,
  ContainerSaleInfo,
  RenovationBalance,
  RenovationTotals,
} from '../../../domain/contracts/containers';
import type { PlannedInstallment } from '../../../domain/contracts/paymentSchedules';
import type { PaymentCalculation } from '../../../domain/contracts/payments';
import { api } from '../httpClient';
import { dataOf, done, listQuery } from './answers';

/** Services and renovation containers: every money call goes through the sale ledger on the server. */
export const renovationCalls = {
  containerSales: (query?: string) =>
    dataOf(
      api<{ data: ContainerSale[] }>('/containers/getSales', {
        query: new URLSearchParams(query ? { query } : {}),
      }),
    ),
  containerSaleInfo: (saleId: Identifier) =>
    dataOf(api<{ data: ContainerSaleInfo }>('/containers/getSaleInfo', { method: 'POST', body: { sale_id: saleId } })),
  addContainer: (container: Record<string, unknown>) =>
    dataOf(api<{ data: ContainerDetail }>('/containers', { method: 'POST', body: container })),
  saleContainers: (saleId: Identifier) =>
    dataOf(
      api<{ data: Container[] }>('/containers', {
        query: new URLSearchParams({ sale_id: String(saleId), perpage: '50', sort: 'id', order: 'asc' }),
      }),
    ),
  container: (containerId: Identifier) => dataOf(api<{ data: ContainerDetail }>(`/containers/${containerId}`)),
  deleteContainer: (containerId: Identifier) => done(api(`/containers/${containerId}`, { method: 'DELETE' })),
  previewRenovationPayment: (payment: {
    container_id: Identifier;
    amount: number;
    currency: string;
    paid_on: string;
  }) => dataOf(api<{ data: PaymentCalculation }>('/containers/calculatePayment', { method: 'POST', body: payment })),
  /** POST /containers/pay with an Idempotency-Key, one per opened dialog, like POST /payments/pay. */
  payRenovation: (payment: Record<string, unknown>, idempotencyKey: string) =>
    api<{ data: ContainerPayment } & RenovationBalance>('/containers/pay', {
      method: 'POST',
      body: payment,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  deleteRenovationPayment: (paymentId: Identifier) =>
    done(api(`/containers/deletePayment/${paymentId}`, { method: 'DELETE' })),
  replaceRenovationSchedule: (saleId: Identifier, terms: Record<string, unknown>) =>
    api<{ data: PlannedInstallment[]; message: string }>(`/sales/${saleId}/renovation/payment-schedule`, {
      method: 'POST',
      body: terms,
    }),
  /**
   * GET /containers/payments: a page of renovation payments (perpage 0: all) and the totals per currency of the filter.
   */
  renovationPayments: (filter: Record<string, unknown>, page = 1, perPage = 0) =>
    api<{ data: ContainerPayment[]; meta: { total: number; totals: RenovationTotals } }>('/containers/payments', {
      query: listQuery({ filter, pagination: { page, perPage } }),
    }),
};
