import type { FastifyInstance } from 'fastify';

/** Registers the barter area's route plugins under /api. */
export default async function barterArea(app: FastifyInstance) {
  void app;
}
