import type { FastifyInstance } from 'fastify';

/** Registers the units area's route plugins under /api. */
export default async function unitsArea(app: FastifyInstance) {
  void app;
}
