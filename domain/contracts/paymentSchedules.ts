import { z } from 'zod';
import { CURRENCIES } from '../money';
import { INSTALLMENT_STATUSES } from '../ledger';
import { SALE_STATUSES } from '../sales';
import { saleInstallmentSchema } from './sales';

/** One row of GET /payment-schedules: an installment of a live sale, with what the accountant reads beside it. */
export const dueInstallmentSchema = z.object({
  id: z.number(),
  sale_id: z.number(),
  contract_no: z.string(),
  number: z.number(),
  due_date: z.string(),
  amount: z.number(),
  paid: z.number(),
  remaining: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(INSTALLMENT_STATUSES),
  /** Days since the due date of a late installment; 0 otherwise. */
  days_late: z.number(),
  building_id: z.number(),
  building_name: z.string().nullable(),
  customer_id: z.number(),
  customer_name: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
});
export type DueInstallment = z.infer<typeof dueInstallmentSchema>;

/** GET /payment-schedules/totals: the filtered installments summed per currency. */
export const dueTotalsSchema = z.object({
  by_currency: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      count: z.number(),
      amount: z.number(),
      paid: z.number(),
      remaining: z.number(),
      /** What the late installments among them still lack. */
      late: z.number(),
    }),
  ),
});
export type DueTotals = z.infer<typeof dueTotalsSchema>;

/** An installment of a schedule worked out but not yet kept (POST /getPaymentScheduler, a renovation's schedule). */
export const plannedInstallmentSchema = z.object({ number: z.number(), due_date: z.string(), amount: z.number() });
export type PlannedInstallment = z.infer<typeof plannedInstallmentSchema>;

/** POST /sales/addPaymentSchedule: the sale's status and paid total after its new schedule, and the schedule. */
export const scheduleReplacedSchema = z.object({
  sale_id: z.number(),
  status: z.enum(SALE_STATUSES),
  paid_total: z.number(),
  installments: z.array(saleInstallmentSchema),
});
export type ScheduleReplaced = z.infer<typeof scheduleReplacedSchema>;
