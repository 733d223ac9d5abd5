import type { FastifyInstance } from 'fastify';

/** Registers the agents area's route plugins under /api. */
export default async function agentsArea(app: FastifyInstance) {
  void app;
}
