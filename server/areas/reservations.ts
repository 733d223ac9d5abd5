import type { FastifyInstance } from 'fastify';
import { bookingsRoutes } from '../modules/bookings';
import { expireHolds, preSaleBookingsRoutes } from '../modules/preSaleBookings';
import { todayIso } from '../modules/unitStatus';

const HOUR = 60 * 60 * 1000;

/** Registers the reservations area's route plugins under /api, and expires past holds on start and hourly. */
export default async function reservationsArea(app: FastifyInstance) {
  await app.register(preSaleBookingsRoutes);
  await app.register(bookingsRoutes);

  const expire = () =>
    expireHolds(app.db, todayIso()).catch((error: unknown) =>
      app.log.error({ err: error }, 'expiring pre-sale booking holds failed'),
    );
  app.addHook('onReady', async () => {
    await expire();
  });
  const timer = setInterval(() => void expire(), HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
