import type { FastifyInstance } from 'fastify';

/** Registers the customers area's route plugins under /api. */
export default async function customersArea(app: FastifyInstance) {
  void app;
}
