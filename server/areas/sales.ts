import type { FastifyInstance } from 'fastify';
import { salesRoutes } from '../modules/sales';

/** Registers the sales area's route plugins under /api: sales, their files, history, trashed sales. */
export default async function salesArea(app: FastifyInstance) {
  await app.register(salesRoutes);
}
