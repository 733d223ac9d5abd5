import { describe, expect, it } from 'vitest';
import {
  achievementPercent,
  agentFeeDue,
  bonusAmount,
  nextTier,
  overlappingTier,
  periodCovers,
  seesEveryonesBonus,
  tierFor,
  tierLabel,
  type BonusTier,
} from '../../domain/bonuses';

const tier = (
  percent_from: number,
  percent_to: number | null,
  bonus_percent: number | null,
  fixed_amount: number | null = null,
): BonusTier => ({
  percent_from,
  percent_to,
  bonus_percent,
  fixed_amount,
});

const tiers = [tier(80, 100, 1), tier(100, 150, 2), tier(150, null, null, 50_000)];

describe('tiers are half-open ranges [from, to)', () => {
  it('lets 0-80 and 80-100 touch, and names the tier an overlapping one clashes with', () => {
    expect(overlappingTier([tier(0, 80, 1)], tier(80, 100, 2))).toBeNull();
    expect(overlappingTier([tier(0, 80, 1), tier(80, 100, 2)], tier(79.99, 85, 3))).toEqual(tier(0, 80, 1));
    expect(overlappingTier([tier(100, null, 1)], tier(200, 300, 2))).toEqual(tier(100, null, 1));
    expect(overlappingTier([tier(100, 120, 1)], tier(50, null, 2))).toEqual(tier(100, 120, 1));
    expect(overlappingTier([tier(100, 120, 1)], tier(0, 100, 2))).toBeNull();
    expect(tierLabel(tier(80, 100, 1))).toBe('80–100%');
    expect(tierLabel(tier(150, null, 1))).toBe('150%+');
  });

  it('finds the tier at its edges: 100 % is in 100-150, 99.99 % in 80-100, above the last closed tier none', () => {
    expect(tierFor(tiers, 100)).toEqual(tiers[1]);
    expect(tierFor(tiers, 99.99)).toEqual(tiers[0]);
    expect(tierFor(tiers, 79.99)).toBeNull();
    expect(tierFor(tiers, 1000)).toEqual(tiers[2]);
    expect(tierFor([tier(0, 50, 1)], 50)).toBeNull();
    expect(tierFor(tiers, null)).toBeNull();
    expect(nextTier(tiers, 99.99)).toEqual(tiers[1]);
    expect(nextTier(tiers, 150)).toBeNull();
  });
});

describe('achievement and bonus amounts', () => {
  it('rounds achievement down to the hundredth, so 9,999.99 of 10,000 is 99.99 % and never 100 %', () => {
    expect(achievementPercent(999_999, 1_000_000)).toBe(99.99);
    expect(achievementPercent(1_000_000, 1_000_000)).toBe(100);
    expect(achievementPercent(1_324_870, 1_350_000)).toBe(98.13);
    expect(achievementPercent(500, 0)).toBeNull();
  });

  it('gives the tier percent of the achieved amount half-up to the cent, or its fixed sum', () => {
    expect(bonusAmount(tiers[0], 1_349_865)).toBe(13_499);
    expect(bonusAmount(tiers[1], 1_000_000)).toBe(20_000);
    expect(bonusAmount(tiers[2], 99_999_999)).toBe(50_000);
    expect(bonusAmount(null, 1_000_000)).toBe(0);
  });

  it('covers a month inside an open or closed period only', () => {
    expect(periodCovers({ period_from: '2026-01', period_to: null }, '2030-05')).toBe(true);
    expect(periodCovers({ period_from: '2026-01', period_to: '2026-06' }, '2026-07')).toBe(false);
    expect(periodCovers({ period_from: '2026-02', period_to: null }, '2026-01')).toBe(false);
  });

  it('shows everyone to those who set targets or edit schemas, and a manager only their own', () => {
    expect(seesEveryonesBonus({ permissions: ['view_bonus_schemas', 'view_sale_targets'] })).toBe(false);
    expect(seesEveryonesBonus({ permissions: ['view_bonus_schemas', 'add_sale_targets'] })).toBe(true);
  });
});

describe("agents' fee due", () => {
  const sale = { price: 1_000_000, paid_total: 150_000, fee: 30_000, minimum_income_percent: 20, paid_out: 0 };

  it('under the threshold rule: nothing before the minimum income, the whole fee after, less what was paid out', () => {
    expect(agentFeeDue(sale, 'threshold')).toBe(0);
    expect(agentFeeDue({ ...sale, paid_total: 200_000 }, 'threshold')).toBe(30_000);
    expect(agentFeeDue({ ...sale, paid_total: 250_000, paid_out: 4_500 }, 'threshold')).toBe(25_500);
  });

  it('in proportion to what the buyer has paid, less what was paid out', () => {
    expect(agentFeeDue(sale, 'proportional')).toBe(4_500);
    expect(agentFeeDue({ ...sale, paid_total: 250_000, paid_out: 4_500 }, 'proportional')).toBe(3_000);
    expect(agentFeeDue({ ...sale, price: 300, paid_total: 100, fee: 100 }, 'proportional')).toBe(33);
    expect(agentFeeDue({ ...sale, price: 300, paid_total: 200, fee: 100 }, 'proportional')).toBe(67);
    expect(agentFeeDue({ ...sale, paid_total: 1_000_000, paid_out: 30_000 }, 'proportional')).toBe(0);
  });
});
