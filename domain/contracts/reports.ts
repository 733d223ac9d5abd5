import { z } from 'zod';

/**
 * The reports' answers: every report is `{data: {rows, totals, filters}}`. Money is in the currency of
 * presentation, each record converted at its own stored rate and rounded to the cent before it is added, so every
 * total is the sum of its rows to the cent.
 */

/**
 * The filters a report was computed with, after defaults and a reversed period swapped (written at the top of exports).
 */
export const reportFiltersSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  year: z.number(),
  currency: z.enum(['GEL', 'USD', 'EUR']),
  building_ids: z.array(z.number()),
  block_ids: z.array(z.number()),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

const report = <R extends z.ZodRawShape, T extends z.ZodRawShape>(row: R, totals: T) =>
  z.object({ rows: z.array(z.object(row)), totals: z.object(totals), filters: reportFiltersSchema });

const money = z.number();
const count = z.number();

/** POST /reporting: per complex, its units by current status and its sales and receipts in the period. */
const unitCounts = {
  units_total: count,
  free: count,
  pre_booked: count,
  booked: count,
  sold: count,
  barter: count,
  not_for_sale: count,
  sales_count: count,
  sales_value: money,
  received: money,
};
export const overviewReportSchema = report(
  { building_id: z.number(), building_name: z.string(), ...unitCounts },
  unitCounts,
);
export type OverviewReport = z.infer<typeof overviewReportSchema>;

/** GET /reporting/getYearsRange: the years that hold sales, installments or payments (and this year). */
export const yearsRangeSchema = z.object({
  rows: z.array(z.object({ year: z.number() })),
  totals: z.object({ from: z.number(), to: z.number() }),
});
export type YearsRange = z.infer<typeof yearsRangeSchema>;

/** POST /reporting/manager-report: per responsible manager, the sales signed and the money received in the period. */
const managerFigures = { sales_count: count, units: count, area: money, sales_value: money, received: money };
export const managerReportSchema = report(
  { user_id: z.number().nullable(), user_name: z.string().nullable(), ...managerFigures },
  managerFigures,
);
export type ManagerReport = z.infer<typeof managerReportSchema>;

/** POST /reporting/revenue-by-scheduler: per month, what the schedules asked, what of it is paid, and what came in. */
const schedulerFigures = { scheduled: money, paid_of_scheduled: money, received: money, difference: money };
export const revenueBySchedulerSchema = report({ month: z.string(), ...schedulerFigures }, schedulerFigures);
export type RevenueByScheduler = z.infer<typeof revenueBySchedulerSchema>;

/** POST /reporting/monthlyReporting: receipts per month, as received in each currency and converted. */
const monthlyFigures = { count, gel: money, usd: money, eur: money, total: money };
export const monthlyReportSchema = report({ month: z.string(), ...monthlyFigures }, monthlyFigures);
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

/** GET /reporting/pie/{year}: the units by how they were taken that year, and the units free now. */
export const pieReportSchema = report({ status: z.string(), count, area: money }, { count, area: money });
export type PieReport = z.infer<typeof pieReportSchema>;

/**
 * POST /reporting/getFinanceSummaryReport:
 * per complex, the live sales signed in the period and where their money stands.
 */
const financeFigures = {
  sales_count: count,
  contract_value: money,
  received: money,
  receivable: money,
  overdue: money,
};
export const financeSummarySchema = report(
  { building_id: z.number(), building_name: z.string(), ...financeFigures },
  financeFigures,
);
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

/** POST /sales/getReport: live sales per month of their contract date. */
const salesFigures = { count, units: count, area: money, value: money };
export const salesReportSchema = report({ month: z.string(), ...salesFigures }, salesFigures);
export type SalesReport = z.infer<typeof salesReportSchema>;

/** POST /payment-scheduler/forReporting: installments per month of their due date. */
const installmentFigures = { count, amount: money, paid: money, remaining: money, overdue: money };
export const installmentsReportSchema = report({ month: z.string(), ...installmentFigures }, installmentFigures);
export type InstallmentsReport = z.infer<typeof installmentsReportSchema>;

/**
 * POST /sales/bookings-report:
 * bookings and reservations begun in the period, by status (a converted reservation became a sale).
 */
export const bookingsReportSchema = report(
  { kind: z.enum(['booking', 'reservation']), status: z.string(), count, value: money },
  { count, value: money },
);
export type BookingsReport = z.infer<typeof bookingsReportSchema>;

/** POST /payments/forReporting: receipts per complex and currency received. */
export const paymentsReportSchema = report(
  {
    building_id: z.number(),
    building_name: z.string(),
    currency: z.string(),
    count,
    amount: money,
    converted: money,
  },
  { count, converted: money },
);
export type PaymentsReport = z.infer<typeof paymentsReportSchema>;

/**
 * POST /reporting/cash-flow: the next 12 months; what the schedules still ask, and what history says will come in
 * (each complex's share of installments paid on time in the last 12 months); the overdue still open is apart.
 */
export const cashFlowSchema = z.object({
  rows: z.array(z.object({ month: z.string(), scheduled: money, expected: money })),
  totals: z.object({ scheduled: money, expected: money, overdue_open: money }),
  complexes: z.array(
    z.object({
      building_id: z.number(),
      building_name: z.string(),
      on_time_share: z.number(),
      scheduled: money,
      expected: money,
      overdue_open: money,
    }),
  ),
  filters: reportFiltersSchema,
});
export type CashFlow = z.infer<typeof cashFlowSchema>;

/** The answer of each report the screens show, by name (the calls are in domain/reports.ts). */
export interface ReportAnswers {
  overview: OverviewReport;
  managers: ManagerReport;
  revenue: RevenueByScheduler;
  monthly: MonthlyReport;
  finance: FinanceSummary;
  cashflow: CashFlow;
  sales: SalesReport;
  installments: InstallmentsReport;
  deals: BookingsReport;
  payments: PaymentsReport;
  units: PieReport;
}
export type ReportName = keyof ReportAnswers;

/** What a screen asks a report with (all optional; the server fills the defaults). */
export interface ReportRequest {
  date_from?: string;
  date_to?: string;
  year?: number;
  currency?: 'GEL' | 'USD' | 'EUR';
  building_ids?: number[];
  block_ids?: number[];
}

const dueFigures = z.object({ count, amount: money });
/** GET /reporting/dashboard: the home page's cards, in the user's scope and the currency asked. */
export const dashboardSchema = z.object({
  /** The day the figures are counted on (the server's today). */
  today: z.string(),
  due_today: dueFigures,
  due_week: dueFigures.extend({ until: z.string() }),
  overdue: z.object({
    sales: count,
    amount: money,
    aging: z.array(z.object({ bucket: z.string(), amount: money })),
  }),
  receipts: z.object({ this_month: money, last_month: money }),
  free_units: z.array(z.object({ building_id: z.number(), building_name: z.string(), free: count, units: count })),
  /** This month's sale targets of the managers in scope against the contracts they signed, per target currency. */
  targets: z.array(
    z.object({ currency: z.string(), amount: money, achieved: money, achievement_percent: z.number().nullable() }),
  ),
  filters: reportFiltersSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
