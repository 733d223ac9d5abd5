import type { FastifyInstance } from 'fastify';
import { currencyRoutes, fetchTodaysRates } from '../modules/currency';
import { invoicesRoutes } from '../modules/invoices';
import { overdueSalesRoutes, settleOverdueSales } from '../modules/overdueSales';
import { paymentSchedulesRoutes } from '../modules/paymentSchedules';
import { paymentsRoutes } from '../modules/payments';
import { todayIso } from '../modules/unitStatus';

const HOUR = 60 * 60 * 1000;

/**
 * Registers the payments area's route plugins under /api: schedules, payments, currency rates, overdue sales,
 * invoices. Two background jobs: sales turn overdue (or back) as days pass, on start and daily; and, unless
 * CURRENCY_FETCH is off, today's USD and EUR rates come from NBG on start and every 6 hours.
 */
export default async function paymentsArea(app: FastifyInstance) {
  await app.register(paymentSchedulesRoutes);
  await app.register(paymentsRoutes);
  await app.register(currencyRoutes);
  await app.register(overdueSalesRoutes);
  await app.register(invoicesRoutes);

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => Promise<unknown>) => {
    const timer = setInterval(() => void job(), ms);
    timer.unref();
    timers.push(timer);
  };
  app.addHook('onClose', async () => timers.forEach((t) => clearInterval(t)));

  const settleOverdue = () =>
    settleOverdueSales(app.db, todayIso()).catch((error: unknown) =>
      app.log.error({ err: error }, 'settling overdue sales failed'),
    );
  app.addHook('onReady', async () => {
    await settleOverdue();
  });
  every(24 * HOUR, settleOverdue);

  if (app.config.currencyFetch) {
    const fetchRates = () =>
      fetchTodaysRates(app).catch((error: unknown) =>
        app.log.warn({ err: error }, 'fetching NBG currency rates failed; enter them by hand or try again later'),
      );
    // not awaited: a slow or unreachable NBG never holds up the start
    app.addHook('onReady', async () => void fetchRates());
    every(6 * HOUR, fetchRates);
  }
}
