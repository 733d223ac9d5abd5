import { addMonths, format, parseISO } from 'date-fns';
import { toMinor, type Minor } from './money';

/**
 * The payment schedule: a price, a first payment date, a period in months between payments and a number
 * of payments. The formula `1200:4,1700:3` fixes the first 4 payments at 1200 and the next 3 at 1700; the rest of
 * the price is spread evenly over the remaining payments, rounded half-up to the cent, the last taking the
 * rounding difference. Errors are catalogue keys per request field.
 */
export interface ScheduleRequest {
  price: Minor;
  first_payment_date: string;
  period_months: number;
  payments_count: number;
  formula?: string | null;
}

export interface ScheduledInstallment {
  number: number;
  due_date: string;
  amount: Minor;
}

export interface FormulaPart {
  amount: Minor;
  count: number;
}

export type ScheduleResult =
  | { ok: true; installments: ScheduledInstallment[] }
  | { ok: false; errors: Partial<Record<keyof ScheduleRequest, string[]>> };

export const MAX_PAYMENTS = 600;
export const MAX_PERIOD_MONTHS = 120;

const PART = /^\s*(\d+(?:\.\d{1,2})?)\s*:\s*(\d+)\s*$/;

/** '1200:4,1700:3' → [{amount: 120000, count: 4}, {amount: 170000, count: 3}]; undefined when it does not read. */
export function parseFormula(formula: string | null | undefined): FormulaPart[] | undefined {
  const text = (formula ?? '').trim();
  if (!text) return [];
  const parts: FormulaPart[] = [];
  for (const piece of text.split(',')) {
    const match = PART.exec(piece);
    if (!match) return undefined;
    const amount = toMinor(match[1]);
    const count = Number(match[2]);
    if (amount <= 0 || count <= 0) return undefined;
    parts.push({ amount, count });
  }
  return parts;
}

/** Payment `number` (1-based) falls `period_months × (number − 1)` months after the first; month ends clamp. */
export const dueDate = (first: string, periodMonths: number, number: number) =>
  format(addMonths(parseISO(first), periodMonths * (number - 1)), 'yyyy-MM-dd');

/** Half-up integer division of non-negative minor amounts. */
const divideHalfUp = (amount: Minor, parts: number) => Math.floor((2 * amount + parts) / (2 * parts));

export function buildSchedule(request: ScheduleRequest): ScheduleResult {
  const { price, first_payment_date: first, period_months: period, payments_count: count } = request;
  if (!(price > 0)) return { ok: false, errors: { price: ['validation.positive'] } };
  if (!Number.isInteger(count) || count < 1 || count > MAX_PAYMENTS)
    return { ok: false, errors: { payments_count: ['schedule.payments_count_range'] } };
  if (!Number.isInteger(period) || period < 1 || period > MAX_PERIOD_MONTHS)
    return { ok: false, errors: { period_months: ['schedule.period_range'] } };
  const parts = parseFormula(request.formula);
  if (!parts) return { ok: false, errors: { formula: ['schedule.formula_format'] } };

  const fixed = parts.flatMap((p) => Array.from({ length: p.count }, () => p.amount));
  const fixedSum = fixed.reduce((s, a) => s + a, 0);
  if (fixed.length > count) return { ok: false, errors: { formula: ['schedule.formula_exceeds_count'] } };
  if (fixedSum > price) return { ok: false, errors: { formula: ['schedule.formula_exceeds_price'] } };

  const rest = price - fixedSum;
  const restCount = count - fixed.length;
  if (restCount === 0 && rest > 0) return { ok: false, errors: { formula: ['schedule.formula_short_of_price'] } };
  if (restCount > 0 && rest === 0) return { ok: false, errors: { formula: ['schedule.formula_leaves_nothing'] } };

  const amounts = [...fixed];
  if (restCount > 0) {
    const each = divideHalfUp(rest, restCount);
    const last = rest - each * (restCount - 1);
    if (each <= 0 || last <= 0) return { ok: false, errors: { payments_count: ['schedule.too_many_payments'] } };
    for (let i = 1; i < restCount; i += 1) amounts.push(each);
    amounts.push(last);
  }
  return {
    ok: true,
    installments: amounts.map((amount, i) => ({ number: i + 1, due_date: dueDate(first, period, i + 1), amount })),
  };
}
