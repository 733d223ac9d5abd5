import type { Principal } from '../../../domain/access';
import { achievementPercent, bonusAmount, nextTier, tierFor } from '../../../domain/bonuses';
import type { BonusCalculation, BonusSchema, SchemaMonth } from '../../../domain/contracts/bonuses';
import { fromMinor, splitByLargestRemainder, toMinor, type Minor } from '../../../domain/money';
import type { Db } from '../../db/client';
import { achievedByManager, paymentsBehind, salesBehind, targetsIn, userNames } from './figures';
import { tierRule } from './repository';

const major = (m: Minor | null) => (m === null ? null : fromMinor(m));
const sum = (values: Iterable<Minor>) => [...values].reduce((a, b) => a + b, 0);

/**
 * One schema's month: each manager's target, achieved base, achievement, tier and bonus. Individual: each
 * manager against their own target. Group: everyone's base against the group's target (or, without one, the sum of
 * the managers' targets) gives the group's achievement, tier and bonus, once; each member has no plan, achievement or
 * tier of their own, only their share of what the group achieved and of its bonus (in proportion to what they
 * achieved, by the largest remainder, so the members add up to the group to the cent). The totals of a group schema are
 * the group's. `onlyUser` limits the rows to one manager (own figures); the group line is the same for every member.
 */
export async function schemaMonth(
  db: Db,
  user: Principal,
  schema: BonusSchema,
  month: string,
  onlyUser: number | null,
): Promise<SchemaMonth> {
  const tiers = schema.items.map(tierRule);
  // the rules read fixed sums in minor units; answers show the tier as stored
  const shown = (tier: { id?: number } | null) => (tier ? (schema.items.find((i) => i.id === tier.id) ?? null) : null);
  const [achieved, targets] = await Promise.all([
    achievedByManager(db, user, { base: schema.base, currency: schema.currency, month, userIds: null }),
    targetsIn(db, schema.currency, month),
  ]);
  const managerIds = new Set<number>([...achieved.keys(), ...[...targets.keys()].filter((id) => id !== 0)]);
  if (onlyUser !== null) managerIds.add(onlyUser);
  const members = [...managerIds].sort((a, b) => a - b);
  const ids = members.filter((id) => onlyUser === null || id === onlyUser);
  const names = await userNames(db, ids);
  const named = (id: number) => ({ user_id: id, user_name: names.get(id) ?? null });

  if (schema.kind === 'group') {
    const managerTargets = [...targets.entries()].filter(([id]) => id !== 0).map(([, v]) => v);
    const groupTarget = targets.get(0) ?? (managerTargets.length ? sum(managerTargets) : null);
    const own = members.map((id) => achieved.get(id) ?? 0);
    const groupAchieved = sum(own);
    const groupPercent = achievementPercent(groupAchieved, groupTarget ?? 0);
    const tier = tierFor(tiers, groupPercent);
    const groupBonus = bonusAmount(tier, groupAchieved);
    const bonusShares = splitByLargestRemainder(groupBonus, own);
    // hundredths of a percent, so the members' shares add up to 100.00 %
    const achievedShares = splitByLargestRemainder(groupAchieved > 0 ? 10_000 : 0, own);
    const group = {
      target: major(groupTarget),
      achieved: fromMinor(groupAchieved),
      achievement_percent: groupPercent,
      tier: shown(tier),
      next_tier: shown(nextTier(tiers, groupPercent)),
      bonus: fromMinor(groupBonus),
    };
    const rows = ids.map((id) => {
      const index = members.indexOf(id);
      return {
        ...named(id),
        target: null,
        achieved: fromMinor(own[index]),
        share_percent: achievedShares[index] / 100,
        achievement_percent: null,
        tier: null,
        next_tier: null,
        bonus: fromMinor(bonusShares[index]),
      };
    });
    const totals = { target: fromMinor(groupTarget ?? 0), achieved: group.achieved, bonus: group.bonus };
    return { ...heading(schema), group, rows, totals };
  }

  const rows = ids.map((id) => {
    const own = achieved.get(id) ?? 0;
    const target = targets.get(id) ?? null;
    const percent = achievementPercent(own, target ?? 0);
    const tier = tierFor(tiers, percent);
    return {
      ...named(id),
      target: major(target),
      achieved: fromMinor(own),
      share_percent: null,
      achievement_percent: percent,
      tier: shown(tier),
      next_tier: shown(nextTier(tiers, percent)),
      bonus: fromMinor(bonusAmount(tier, own)),
    };
  });
  const totals = {
    target: fromMinor(sum(rows.map((r) => toMinor(r.target ?? 0)))),
    achieved: fromMinor(sum(rows.map((r) => toMinor(r.achieved)))),
    bonus: fromMinor(sum(rows.map((r) => toMinor(r.bonus)))),
  };
  return { ...heading(schema), group: null, rows, totals };
}

const heading = (schema: BonusSchema) => ({
  bonus_id: schema.id,
  name: schema.name,
  kind: schema.kind,
  base: schema.base,
  currency: schema.currency,
  tiers: schema.items,
});

/**
 * POST /bonuses/calculateBonus: one manager's figures in a schema and month, with the sales and payments behind them.
 */
export async function calculateBonus(
  db: Db,
  user: Principal,
  schema: BonusSchema,
  month: string,
  managerId: number,
): Promise<BonusCalculation> {
  const figures = await schemaMonth(db, user, schema, month, managerId);
  const row = figures.rows[0];
  const [sales, payments] = await Promise.all([
    salesBehind(db, user, schema.currency, month, [managerId]),
    paymentsBehind(db, user, schema.currency, month, [managerId]),
  ]);
  const money = (v: string | null) => (v === null ? null : fromMinor(toMinor(v)));
  return {
    ...row,
    bonus_id: schema.id,
    bonus_name: schema.name,
    kind: schema.kind,
    base: schema.base,
    currency: schema.currency,
    month,
    group: figures.group,
    sales: sales.map((s) => ({
      ...s,
      id: Number(s.id),
      user_id: s.user_id,
      price: money(s.price)!,
      converted: money(s.converted),
    })),
    payments: payments.map((p) => ({
      ...p,
      id: Number(p.id),
      sale_id: Number(p.sale_id),
      amount: money(p.amount)!,
      converted: money(p.converted),
    })),
  };
}
