import { z } from 'zod';
import { CONTAINER_STATUSES, SERVICE_UNITS } from '../services';

/** One service line of a container. */
export const containerItemSchema = z.object({
  id: z.number(),
  service_id: z.number(),
  service_name: z.string(),
  unit: z.enum(SERVICE_UNITS),
  property_id: z.number().nullable(),
  property_number: z.string().nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
});

/** One installment of a container's (renovation) schedule, as the ledger filled it. */
export const containerInstallmentSchema = z.object({
  id: z.number(),
  number: z.number(),
  due_date: z.string(),
  amount: z.number(),
  paid: z.number(),
  status: z.enum(['paid', 'partial', 'unpaid', 'late']),
});

/** One renovation payment (GET /containers/{id}'s payments, GET /containers/payments, POST /containers/pay). */
export const containerPaymentSchema = z.object({
  id: z.number(),
  container_id: z.number().nullable(),
  sale_id: z.number(),
  contract_no: z.string(),
  customer_name: z.string(),
  building_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  rate: z.string(),
  credited: z.number(),
  sale_currency: z.string(),
  paid_on: z.string(),
  note: z.string().nullable(),
  voided: z.boolean(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type ContainerPayment = z.infer<typeof containerPaymentSchema>;

/** A row of GET /containers. */
export const containerSchema = z.object({
  id: z.number(),
  sale_id: z.number(),
  contract_no: z.string(),
  customer_name: z.string(),
  building_id: z.number(),
  building_name: z.string(),
  currency: z.string(),
  price: z.number(),
  paid: z.number(),
  debt: z.number(),
  status: z.enum(CONTAINER_STATUSES),
  first_payment_date: z.string(),
  period_months: z.number(),
  payments_count: z.number(),
  formula: z.string().nullable(),
  note: z.string().nullable(),
  services: z.string(),
  created_at: z.string(),
});
export type Container = z.infer<typeof containerSchema>;

/** GET /containers/{id}: the container with its services, schedule and payments. */
export const containerDetailSchema = containerSchema.extend({
  items: z.array(containerItemSchema),
  installments: z.array(containerInstallmentSchema),
  payments: z.array(containerPaymentSchema),
});
export type ContainerDetail = z.infer<typeof containerDetailSchema>;

/** GET /containers/getSales: a live sale in the user's complexes that may take a container. */
export const containerSaleSchema = z.object({
  id: z.number(),
  contract_no: z.string(),
  customer_name: z.string(),
  building_name: z.string(),
  currency: z.string(),
});

export type ContainerSale = z.infer<typeof containerSaleSchema>;

/** POST /containers/getSaleInfo: a sale's units, the services offered in its complex and what is already ordered. */
export const containerSaleInfoSchema = z.object({
  sale: containerSaleSchema.extend({ building_id: z.number() }),
  units: z.array(
    z.object({
      id: z.number(),
      number: z.string(),
      area: z.number(),
      state: z.string(),
      block_name: z.string().nullable(),
    }),
  ),
  services: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      unit: z.enum(SERVICE_UNITS),
      price: z.number(),
      currency: z.string(),
      /** The price in the sale's currency at today's NBG rate (what a container line is charged). */
      sale_price: z.number(),
    }),
  ),
  ordered: z.array(containerItemSchema.extend({ container_id: z.number() })),
});
export type ContainerSaleInfo = z.infer<typeof containerSaleInfoSchema>;

/** The container and sale after a renovation payment was recorded or deleted. */
export const renovationBalanceSchema = z.object({
  container: z.object({ id: z.number(), status: z.enum(CONTAINER_STATUSES), paid: z.number(), debt: z.number() }),
  sale: z.object({
    id: z.number(),
    status: z.string(),
    renovation_price: z.number(),
    renovation_paid: z.number(),
    renovation_debt: z.number(),
  }),
});
export type RenovationBalance = z.infer<typeof renovationBalanceSchema>;

/** GET /containers/payments' totals: what was received per currency, over every page of the filter. */
export const renovationTotalsSchema = z.array(
  z.object({ currency: z.string(), amount: z.number(), count: z.number() }),
);
export type RenovationTotals = z.infer<typeof renovationTotalsSchema>;
