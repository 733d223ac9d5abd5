/** The front door of the bonuses module: other modules, areas and seeds import it only from here. */
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../../domain/access';
import { achievementPercent } from '../../../domain/bonuses';
import type { TargetAchievement } from '../../../domain/contracts/bonuses';
import { fromMinor } from '../../../domain/money';
import type { Db } from '../../db/client';
import bonusCalculationRoutes from './calculationRoutes';
import { signedAgainstTargets } from './figures';
import bonusSchemasRoutes from './routes';

/** Every route of the module: schemas, tiers, targets, the calculations and the agents' pay. */
export async function bonusesRoutes(app: FastifyInstance) {
  await app.register(bonusSchemasRoutes);
  await app.register(bonusCalculationRoutes);
}

/**
 * Each manager's target of the month (by user id) and what they signed in it, converted to the target's currency at
 * each sale's contract-date rate, for GET /sales/with-targets. Managers without a target are not in the map.
 */
export async function monthTargets(
  db: Db,
  user: Principal,
  month: string,
): Promise<Map<number, { user_name: string | null; target: TargetAchievement }>> {
  const found = await signedAgainstTargets(db, user, month);
  return new Map(
    found.map((t) => [
      t.user_id,
      {
        user_name: t.user_name,
        target: {
          amount: fromMinor(t.amount),
          currency: t.currency,
          achieved: fromMinor(t.achieved),
          achievement_percent: achievementPercent(t.achieved, t.amount),
        },
      },
    ]),
  );
}
