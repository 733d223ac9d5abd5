import { describe, it, expect } from 'vitest';
import { boardSchema } from '../../domain/contracts/board';
import { paymentCalculationSchema } from '../../domain/contracts/payments';
import { saleHistoryRowSchema } from '../../domain/contracts/sales';

const unit = {
  id: 1,
  no: '12',
  area: 54.5,
  rooms: 2,
  price: 1200,
  currency: 'USD',
  status: 'free',
  state: 'white_frame',
  type: 'flat',
  view: null,
  block_id: null,
  matches: true,
};
const legend = { free: 1, pre_booked: 0, booked: 0, sold: 0, barter: 0, not_for_sale: 0 };

describe('API contracts', () => {
  it('a board answer parses; a unit without `matches` or a legend without a status does not', () => {
    const board = {
      building: { id: 3, name: 'Tower' },
      blocks: [{ id: 1, name: 'A', floors: 9 }],
      legend,
      floors: [{ floor: 1, units: [unit] }],
    };
    expect(boardSchema.parse(board)).toEqual(board);
    const { matches: _dropped, ...unlit } = unit;
    expect(boardSchema.safeParse({ ...board, floors: [{ floor: 1, units: [unlit] }] }).success).toBe(false);
    const { sold: _sold, ...short } = legend;
    expect(boardSchema.safeParse({ ...board, legend: short }).success).toBe(false);
  });

  it('a payment calculation keeps its rate as text', () => {
    const calculation = {
      amount: 2700,
      currency: 'GEL',
      sale_currency: 'USD',
      rate: '0.370370',
      rate_date: null,
      credited: 1000,
      remaining_before: 5000,
      remaining_after: 4000,
      overpaid: 0,
      covers: [],
    };
    expect(paymentCalculationSchema.parse(calculation)).toEqual(calculation);
    expect(paymentCalculationSchema.safeParse({ ...calculation, rate: 0.37 }).success).toBe(false);
  });

  it('a history row names a known action', () => {
    const row = {
      id: 1,
      sale_id: 2,
      action: 'nope',
      user_id: null,
      user_name: null,
      changes: [],
      reason: null,
      effective_date: null,
      created_at: '2026-01-01',
    };
    expect(saleHistoryRowSchema.safeParse(row).success).toBe(false);
  });
});
