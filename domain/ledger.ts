import { toDecimalString, toMinor, type Minor } from './money';
import type { AgentFeeStatus, SaleStatus } from './sales';

/**
 * How money received meets a sale's schedule: payments fill the oldest unpaid installment first.
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

/** Paid when marked paid; must_paid once the customer has paid the minimum income percent; not_due before. */
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

/**
 * Each unit's share of a sale's price:
 * proportional to the units' list prices (equal when one has none), half-up, the last takes the remainder.
 */
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

/*
 * Settling: what a sale's counted payments make of its schedule, its renovation containers and its status, planned in
 * memory from what the ledger read, so the server writes only what changed.
 */

/** A sale's renovation as the ledger sees it: the containers' summed price and how they stand. */
export interface RenovationState {
  price: Minor;
  /** overdue: an installment is late; completed: every container is paid; active otherwise. */
  status: 'active' | 'overdue' | 'completed';
}

/** A renovation container as the ledger reads it: its price, what is paid and its schedule. */
export interface ContainerRead {
  id: number;
  price: string;
  paid: string;
  status: string;
  /** The sum of its counted renovation payments. */
  total: string;
  schedule: StoredInstallment[];
}

/** An installment as the ledger reads it from the database (amounts as text). */
export type StoredInstallment = { id: number; due_date: string; amount: string; paid: string };

/**
 * Allocates `paidTotal` to a stored schedule, oldest installment first (domain/ledger `allocate`), records the
 * installments whose paid changes into `changes`, and answers the schedule's state in minor units with what is left.
 * The sale's own schedule and each container's are settled by it alike.
 */
export function allocateStored(
  schedule: readonly StoredInstallment[],
  paidTotal: Minor,
  changes: { id: number[]; paid: string[] },
) {
  const scheduled = schedule.map((i) => ({ due_date: i.due_date, amount: toMinor(i.amount) }));
  const { paid, overpaid } = allocate(scheduled, paidTotal);
  schedule.forEach((installment, index) => {
    if (toMinor(installment.paid) === paid[index]) return;
    changes.id.push(installment.id);
    changes.paid.push(toDecimalString(paid[index]));
  });
  return { state: scheduled.map((s, index) => ({ ...s, paid: paid[index] })), overpaid };
}

/** What settling the containers writes: installments whose paid changed, and each container's paid and status. */
export interface ContainerWrites {
  installments: { id: number[]; paid: string[] };
  containers: { id: number[]; paid: string[]; status: string[] };
}

export const noContainerWrites = (): ContainerWrites => ({
  installments: { id: [], paid: [] },
  containers: { id: [], paid: [], status: [] },
});

/**
 * Settles one sale's containers in memory: allocates each container's payments to its schedule and collects the writes
 * into `writes`. Answers the sale's renovation state, or undefined when the sale has no container.
 */
export function planContainers(
  containers: readonly ContainerRead[],
  today: string,
  writes: ContainerWrites,
): RenovationState | undefined {
  let state: RenovationState | undefined;
  for (const container of containers) {
    const paidTotal = toMinor(container.total);
    const price = toMinor(container.price);
    const { state: allocated } = allocateStored(container.schedule, paidTotal, writes.installments);
    const status = saleStatus(allocated, today, price, paidTotal);
    if (toMinor(container.paid) !== paidTotal || container.status !== status) {
      writes.containers.id.push(container.id);
      writes.containers.paid.push(toDecimalString(paidTotal));
      writes.containers.status.push(status);
    }
    state = {
      price: (state?.price ?? 0) + price,
      status:
        state?.status === 'overdue' || status === 'overdue'
          ? 'overdue'
          : (state?.status ?? 'completed') === 'completed' && status === 'completed'
            ? 'completed'
            : 'active',
    };
  }
  return state;
}

export interface SettledSale {
  status: SaleStatus;
  paid_total: Minor;
  overpaid: Minor;
  installments: InstallmentState[];
  /** The renovation price as settled (the containers' when the sale has any). */
  renovation_price: Minor;
  renovation_paid: Minor;
}

/** What the ledger reads of a sale to settle it (server: `readLedgers`); amounts as the database's text. */
export interface LedgerRead {
  id: number;
  price: string;
  status: string;
  renovation_price: string;
  /** The sums of its counted payments by mode. */
  totals: { sale?: string; renovation?: string };
  schedule: StoredInstallment[];
  containers: ContainerRead[];
}

/** What settling writes: installments whose paid changed, the containers' writes and each sale's totals and status. */
export interface Settlement {
  saleIds: number[];
  settled: Map<number, SettledSale>;
  installments: { id: number[]; paid: string[] };
  containers: ContainerWrites;
  sales: {
    id: number[];
    paidTotal: string[];
    renovationPrice: string[];
    renovationPaid: string[];
    status: string[];
    amountOverdue: string[];
  };
  /** The sales this settlement turns overdue (their managers are told, as by the daily sweep), and the day. */
  turnedOverdue: number[];
  today: string;
}

/**
 * Settles the sales read in memory: allocates everything counted for each sale to its installments, oldest first, and
 * derives the paid total, the renovation price and paid and the status (a cancelled sale keeps its status).
 * The server's `writeSettlement` writes it.
 */
export function planSettlement(ledgers: readonly LedgerRead[], today: string): Settlement {
  const plan: Settlement = {
    saleIds: ledgers.map((l) => l.id),
    settled: new Map(),
    installments: { id: [], paid: [] },
    containers: noContainerWrites(),
    sales: { id: [], paidTotal: [], renovationPrice: [], renovationPaid: [], status: [], amountOverdue: [] },
    turnedOverdue: [],
    today,
  };
  for (const sale of ledgers) {
    const paidTotal = toMinor(sale.totals.sale ?? '0');
    const renovationPaid = toMinor(sale.totals.renovation ?? '0');
    const { state, overpaid } = allocateStored(sale.schedule, paidTotal, plan.installments);
    // the renovation is the containers' when the sale has any
    // (a hand-set renovation price without one is left as it is)
    const renovation = planContainers(sale.containers, today, plan.containers);
    const status: SaleStatus =
      sale.status === 'canceled'
        ? 'canceled'
        : bothSides(saleStatus(state, today, toMinor(sale.price), paidTotal), renovation?.status);
    if (status === 'overdue' && sale.status !== 'overdue') plan.turnedOverdue.push(sale.id);
    const renovationPrice = renovation ? renovation.price : toMinor(sale.renovation_price);
    plan.sales.id.push(sale.id);
    plan.sales.paidTotal.push(toDecimalString(paidTotal));
    plan.sales.renovationPrice.push(toDecimalString(renovationPrice));
    plan.sales.renovationPaid.push(toDecimalString(renovationPaid));
    plan.sales.status.push(status);
    const overdue = status === 'canceled' ? 0 : overdueSummary(state, today).amount_overdue;
    plan.sales.amountOverdue.push(toDecimalString(overdue));
    plan.settled.set(sale.id, {
      status,
      paid_total: paidTotal,
      overpaid,
      installments: state,
      renovation_price: renovationPrice,
      renovation_paid: renovationPaid,
    });
  }
  return plan;
}

/**
 * A sale's status from its own schedule and its renovation's: overdue when either has a late installment, completed
 * only when both are paid (a sale without a container has only its own side).
 */
const bothSides = (sale: Exclude<SaleStatus, 'canceled'>, renovation: RenovationState['status'] | undefined) => {
  if (!renovation) return sale;
  if (sale === 'overdue' || renovation === 'overdue') return 'overdue';
  return sale === 'completed' && renovation === 'completed' ? 'completed' : 'active';
};
