import type { FastifyInstance } from 'fastify';
import featuresRoutes from '../modules/features/routes';
import lookupsRoutes from '../modules/lookups/routes';
import pricesRoutes from '../modules/prices/routes';
import propertiesRoutes from '../modules/properties/routes';

/** Registers the units area's route plugins under /api: properties, lookups, features, price lists. */
export default async function unitsArea(app: FastifyInstance) {
  await app.register(lookupsRoutes);
  await app.register(propertiesRoutes);
  await app.register(featuresRoutes);
  await app.register(pricesRoutes);
}
