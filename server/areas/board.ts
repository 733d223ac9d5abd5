import type { FastifyInstance } from 'fastify';
import { boardRoutes } from '../modules/board';

/** Registers the board area's route plugins under /api: the availability board. */
export default async function boardArea(app: FastifyInstance) {
  await app.register(boardRoutes);
}
