import { z } from 'zod';
import { SALE_HISTORY_ACTIONS } from '../sales';

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
