import type { FastifyInstance } from 'fastify';
import buildingsRoutes from '../modules/buildings/routes';

/** Registers the sites area's route plugins under /api: company, buildings and blocks, banks, accounts, countries. */
export default async function sitesArea(app: FastifyInstance) {
  await app.register(buildingsRoutes);
}
