import type { FastifyInstance } from 'fastify';

/** Registers the reservations area's route plugins under /api. */
export default async function reservationsArea(app: FastifyInstance) {
  void app;
}
