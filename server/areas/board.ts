import type { FastifyInstance } from 'fastify';

/** Registers the board area's route plugins under /api. */
export default async function boardArea(app: FastifyInstance) {
  void app;
}
