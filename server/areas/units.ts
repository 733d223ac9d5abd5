import type { FastifyInstance } from 'fastify';
import { featuresRoutes } from '../modules/features';
import { lookupsRoutes } from '../modules/lookups';
import { pricesRoutes } from '../modules/prices';
import { propertiesRoutes } from '../modules/properties';

/** Registers the units area's route plugins under /api: properties, lookups, features, price lists. */
export default async function unitsArea(app: FastifyInstance) {
  await app.register(lookupsRoutes);
  await app.register(propertiesRoutes);
  await app.register(featuresRoutes);
  await app.register(pricesRoutes);
}
