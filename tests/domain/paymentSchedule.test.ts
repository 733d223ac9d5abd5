import { describe, expect, it } from 'vitest';
import { buildSchedule, dueDate, parseFormula } from '../../domain/paymentSchedule';

const schedule = (
  price: number,
  payments_count: number,
  formula: string | null = null,
  first = '2026-01-15',
  period_months = 1,
) => buildSchedule({ price, first_payment_date: first, period_months, payments_count, formula });
const amounts = (result: ReturnType<typeof buildSchedule>) =>
  result.ok ? result.installments.map((i) => i.amount) : result.errors;

describe('the payment schedule', () => {
  it('10000 with 1200:4,1700:3 over 10 payments is four of 1200, three of 1700, then 33.33, 33.33, 33.34', () => {
    expect(amounts(schedule(1_000_000, 10, '1200:4,1700:3'))).toEqual([
      120000, 120000, 120000, 120000, 170000, 170000, 170000, 3333, 3333, 3334,
    ]);
  });

  it('without a formula the price is spread evenly, rounded half-up, the last payment taking the difference', () => {
    expect(amounts(schedule(1000, 3))).toEqual([333, 333, 334]);
    expect(amounts(schedule(200, 3))).toEqual([67, 67, 66]);
    expect(amounts(schedule(100_00, 1))).toEqual([100_00]);
    const total = (schedule(999_999_99, 7) as { installments: Array<{ amount: number }> }).installments.reduce(
      (s, i) => s + i.amount,
      0,
    );
    expect(total).toBe(999_999_99);
  });

  it('a formula beyond the price or the count, or one that does not read, is an error on the formula', () => {
    expect(schedule(1000_00, 3, '600:2')).toEqual({
      ok: false,
      errors: { formula: ['schedule.formula_exceeds_price'] },
    });
    expect(schedule(10000_00, 2, '100:3')).toEqual({
      ok: false,
      errors: { formula: ['schedule.formula_exceeds_count'] },
    });
    expect(schedule(1000_00, 2, '400:2')).toEqual({
      ok: false,
      errors: { formula: ['schedule.formula_short_of_price'] },
    });
    expect(schedule(1000_00, 3, '500:2')).toEqual({
      ok: false,
      errors: { formula: ['schedule.formula_leaves_nothing'] },
    });
    expect(schedule(1000_00, 3, '500x2')).toEqual({ ok: false, errors: { formula: ['schedule.formula_format'] } });
    expect(schedule(1000_00, 3, '0:2')).toEqual({ ok: false, errors: { formula: ['schedule.formula_format'] } });
  });

  it('refuses counts and periods out of range, a price of nothing, and more payments than cents', () => {
    expect(schedule(1000, 0)).toEqual({ ok: false, errors: { payments_count: ['schedule.payments_count_range'] } });
    expect(schedule(1000, 601)).toEqual({ ok: false, errors: { payments_count: ['schedule.payments_count_range'] } });
    expect(schedule(1000, 2, null, '2026-01-01', 0)).toEqual({
      ok: false,
      errors: { period_months: ['schedule.period_range'] },
    });
    expect(schedule(1000, 2, null, '2026-01-01', 121)).toEqual({
      ok: false,
      errors: { period_months: ['schedule.period_range'] },
    });
    expect(schedule(0, 2)).toEqual({ ok: false, errors: { price: ['validation.positive'] } });
    expect(schedule(3, 5)).toEqual({ ok: false, errors: { payments_count: ['schedule.too_many_payments'] } });
  });

  it('reads formulas with decimals and spaces', () => {
    expect(parseFormula(' 1200.50 : 2 , 99:1')).toEqual([
      { amount: 120050, count: 2 },
      { amount: 9900, count: 1 },
    ]);
    expect(parseFormula('')).toEqual([]);
    expect(parseFormula('1200:')).toBeUndefined();
  });

  it('due dates step by the period; a month end clamps to the shorter month and comes back', () => {
    expect(dueDate('2026-01-31', 1, 2)).toBe('2026-02-28');
    expect(dueDate('2028-01-31', 1, 2)).toBe('2028-02-29');
    expect(dueDate('2026-01-31', 1, 3)).toBe('2026-03-31');
    expect(dueDate('2026-11-30', 3, 2)).toBe('2027-02-28');
    expect(dueDate('2026-05-15', 12, 3)).toBe('2028-05-15');
    const dates = (
      schedule(1200, 4, null, '2026-08-31', 6) as { installments: Array<{ due_date: string }> }
    ).installments.map((i) => i.due_date);
    expect(dates).toEqual(['2026-08-31', '2027-02-28', '2027-08-31', '2028-02-29']);
  });
});
