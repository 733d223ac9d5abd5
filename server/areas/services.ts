import type { FastifyInstance } from 'fastify';
import { containersRoutes } from '../modules/containers';
import { servicesRoutes } from '../modules/services';

/**
 * Registers the services area under /api: the services catalogue and the renovation containers (their schedules and
 * payments). Only when MODULE_SERVICES is on: otherwise every route of the area answers 404, as an unknown route does.
 */
export default async function servicesArea(app: FastifyInstance) {
  if (!app.config.client.flags.services) return;
  await app.register(servicesRoutes);
  await app.register(containersRoutes);
}
