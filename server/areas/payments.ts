import type { FastifyInstance } from 'fastify';
import { currencyRoutes, fetchTodaysRates } from '../modules/currency';
import { invoicesRoutes } from '../modules/invoices';
import { overdueSalesRoutes, settleOverdueSales } from '../modules/overdueSales';
import { paymentSchedulesRoutes } from '../modules/paymentSchedules';
import { paymentsRoutes } from '../modules/payments';
import { businessToday } from '../../domain/businessDay';

/**
 * Registers the payments area's route plugins under /api: schedules, payments, currency rates, overdue sales,
 * invoices. Two jobs (core/jobs.ts): sales turn overdue (or back) as days pass, on start and daily; and, unless
 * CURRENCY_FETCH is off, today's USD and EUR rates come from NBG on start and every 6 hours.
 */
export default async function paymentsArea(app: FastifyInstance) {
  await app.register(paymentSchedulesRoutes);
  await app.register(paymentsRoutes);
  await app.register(currencyRoutes);
  await app.register(overdueSalesRoutes);
  await app.register(invoicesRoutes);

  app.jobs.define({
    name: 'overdue-sales',
    cron: '5 0 * * *',
    onStart: 'await',
    run: () => settleOverdueSales(app.db, businessToday()),
  });
  if (app.config.currencyFetch)
    app.jobs.define({
      name: 'currency-rates',
      cron: '15 */6 * * *',
      // a slow or unreachable NBG never holds up the start
      onStart: 'background',
      run: () =>
        fetchTodaysRates(app).catch((error: unknown) =>
          app.log.warn({ err: error }, 'fetching NBG currency rates failed; enter them by hand or try again later'),
        ),
    });
}
