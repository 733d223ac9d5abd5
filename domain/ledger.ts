import type { Minor } from './money';
import type { AgentFeeStatus, SaleStatus } from './sales';

/**
 * How money received meets a sale's schedule (DESIGN §5): payments fill the oldest unpaid installment first.
 * A sale is overdue while an installment is past its due date and not fully paid, completed once every
 * installment is paid, active otherwise. All amounts are minor units of the sale's currency.
 */
export interface ScheduledAmount {
  due_date: string;
  amount: Minor;
}

export interface Allocation {
  /** What each installment holds, in schedule order. */
  paid: Minor[];
  /** What is left once every installment is full. */
  overpaid: Minor;
}

export function allocate(installments: readonly ScheduledAmount[], paidTotal: Minor): Allocation {
  let left = Math.max(0, paidTotal);
  const paid = installments.map((i) => {
    const share = Math.min(i.amount, left);
    left -= share;
    return share;
  });
  return { paid, overpaid: left };
}

export interface InstallmentState extends ScheduledAmount {
  paid: Minor;
}

/** An installment is late when its due date has passed (ISO dates compare as text) and it is not fully paid. */
export const isLate = (installment: InstallmentState, today: string) =>
  installment.due_date < today && installment.paid < installment.amount;

export function saleStatus(
  installments: readonly InstallmentState[],
  today: string,
  price?: Minor,
  paidTotal?: Minor,
): Exclude<SaleStatus, 'canceled'> {
  if (installments.some((i) => isLate(i, today))) return 'overdue';
  const allPaid =
    installments.length > 0
      ? installments.every((i) => i.paid >= i.amount)
      : price !== undefined && (paidTotal ?? 0) >= price;
  return allPaid ? 'completed' : 'active';
}

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** Days since the oldest late installment fell due (0 when none is late). */
export const daysLate = (oldestDueDate: string | null, today: string) =>
  oldestDueDate === null ? 0 : daysBetween(oldestDueDate, today);

/** Days since the oldest late installment fell due, and what the late installments still lack. */
export function overdueSummary(installments: readonly InstallmentState[], today: string) {
  const late = installments.filter((i) => isLate(i, today));
  if (late.length === 0) return { days_late: 0, amount_overdue: 0, oldest_due_date: null as string | null };
  const oldest = late.reduce((a, b) => (a.due_date <= b.due_date ? a : b));
  return {
    days_late: daysLate(oldest.due_date, today),
    amount_overdue: late.reduce((s, i) => s + (i.amount - i.paid), 0),
    oldest_due_date: oldest.due_date,
  };
}

export interface CoveredInstallment {
  index: number;
  covers: Minor;
  remaining_after: Minor;
}

/** What a new payment of `amount` would cover, oldest unpaid installment first, and what would be left over. */
export function coverage(installments: readonly ScheduledAmount[], paidBefore: Minor, amount: Minor) {
  const before = allocate(installments, paidBefore);
  const after = allocate(installments, paidBefore + amount);
  const covered: CoveredInstallment[] = [];
  after.paid.forEach((paid, index) => {
    const covers = paid - before.paid[index];
    if (covers > 0) covered.push({ index, covers, remaining_after: installments[index].amount - paid });
  });
  return { covered, overpaid: after.overpaid - before.overpaid };
}

/** Half-up share of an amount: percent may carry two decimals (2.5 → 2.5 %). */
export const percentOf = (amount: Minor, percent: number) => {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amount * basisPoints * 2 + 10_000) / 20_000);
};

/** DESIGN §5: paid when marked paid; must_paid once the customer has paid the minimum income percent; not_due before. */
export function agentFeeStatus(sale: {
  price: Minor;
  paid_total: Minor;
  minimum_income_percent: number;
  agent_fee_paid: boolean;
}): AgentFeeStatus {
  if (sale.agent_fee_paid) return 'paid';
  return sale.paid_total >= percentOf(sale.price, sale.minimum_income_percent) ? 'must_paid' : 'not_due';
}

export const INSTALLMENT_STATUSES = ['paid', 'partial', 'unpaid', 'late'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** How an installment reads on the sale page: paid, late (past due, not fully paid), partly paid, or unpaid. */
export const installmentStatus = (installment: InstallmentState, today: string): InstallmentStatus =>
  installment.paid >= installment.amount
    ? 'paid'
    : isLate(installment, today)
      ? 'late'
      : installment.paid > 0
        ? 'partial'
        : 'unpaid';

/** Each unit's share of a sale's price: proportional to the units' list prices (equal when one has none), half-up, the last takes the remainder. */
export function priceShares(total: Minor, listPrices: ReadonlyArray<Minor | null>): Minor[] {
  const weights = listPrices.every((p) => p !== null && p > 0)
    ? listPrices.map((p) => BigInt(p!))
    : listPrices.map(() => 1n);
  const sum = weights.reduce((a, b) => a + b, 0n);
  const shares: Minor[] = [];
  let given = 0;
  for (const weight of weights.slice(0, -1)) {
    const share = Number((BigInt(total) * weight * 2n + sum) / (2n * sum));
    shares.push(share);
    given += share;
  }
  shares.push(total - given);
  return shares;
}
