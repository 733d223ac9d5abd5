import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingsReportSchema,
  cashFlowSchema,
  dashboardSchema,
  financeSummarySchema,
  installmentsReportSchema,
  managerReportSchema,
  monthlyReportSchema,
  overviewReportSchema,
  paymentsReportSchema,
  pieReportSchema,
  revenueBySchedulerSchema,
  salesReportSchema,
  yearsRangeSchema,
  type ReportFilters,
} from '../../../domain/contracts/reports';
import { fromMinor } from '../../../domain/money';
import { V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { dataAnswer } from '../../core/answers';
import { needs } from '../../core/types';
import { businessToday } from '../../../domain/businessDay';
import { cashFlow } from './cashFlow';
import { dashboard } from './dashboard';
import { sumOf } from './conversion';
import { reportFilterSchema, resolveFilters } from './filters';
import { dealsByStatus, financeSummary, installmentsByMonth, unitsOfYear, yearsRange } from './portfolioReports';
import { monthly, paymentsByComplex, revenueByScheduler } from './receiptsReports';
import { managers, overview, salesByMonth } from './salesReports';

const tags = ['reports'];
const access = needs('view_reports');

/** Rows in minor units → the answer: money as decimals, totals the sums of the rows (counts and money alike). */
function answer<R extends Record<string, unknown>, K extends keyof R & string>(
  rows: R[],
  filters: ReportFilters,
  money: readonly K[],
  counts: readonly K[],
) {
  const asNumbers = rows as unknown as Array<Record<K, number>>;
  const sums = sumOf(asNumbers, [...money, ...counts]);
  const totals = {} as Record<K, number>;
  for (const k of counts) totals[k] = sums[k];
  for (const k of money) totals[k] = fromMinor(sums[k]);
  const shown = rows.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const k of money) out[k] = fromMinor(r[k] as number);
    return out;
  });
  return { data: { rows: shown, totals, filters } } as never;
}

/**
 * Reporting calls, each under view_reports and the user's building scope. Every call takes
 * `{date_from, date_to, building_ids, block_ids, currency, year}` (a JSON body for POST, the query for GET) and answers
 * `{data: {rows, totals, filters}}`; the queries live in the report files beside this one.
 */
export default async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const post = (
    url: string,
    response: z.ZodType,
    run: (user: ReturnType<typeof currentUser>, f: ReportFilters, today: string) => Promise<unknown>,
  ) =>
    app.post(
      url,
      // a report only reads: the activity log skips it
      {
        config: { access, readOnly: true },
        schema: { tags, body: reportFilterSchema.optional(), response: dataAnswer(response) },
      },
      async (request) => {
        const today = businessToday();
        const result = await run(currentUser(request), resolveFilters(request.body ?? {}, today), today);
        return result as { data: unknown };
      },
    );

  post('/reporting', overviewReportSchema, async (user, f) =>
    answer(
      await overview(db, user, f),
      f,
      ['sales_value', 'received'],
      ['units_total', 'free', 'pre_booked', 'booked', 'sold', 'barter', 'not_for_sale', 'sales_count'],
    ),
  );

  app.get(
    '/reporting/getYearsRange',
    { config: { access }, schema: { tags, querystring: reportFilterSchema, response: dataAnswer(yearsRangeSchema) } },
    async (request) => {
      const today = businessToday();
      return { data: await yearsRange(db, currentUser(request), resolveFilters(request.query, today), today) };
    },
  );

  post('/reporting/manager-report', managerReportSchema, async (user, f) =>
    answer(await managers(db, user, f), f, ['area', 'sales_value', 'received'], ['sales_count', 'units']),
  );

  post('/reporting/revenue-by-scheduler', revenueBySchedulerSchema, async (user, f) =>
    answer(await revenueByScheduler(db, user, f), f, ['scheduled', 'paid_of_scheduled', 'received', 'difference'], []),
  );

  post('/reporting/monthlyReporting', monthlyReportSchema, async (user, f) =>
    answer(await monthly(db, user, f), f, ['gel', 'usd', 'eur', 'total'], ['count']),
  );

  app.get(
    '/reporting/pie/:year',
    {
      config: { access },
      schema: {
        tags,
        params: z.object({
          year: z.coerce
            .number({ error: V.invalidType })
            .int({ error: V.invalidType })
            .min(1900, { error: V.invalidType })
            .max(2200, { error: V.invalidType }),
        }),
        querystring: reportFilterSchema,
        response: dataAnswer(pieReportSchema),
      },
    },
    async (request) => {
      const today = businessToday();
      const year = request.params.year;
      const f = resolveFilters({ ...request.query, year }, today);
      return answer(await unitsOfYear(db, currentUser(request), f, year), f, ['area'], ['count']);
    },
  );

  post('/reporting/getFinanceSummaryReport', financeSummarySchema, async (user, f, today) =>
    answer(
      await financeSummary(db, user, f, today),
      f,
      ['contract_value', 'received', 'receivable', 'overdue'],
      ['sales_count'],
    ),
  );

  post('/reporting/cash-flow', cashFlowSchema, async (user, f, today) => {
    const flow = await cashFlow(db, user, f, today);
    const money = (m: number) => fromMinor(m);
    return {
      data: {
        rows: flow.rows.map((r) => ({ month: r.month, scheduled: money(r.scheduled), expected: money(r.expected) })),
        totals: {
          scheduled: money(flow.rows.reduce((a, r) => a + r.scheduled, 0)),
          expected: money(flow.rows.reduce((a, r) => a + r.expected, 0)),
          overdue_open: money(flow.overdueOpen),
        },
        complexes: flow.complexes.map((c) => ({
          ...c,
          scheduled: money(c.scheduled),
          expected: money(c.expected),
          overdue_open: money(c.overdue_open),
        })),
        filters: f,
      },
    };
  });

  app.get(
    '/reporting/dashboard',
    { config: { access }, schema: { tags, querystring: reportFilterSchema, response: dataAnswer(dashboardSchema) } },
    async (request) => {
      const today = businessToday();
      const f = resolveFilters(request.query, today);
      const d = await dashboard(db, currentUser(request), f, today);
      const money = (m: number) => fromMinor(m);
      return {
        data: {
          today,
          due_today: { ...d.due_today, amount: money(d.due_today.amount) },
          due_week: { ...d.due_week, amount: money(d.due_week.amount) },
          overdue: {
            ...d.overdue,
            amount: money(d.overdue.amount),
            aging: d.overdue.aging.map((a) => ({ ...a, amount: money(a.amount) })),
          },
          receipts: { this_month: money(d.receipts.this_month), last_month: money(d.receipts.last_month) },
          free_units: d.free_units,
          targets: d.targets.map((t) => ({ ...t, amount: money(t.amount), achieved: money(t.achieved) })),
          filters: f,
        },
      };
    },
  );

  post('/sales/getReport', salesReportSchema, async (user, f) =>
    answer(await salesByMonth(db, user, f), f, ['area', 'value'], ['count', 'units']),
  );

  post('/payment-scheduler/forReporting', installmentsReportSchema, async (user, f, today) =>
    answer(await installmentsByMonth(db, user, f, today), f, ['amount', 'paid', 'remaining', 'overdue'], ['count']),
  );

  post('/sales/bookings-report', bookingsReportSchema, async (user, f) =>
    answer(await dealsByStatus(db, user, f), f, ['value'], ['count']),
  );

  post('/payments/forReporting', paymentsReportSchema, async (user, f) => {
    const rows = await paymentsByComplex(db, user, f);
    // amounts in different currencies are not added: the total is the count and the converted sum
    const totals = {
      count: rows.reduce((a, r) => a + r.count, 0),
      converted: fromMinor(sumOf(rows, ['converted']).converted),
    };
    return {
      data: {
        rows: rows.map((r) => ({ ...r, amount: fromMinor(r.amount), converted: fromMinor(r.converted) })),
        totals,
        filters: f,
      },
    };
  });
}
