import type { FastifyInstance } from 'fastify';
import { featuresRoutes } from '../modules/features';
import { lookupsRoutes } from '../modules/lookups';
import { pricesRoutes } from '../modules/prices';
import { propertiesRoutes } from '../modules/properties';
import { releaseStrandedUnits } from '../modules/unitStatus';

/**
 * Registers the units area's route plugins under /api: properties, lookups, features, price lists. On start it gives
 * back the units that reservations converted without a sale left held by nothing, and logs how many it freed.
 */
export default async function unitsArea(app: FastifyInstance) {
  await app.register(lookupsRoutes);
  await app.register(propertiesRoutes);
  await app.register(featuresRoutes);
  await app.register(pricesRoutes);

  app.addHook('onReady', async () => {
    const released = await releaseStrandedUnits(app.db);
    if (released > 0)
      app.log.info({ released }, `unit status: ${released} units held by a reservation converted without a sale freed`);
  });
}
