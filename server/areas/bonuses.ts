import type { FastifyInstance } from 'fastify';
import { bonusesRoutes } from '../modules/bonuses';

/**
 * Registers the bonuses area under /api: bonus schemas and their tiers, sale targets, the bonus calculations and the
 * agents' pay, only when MODULE_BONUS is on (otherwise every route answers 404, as an unknown route does).
 */
export default async function bonusesArea(app: FastifyInstance) {
  if (app.config.client.flags.bonusModule) await app.register(bonusesRoutes);
}
