import type { FastifyInstance } from 'fastify';
import { agentsRoutes } from '../modules/agents';
import { documentsRoutes } from '../modules/documents';

/** Registers the agents area's route plugins under /api: agents with their files and import, and /documents. */
export default async function agentsArea(app: FastifyInstance) {
  await app.register(agentsRoutes);
  await app.register(documentsRoutes);
}
