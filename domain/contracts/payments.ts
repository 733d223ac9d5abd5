import { z } from 'zod';

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

/** POST /invoices: the invoice just issued. */
export const issuedInvoiceSchema = z.object({ id: z.number(), number: z.string() });
export type IssuedInvoice = z.infer<typeof issuedInvoiceSchema>;

/** POST /currency-rates/fetch: how many rates were fetched. */
export const fetchedRatesSchema = z.object({ fetched: z.number() });
export type FetchedRates = z.infer<typeof fetchedRatesSchema>;
