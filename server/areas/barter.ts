import type { FastifyInstance } from 'fastify';
import { advancePaymentsRoutes } from '../modules/advancePayments';
import { barterRoutes } from '../modules/barter';

/** Registers the barter area's route plugins under /api: barter deals and advance payments. */
export default async function barterArea(app: FastifyInstance) {
  await app.register(barterRoutes);
  await app.register(advancePaymentsRoutes);
}
