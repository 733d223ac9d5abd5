import type { FastifyInstance } from 'fastify';
import { reportsRoutes } from '../modules/reports';

/** Registers the reports area's route plugin under /api: every reporting call and the cash-flow forecast. */
export default async function reportsArea(app: FastifyInstance) {
  await app.register(reportsRoutes);
}
