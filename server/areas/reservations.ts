import type { FastifyInstance } from 'fastify';
import { bookingsRoutes } from '../modules/bookings';
import { expireHolds, preSaleBookingsRoutes } from '../modules/preSaleBookings';
import { todayIso } from '../modules/unitStatus';

/** Registers the reservations area's route plugins under /api, and expires past holds on start and hourly (a job). */
export default async function reservationsArea(app: FastifyInstance) {
  await app.register(preSaleBookingsRoutes);
  await app.register(bookingsRoutes);

  app.jobs.define({
    name: 'reservation-expiry',
    cron: '0 * * * *',
    onStart: 'await',
    run: () => expireHolds(app.db, todayIso()),
  });
}
