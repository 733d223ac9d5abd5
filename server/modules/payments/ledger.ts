import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { allocate, saleStatus } from '../../../domain/ledger';
import { toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { ScheduledInstallment } from '../../../domain/paymentSchedule';
import type { Db, Tx } from '../../db/client';
import { installments, payments, sales } from '../../db/schema';
import { notFound } from '../../core/errors';
import { todayIso } from '../unitStatus';

/**
 * The payments ledger: the one place that writes a sale's installments' `paid`, its `paid_total`, `renovation_paid`
 * and its status. Every write that changes money for a sale (a payment, its change or removal, a new schedule)
 * calls `lockSale` first and `settle` last, inside one transaction, so concurrent payments on one sale queue up
 * and the paid total always equals the sum of the payments.
 */
type Executor = Db | Tx;

/** Takes the sale's row lock for the rest of the transaction; 404 when there is no such live sale. */
export async function lockSale(tx: Tx, saleId: number) {
  const [row] = await tx.select({ id: sales.id, status: sales.status }).from(sales).where(and(eq(sales.id, saleId), isNull(sales.deletedAt))).for('update');
  if (!row) throw notFound();
  return row;
}

/** Replaces the sale's schedule with `rows` (amounts in minor units); `settle` then allocates what was paid. */
export async function writeSchedule(tx: Tx, saleId: number, rows: readonly ScheduledInstallment[]) {
  await tx.delete(installments).where(eq(installments.saleId, saleId));
  if (rows.length === 0) return;
  await tx.insert(installments).values(rows.map((r) => ({ saleId, number: r.number, dueDate: r.due_date, amount: toDecimalString(r.amount), paid: '0' })));
}

/** The sum of the sale's payments of one mode, in the sale's currency. */
export async function creditedTotal(tx: Executor, saleId: number, mode: 'sale' | 'renovation' = 'sale'): Promise<Minor> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${payments.credited}), 0)` })
    .from(payments)
    .where(and(eq(payments.saleId, saleId), eq(payments.mode, mode), isNull(payments.voidedAt)));
  return toMinor(row?.total ?? '0');
}

/**
 * Allocates everything paid for the sale to its installments, oldest first, and writes the paid total, the
 * renovation paid and the status (a cancelled sale keeps its status). Answers the new state.
 */
export async function settle(tx: Tx, saleId: number, today = todayIso()) {
  const [sale] = await tx.select({ price: sales.price, status: sales.status }).from(sales).where(eq(sales.id, saleId));
  if (!sale) throw notFound();
  const schedule = await tx.select().from(installments).where(eq(installments.saleId, saleId)).orderBy(asc(installments.number));
  const paidTotal = await creditedTotal(tx, saleId, 'sale');
  const renovationPaid = await creditedTotal(tx, saleId, 'renovation');
  const scheduled = schedule.map((i) => ({ due_date: i.dueDate, amount: toMinor(i.amount) }));
  const { paid, overpaid } = allocate(scheduled, paidTotal);
  for (const [index, installment] of schedule.entries()) {
    if (toMinor(installment.paid) !== paid[index]) {
      await tx.update(installments).set({ paid: toDecimalString(paid[index]) }).where(eq(installments.id, installment.id));
    }
  }
  const state = scheduled.map((s, index) => ({ ...s, paid: paid[index] }));
  const status = sale.status === 'canceled' ? 'canceled' : saleStatus(state, today, toMinor(sale.price), paidTotal);
  await tx
    .update(sales)
    .set({ paidTotal: toDecimalString(paidTotal), renovationPaid: toDecimalString(renovationPaid), status, updatedAt: new Date() })
    .where(eq(sales.id, saleId));
  return { status, paid_total: paidTotal, overpaid, installments: state };
}
