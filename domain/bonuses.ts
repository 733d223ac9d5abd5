/** Bonus schemas of sales managers and the agent-fee rules: pure rules shared by server and browser. */
import { hasAnyPermission, type Principal } from './access';
import { percentOf } from './ledger';
import type { Minor } from './money';

/** individual: each manager against their own target; group: everyone against one shared target. */
export const BONUS_KINDS = ['individual', 'group'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** What counts towards the target: contract value of sales signed in the month, or payments received in it. */
export const BONUS_BASES = ['signed', 'received'] as const;
export type BonusBase = (typeof BONUS_BASES)[number];

/**
 * When an agent's fee falls due: `threshold` (the whole fee once the customer has paid the sale's minimum income
 * percent) or `proportional` (the fee × the share of the price the customer has paid, less what was paid out).
 */
export const AGENT_FEE_RULES = ['threshold', 'proportional'] as const;
export type AgentFeeRule = (typeof AGENT_FEE_RULES)[number];

/** The highest achievement percent a tier may name (a tier may be open above its start). */
export const MAX_ACHIEVEMENT_PERCENT = 1000;

/**
 * One tier: achievement in [percent_from, percent_to) (percent_to null: no upper end) gives a percent or a fixed sum.
 */
export interface BonusTier {
  id?: number;
  percent_from: number;
  percent_to: number | null;
  bonus_percent: number | null;
  /** Minor units of the schema's currency. */
  fixed_amount: Minor | null;
}

/** Hundredths of a percent, so 99.99 and 100 never meet through floating point. */
const basisPoints = (percent: number) => Math.round(percent * 100);
const upper = (tier: Pick<BonusTier, 'percent_to'>) =>
  tier.percent_to === null ? Number.POSITIVE_INFINITY : basisPoints(tier.percent_to);

/** Half-open ranges overlap when each starts before the other ends: 0-80 and 80-100 only touch. */
export const tiersOverlap = (a: BonusTier, b: BonusTier) =>
  basisPoints(a.percent_from) < upper(b) && basisPoints(b.percent_from) < upper(a);

/** The first existing tier the candidate overlaps, or null. */
export const overlappingTier = <T extends BonusTier>(existing: readonly T[], candidate: BonusTier): T | null =>
  existing.find((tier) => tiersOverlap(tier, candidate)) ?? null;

/** "80–100 %" or "100 % +": how a tier is named in messages and on screens. */
export const tierLabel = (
  tier: Pick<BonusTier, 'percent_from' | 'percent_to'>,
  written: (share: number) => string = String,
) =>
  tier.percent_to === null
    ? `${written(tier.percent_from)}%+`
    : `${written(tier.percent_from)}–${written(tier.percent_to)}%`;

/** Tiers in the order of their start. */
export const sortedTiers = <T extends BonusTier>(tiers: readonly T[]) =>
  [...tiers].sort((a, b) => a.percent_from - b.percent_from);

/**
 * Achievement in hundredths of a percent, rounded down: 9,999 of 10,000 is 99.99 %, never 100 %.
 * No target means no achievement (null).
 */
export const achievementBasisPoints = (achieved: Minor, target: Minor): number | null =>
  target > 0 ? Math.floor((Math.max(achieved, 0) * 10_000) / target) : null;

/** Achievement as a percent with two decimals (rounded down), or null without a target. */
export const achievementPercent = (achieved: Minor, target: Minor): number | null => {
  const bp = achievementBasisPoints(achieved, target);
  return bp === null ? null : bp / 100;
};

/** The tier whose half-open range holds the achievement, or null. */
export function tierFor<T extends BonusTier>(tiers: readonly T[], achievement: number | null): T | null {
  if (achievement === null) return null;
  const bp = basisPoints(achievement);
  return tiers.find((t) => basisPoints(t.percent_from) <= bp && bp < upper(t)) ?? null;
}

/** The next tier above the achievement (for the progress bar), or null when none is left. */
export function nextTier<T extends BonusTier>(tiers: readonly T[], achievement: number | null): T | null {
  const bp = basisPoints(achievement ?? 0);
  return sortedTiers(tiers).find((t) => basisPoints(t.percent_from) > bp) ?? null;
}

/** The bonus a tier gives on an achieved amount: its percent of the amount (half-up to the cent), or its fixed sum. */
export function bonusAmount(tier: BonusTier | null, achieved: Minor): Minor {
  if (!tier) return 0;
  if (tier.fixed_amount !== null) return tier.fixed_amount;
  return percentOf(Math.max(achieved, 0), tier.bonus_percent ?? 0);
}

/** Managers and admins (who set targets or edit schemas) see everyone's figures; anyone else only their own. */
export const seesEveryonesBonus = (user: Pick<Principal, 'permissions'>) =>
  hasAnyPermission(user, ['edit_bonus_schemas', 'add_bonus_schemas', 'add_sale_targets', 'edit_sale_targets']);

/**
 * What an agent is owed on a sale now, in minor units of the sale's currency: under `threshold` the whole fee once
 * the customer has paid the minimum income percent; under `proportional` the fee × paid / price (half-up). Less what
 * was already paid out; never below zero.
 */
export function agentFeeDue(
  sale: { price: Minor; paid_total: Minor; fee: Minor; minimum_income_percent: number; paid_out: Minor },
  rule: AgentFeeRule,
): Minor {
  let earned: Minor;
  if (rule === 'proportional') {
    const share = sale.price > 0 ? Math.min(sale.paid_total, sale.price) : 0;
    earned = sale.price > 0 ? Math.floor((sale.fee * share * 2 + sale.price) / (2 * sale.price)) : 0;
  } else {
    earned = sale.paid_total >= percentOf(sale.price, sale.minimum_income_percent) ? sale.fee : 0;
  }
  return Math.max(earned - sale.paid_out, 0);
}

/** 'YYYY-MM' → its first day, 'YYYY-MM-01'. */
export const monthStart = (month: string) => `${month}-01`;

/** Whether a schema's period (from month, to month or open) covers the month. */
export const periodCovers = (period: { period_from: string; period_to: string | null }, month: string) =>
  period.period_from <= month && (period.period_to === null || month <= period.period_to);
