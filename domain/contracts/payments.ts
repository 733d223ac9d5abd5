import { PAYMENT_MODES, SALE_STATUSES } from '../sales';
import { z } from 'zod';
import { salePaymentSchema } from './sales';

/** POST /payments/calculatePayment: what a payment would do to a sale, before it is recorded. */
export const paymentCalculationSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  sale_currency: z.string(),
  rate: z.string(),
  rate_date: z.string().nullable(),
  credited: z.number(),
  remaining_before: z.number(),
  remaining_after: z.number(),
  overpaid: z.number(),
  covers: z.array(
    z.object({
      installment_id: z.number(),
      number: z.number(),
      due_date: z.string(),
      covers: z.number(),
      remaining_after: z.number(),
    }),
  ),
});
export type PaymentCalculation = z.infer<typeof paymentCalculationSchema>;

/** POST /invoices: the invoice just issued, or (reused: true) the unpaid one already issued for the same amount. */
export const issuedInvoiceSchema = z.object({ id: z.number(), number: z.string(), reused: z.boolean().optional() });
export type IssuedInvoice = z.infer<typeof issuedInvoiceSchema>;

const bankAccountDetailsSchema = z.object({
  bank_name: z.string(),
  bank_code: z.string().nullable(),
  iban: z.string().nullable(),
  iban_usd: z.string().nullable(),
  iban_eur: z.string().nullable(),
  mediator_bank_usd: z.string().nullable(),
  mediator_bank_eur: z.string().nullable(),
  block_name: z.string().nullable(),
});

/** GET /invoices/{id} (and POST /invoices): everything the printed invoice shows. */
export const invoiceDetailsSchema = z.object({
  id: z.number(),
  number: z.string(),
  reused: z.boolean().optional(),
  issued_on: z.string(),
  due_date: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  note: z.string().nullable(),
  /** 'renovation': for the sale's renovation package; `sale`'s price, paid and remaining are then the renovation's. */
  mode: z.enum(PAYMENT_MODES),
  sale: z.object({
    id: z.number(),
    contract_no: z.string(),
    price: z.number(),
    paid_total: z.number(),
    remaining: z.number(),
  }),
  installment: z.object({ number: z.number(), due_date: z.string(), amount: z.number(), paid: z.number() }).nullable(),
  customer: z.object({
    name: z.string(),
    personal_number: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  building: z.object({
    name: z.string(),
    address: z.string().nullable(),
    company_name: z.string().nullable(),
    company_id: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  properties: z.array(
    z.object({
      no: z.string(),
      floor: z.number().nullable(),
      area: z.number().nullable(),
      block_name: z.string().nullable(),
    }),
  ),
  bank_accounts: z.array(bankAccountDetailsSchema),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;
export type BankAccountDetails = InvoiceDetails['bank_accounts'][number];

/** POST /currency-rates/fetch: how many rates were fetched, for which days. */
export const fetchedRatesSchema = z.object({ fetched: z.number(), date_from: z.string(), date_to: z.string() });
export type FetchedRates = z.infer<typeof fetchedRatesSchema>;

/** One row of GET /payments, and the payment POST /payments/pay and PUT /payments/{id} answer. */
export const paymentSchema = salePaymentSchema.extend({
  sale_id: z.number(),
  contract_no: z.string(),
  customer_name: z.string(),
  building_name: z.string(),
  sale_currency: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The sale after a payment's write, beside the payment's answer. */
export const paidSaleSchema = z.object({
  id: z.number(),
  status: z.enum(SALE_STATUSES),
  paid_total: z.number(),
  remaining: z.number(),
});
export type PaidSale = z.infer<typeof paidSaleSchema>;

/** POST /payments/pay (201) and PUT /payments/{id}: the payment and its sale after it. */
export const paymentWrittenSchema = z.object({ data: paymentSchema, sale: paidSaleSchema });
export type PaymentWritten = z.infer<typeof paymentWrittenSchema>;

/** DELETE /payments/{mode}/{payment_id}/{sale_id}: the message and the sale without the payment. */
export const paymentDeletedSchema = z.object({ message: z.string(), sale: paidSaleSchema });
export type PaymentDeleted = z.infer<typeof paymentDeletedSchema>;

/** A bank statement's import (201): payments recorded, sales they went to, and the sheet's rows already imported. */
export const statementImportedSchema = z.object({
  imported: z.number(),
  sales: z.number(),
  already_imported: z.array(z.number()),
});
export type StatementImported = z.infer<typeof statementImportedSchema>;

/** GET /currency/{ccy}/{date}: GEL per unit of the currency on a day, as decimal text, and the day it was set on. */
export const rateOfDaySchema = z.object({
  currency: z.string(),
  date: z.string(),
  rate: z.string(),
  rate_date: z.string(),
  source: z.string(),
});
export type RateOfDay = z.infer<typeof rateOfDaySchema>;

/** POST /currency/convert: an amount in another currency at the day's rates. */
export const conversionSchema = z.object({
  amount: z.number(),
  from: z.string(),
  to: z.string(),
  date: z.string(),
  rate: z.string(),
  result: z.number(),
});
export type Conversion = z.infer<typeof conversionSchema>;

/** A stored rate of GET /currency-rates; its id is 'USD:2026-03-01'. */
export const storedRateSchema = z.object({
  id: z.string(),
  currency: z.string(),
  date: z.string(),
  rate: z.string(),
  source: z.string(),
  created_at: z.string(),
});
export type StoredRate = z.infer<typeof storedRateSchema>;

/** One row of GET /invoices: an issued invoice, for an installment of the sale or of its renovation, or for neither. */
export const invoiceRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  sale_id: z.number(),
  contract_no: z.string(),
  customer_name: z.string(),
  building_name: z.string(),
  mode: z.enum(PAYMENT_MODES),
  installment_id: z.number().nullable(),
  container_installment_id: z.number().nullable(),
  installment_number: z.number().nullable(),
  amount: z.number(),
  currency: z.string(),
  issued_on: z.string(),
  due_date: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;
