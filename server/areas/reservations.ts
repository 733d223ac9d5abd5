import type { FastifyInstance } from 'fastify';
import { bookingsRoutes } from '../modules/bookings';
import { expireHolds, preSaleBookingsRoutes } from '../modules/preSaleBookings';
import { notifyExpiringReservations } from '../modules/notifications';
import { businessToday } from '../../domain/businessDay';

/**
 * Registers the reservations area's route plugins under /api, expires past holds on start and hourly (a job), and
 * tells the makers of holds ending tomorrow, on start and daily at 9:00.
 */
export default async function reservationsArea(app: FastifyInstance) {
  await app.register(preSaleBookingsRoutes);
  await app.register(bookingsRoutes);

  app.jobs.define({
    name: 'reservation-expiry',
    cron: '0 * * * *',
    onStart: 'await',
    run: () => expireHolds(app.db, businessToday()),
  });
  // a reservation of yours ends tomorrow: a notice to whoever made it, once per reservation
  app.jobs.define({
    name: 'reservation-expiring-notice',
    cron: '0 9 * * *',
    onStart: 'background',
    run: () => notifyExpiringReservations(app.db, businessToday()),
  });
}
