import { describe, expect, it } from 'vitest';
import { agentFeeStatus, allocate, coverage, isLate, overdueSummary, percentOf, saleStatus } from '../../domain/ledger';

const schedule = [
  { due_date: '2026-01-10', amount: 1000_00 },
  { due_date: '2026-02-10', amount: 1000_00 },
  { due_date: '2026-03-10', amount: 500_00 },
];
const state = (paidTotal: number) => {
  const { paid } = allocate(schedule, paidTotal);
  return schedule.map((s, i) => ({ ...s, paid: paid[i] }));
};

describe('allocating what was paid (oldest installment first)', () => {
  it('fills installments in order and reports the remainder once all are full', () => {
    expect(allocate(schedule, 1500_00)).toEqual({ paid: [1000_00, 500_00, 0], overpaid: 0 });
    expect(allocate(schedule, 2500_00)).toEqual({ paid: [1000_00, 1000_00, 500_00], overpaid: 0 });
    expect(allocate(schedule, 2600_01)).toEqual({ paid: [1000_00, 1000_00, 500_00], overpaid: 100_01 });
    expect(allocate(schedule, -5)).toEqual({ paid: [0, 0, 0], overpaid: 0 });
    expect(allocate([], 100)).toEqual({ paid: [], overpaid: 100 });
  });

  it('previews what a payment covers, including an overpayment', () => {
    expect(coverage(schedule, 900_00, 300_00)).toEqual({
      covered: [
        { index: 0, covers: 100_00, remaining_after: 0 },
        { index: 1, covers: 200_00, remaining_after: 800_00 },
      ],
      overpaid: 0,
    });
    expect(coverage(schedule, 2400_00, 300_00)).toEqual({
      covered: [{ index: 2, covers: 100_00, remaining_after: 0 }],
      overpaid: 200_00,
    });
  });
});

describe('the status of a sale', () => {
  it('overdue while an installment is past due and not full; completed when all are paid; active otherwise', () => {
    expect(saleStatus(state(1000_00), '2026-02-10')).toBe('active');
    expect(saleStatus(state(1000_00), '2026-02-11')).toBe('overdue');
    expect(saleStatus(state(2500_00), '2027-01-01')).toBe('completed');
    expect(saleStatus([], '2027-01-01', 100_00, 100_00)).toBe('completed');
    expect(saleStatus([], '2027-01-01', 100_00, 99_99)).toBe('active');
    expect(isLate({ due_date: '2026-01-10', amount: 100, paid: 100 }, '2026-05-01')).toBe(false);
  });

  it('sums what is late and counts the days from the oldest late due date', () => {
    expect(overdueSummary(state(1500_00), '2026-03-12')).toEqual({
      days_late: 30,
      amount_overdue: 1000_00,
      oldest_due_date: '2026-02-10',
    });
    expect(overdueSummary(state(0), '2026-01-11')).toEqual({
      days_late: 1,
      amount_overdue: 1000_00,
      oldest_due_date: '2026-01-10',
    });
    expect(overdueSummary(state(2500_00), '2027-01-01')).toEqual({
      days_late: 0,
      amount_overdue: 0,
      oldest_due_date: null,
    });
  });
});

describe('percentages and the agent’s fee', () => {
  it('takes a percent half-up at the cent', () => {
    expect(percentOf(1000_00, 2.5)).toBe(25_00);
    expect(percentOf(333, 50)).toBe(167);
    expect(percentOf(101, 0.5)).toBe(1);
  });

  it('is not due before the minimum income, must be paid after it, paid once marked', () => {
    const sale = { price: 100_000_00, minimum_income_percent: 30, agent_fee_paid: false };
    expect(agentFeeStatus({ ...sale, paid_total: 29_999_99 })).toBe('not_due');
    expect(agentFeeStatus({ ...sale, paid_total: 30_000_00 })).toBe('must_paid');
    expect(agentFeeStatus({ ...sale, paid_total: 0, agent_fee_paid: true })).toBe('paid');
  });
});
