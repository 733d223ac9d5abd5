import type { Identifier } from 'react-admin';
import type {
  FetchedRates,
  InvoiceDetails,
  IssuedInvoice,
  PaymentCalculation,
} from '../../../domain/contracts/payments';
import { api } from '../httpClient';
import { dataOf, done } from './answers';

/** Payments and invoices. */
export const paymentCalls = {
  previewPayment: (payment: { sale_id: Identifier; amount: number; currency: string; paid_on: string; mode: string }) =>
    dataOf(api<{ data: PaymentCalculation }>('/payments/calculatePayment', { method: 'POST', body: payment })),
  /** POST /payments/pay with an Idempotency-Key: one per opened dialog, so a repeated click records once. */
  recordPayment: (payment: Record<string, unknown>, idempotencyKey: string) =>
    done(api('/payments/pay', { method: 'POST', body: payment, headers: { 'Idempotency-Key': idempotencyKey } })),
  correctPayment: (paymentId: Identifier, payment: Record<string, unknown>) =>
    done(api(`/payments/${paymentId}`, { method: 'PUT', body: payment })),
  deletePayment: (payment: { id: Identifier; mode: string }, saleId: Identifier) =>
    done(api(`/payments/${payment.mode}/${payment.id}/${saleId}`, { method: 'DELETE' })),
  issueInvoice: (subject: {
    saleId: Identifier;
    installmentId?: Identifier;
    renovation?: boolean;
    containerInstallmentId?: Identifier;
  }) =>
    dataOf(
      api<{ data: IssuedInvoice }>('/invoices', {
        method: 'POST',
        body: {
          sale_id: subject.saleId,
          ...(subject.renovation ? { mode: 'renovation' } : {}),
          ...(subject.installmentId ? { installment_id: subject.installmentId } : {}),
          ...(subject.containerInstallmentId ? { container_installment_id: subject.containerInstallmentId } : {}),
        },
      }),
    ),
  /** GET /invoices/{id}: the invoice as printed (the list's rows hold less, so the print page asks for it itself). */
  invoice: (invoiceId: Identifier) => dataOf(api<{ data: InvoiceDetails }>(`/invoices/${invoiceId}`)),
  fetchCurrencyRates: (period: { date_from: string; date_to: string }) =>
    dataOf(api<{ data: FetchedRates }>('/currency-rates/fetch', { method: 'POST', body: period })),
};
