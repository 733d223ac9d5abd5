import type { FastifyInstance } from 'fastify';
import { commentsRoutes } from '../modules/comments';
import { customersRoutes } from '../modules/customers';

/** Registers the customers area's route plugins under /api: customers and comments. */
export default async function customersArea(app: FastifyInstance) {
  await app.register(customersRoutes);
  await app.register(commentsRoutes);
}
