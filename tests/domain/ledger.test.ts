import { describe, expect, it } from 'vitest';
import {
  agentFeeStatus,
  allocate,
  coverage,
  isLate,
  overdueSummary,
  percentOf,
  planSettlement,
  saleStatus,
  type LedgerRead,
} from '../../domain/ledger';

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

describe('planning a settlement from what the ledger read', () => {
  const stored = [
    { id: 11, due_date: '2026-01-10', amount: '1000.00', paid: '0.00' },
    { id: 12, due_date: '2026-02-10', amount: '1000.00', paid: '0.00' },
  ];
  const sale = (over: Partial<LedgerRead> = {}): LedgerRead => ({
    id: 7,
    price: '2000.00',
    status: 'active',
    renovation_price: '0.00',
    totals: { sale: '1200.00' },
    schedule: stored,
    containers: [],
    ...over,
  });

  it('writes only the installments whose paid changes, and the sale turning overdue once', () => {
    const plan = planSettlement([sale()], '2026-03-01');
    expect(plan.installments).toEqual({ id: [11, 12], paid: ['1000.00', '200.00'] });
    expect(plan.sales).toMatchObject({
      id: [7],
      paidTotal: ['1200.00'],
      status: ['overdue'],
      amountOverdue: ['800.00'],
    });
    expect(plan.turnedOverdue).toEqual([7]);
    const again = planSettlement(
      [
        sale({
          status: 'overdue',
          schedule: [
            { ...stored[0], paid: '1000.00' },
            { ...stored[1], paid: '200.00' },
          ],
        }),
      ],
      '2026-03-01',
    );
    expect(again.installments.id).toEqual([]);
    expect(again.turnedOverdue).toEqual([]);
  });

  it('keeps a cancelled sale cancelled and owing nothing; completes a sale paid in full with its renovation', () => {
    const cancelled = planSettlement([sale({ status: 'canceled' })], '2026-03-01');
    expect(cancelled.sales).toMatchObject({ status: ['canceled'], amountOverdue: ['0.00'] });
    const container = {
      id: 3,
      price: '500.00',
      paid: '0.00',
      status: 'active',
      total: '500.00',
      schedule: [{ id: 31, due_date: '2026-05-01', amount: '500.00', paid: '0.00' }],
    };
    const paid = planSettlement(
      [sale({ totals: { sale: '2000.00', renovation: '500.00' }, containers: [container] })],
      '2026-03-01',
    );
    expect(paid.sales).toMatchObject({
      status: ['completed'],
      renovationPrice: ['500.00'],
      renovationPaid: ['500.00'],
    });
    expect(paid.containers).toEqual({
      installments: { id: [31], paid: ['500.00'] },
      containers: { id: [3], paid: ['500.00'], status: ['completed'] },
    });
  });
});
