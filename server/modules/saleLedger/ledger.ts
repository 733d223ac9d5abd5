import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { allocate, saleStatus, type InstallmentState } from '../../../domain/ledger';
import { toDecimalString, toMinor, type Minor } from '../../../domain/money';
import { buildSchedule, type ScheduleRequest, type ScheduledInstallment } from '../../../domain/paymentSchedule';
import type { SaleStatus } from '../../../domain/sales';
import { rows, type Db, type Tx } from '../../db/client';
import { installments, payments, sales } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { todayIso } from '../unitStatus';
import { convertPayments, notConverted } from './converted';
import { settleContainers, type RenovationState } from './renovation';

/**
 * The payments ledger: the one place that writes a sale's installments' `paid` and `paid_on_time`, its `paid_total`,
 * `renovation_paid` and its status, its payments' amounts in each currency of presentation (converted.ts), and its
 * renovation containers' installments, paid and status (renovation.ts). Every write that changes money for a sale (a payment, its change or removal, a new schedule)
 * calls `lockSale` first and `settle` last, inside one transaction, so concurrent payments on one sale queue up
 * and the paid total always equals the sum of the payments.
 */
type Executor = Db | Tx;

/** Takes the live sale's row lock for the rest of the transaction and answers the row; 404 when there is no such live sale. */
export async function lockSale(tx: Tx, saleId: number) {
  const [row] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), isNull(sales.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** DESIGN §5's schedule for these terms, or 422 on the field the rule names. */
export function scheduleOf(request: ScheduleRequest): ScheduledInstallment[] {
  const result = buildSchedule(request);
  if (!result.ok) throw invalid(result.errors as Record<string, string[]>);
  return result.installments;
}

/** Replaces the sale's schedule with `rows` (amounts in minor units); `settle` then allocates what was paid. */
export async function writeSchedule(tx: Tx, saleId: number, rows: readonly ScheduledInstallment[]) {
  await tx.delete(installments).where(eq(installments.saleId, saleId));
  if (rows.length === 0) return;
  await tx.insert(installments).values(
    rows.map((r) => ({
      saleId,
      number: r.number,
      dueDate: r.due_date,
      amount: toDecimalString(r.amount),
      paid: '0',
    })),
  );
}

export interface ScheduleTerms {
  first_payment_date: string;
  period_months: number;
  payments_count: number;
  formula?: string | null;
}

/**
 * Gives the sale a price and schedule terms: the schedule is built (422 on the field at fault) and written, and the
 * terms are kept on the sale. The caller has locked the sale and settles it afterwards.
 */
export async function replaceTerms(tx: Tx, saleId: number, price: Minor, terms: ScheduleTerms) {
  const formula = terms.formula ?? null;
  const { first_payment_date: firstPaymentDate, period_months: periodMonths, payments_count: paymentsCount } = terms;
  await writeSchedule(
    tx,
    saleId,
    scheduleOf({
      price,
      first_payment_date: firstPaymentDate,
      period_months: periodMonths,
      payments_count: paymentsCount,
      formula,
    }),
  );
  await tx
    .update(sales)
    .set({
      price: toDecimalString(price),
      firstPaymentDate,
      periodMonths,
      paymentsCount,
      formula,
      updatedAt: new Date(),
    })
    .where(eq(sales.id, saleId));
}

/** The sum of the sale's counted (not voided) payments of one mode, in the sale's currency. */
export async function creditedTotal(
  tx: Executor,
  saleId: number,
  mode: 'sale' | 'renovation' = 'sale',
): Promise<Minor> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${payments.credited}), 0)` })
    .from(payments)
    .where(and(eq(payments.saleId, saleId), eq(payments.mode, mode), isNull(payments.voidedAt)));
  return toMinor(row?.total ?? '0');
}

export interface SettledSale {
  status: SaleStatus;
  paid_total: Minor;
  overpaid: Minor;
  installments: InstallmentState[];
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

/**
 * Settles many sales at once (a bank statement touches thousands): four reads and two set-based updates whatever
 * their number. Allocates everything counted for each sale to its installments, oldest first, and writes the paid
 * total, the renovation paid and the status (a cancelled sale keeps its status).
 */
export async function settleMany(
  tx: Tx,
  saleIds: readonly number[],
  today = todayIso(),
): Promise<Map<number, SettledSale>> {
  const unique = [...new Set(saleIds)];
  const settled = new Map<number, SettledSale>();
  if (unique.length === 0) return settled;
  const saleRows = await rows<{ id: number; price: string; status: string; renovation_price: string }>(
    tx,
    sql`select id, price, status, renovation_price from sales where id = any(${ids(unique)})`,
  );
  const totals = await rows<{ sale_id: number; mode: string; total: string }>(
    tx,
    sql`select sale_id, mode, sum(credited) as total from payments where sale_id = any(${ids(unique)}) and voided_at is null group by sale_id, mode`,
  );
  const schedules = await rows<{ id: number; sale_id: number; due_date: string; amount: string; paid: string }>(
    tx,
    sql`select id, sale_id, to_char(due_date, 'YYYY-MM-DD') as due_date, amount, paid from installments where sale_id = any(${ids(unique)}) order by sale_id, number`,
  );
  const paidOf = new Map(totals.map((t) => [`${t.sale_id}:${t.mode}`, toMinor(t.total)]));
  const scheduleOf = new Map<number, typeof schedules>();
  for (const row of schedules) scheduleOf.set(row.sale_id, [...(scheduleOf.get(row.sale_id) ?? []), row]);

  const changedInstallments: { id: number[]; paid: string[] } = { id: [], paid: [] };
  const renovations = await settleContainers(tx, unique, today);
  const saleUpdates: {
    id: number[];
    paidTotal: string[];
    renovationPrice: string[];
    renovationPaid: string[];
    status: string[];
  } = { id: [], paidTotal: [], renovationPrice: [], renovationPaid: [], status: [] };
  for (const sale of saleRows) {
    const schedule = scheduleOf.get(sale.id) ?? [];
    const paidTotal = paidOf.get(`${sale.id}:sale`) ?? 0;
    const renovationPaid = paidOf.get(`${sale.id}:renovation`) ?? 0;
    const scheduled = schedule.map((i) => ({ due_date: i.due_date, amount: toMinor(i.amount) }));
    const { paid, overpaid } = allocate(scheduled, paidTotal);
    schedule.forEach((installment, index) => {
      if (toMinor(installment.paid) === paid[index]) return;
      changedInstallments.id.push(installment.id);
      changedInstallments.paid.push(toDecimalString(paid[index]));
    });
    const state = scheduled.map((s, index) => ({ ...s, paid: paid[index] }));
    // the renovation is the containers' when the sale has any (a hand-set renovation price without one is left as it is)
    const renovation = renovations.get(sale.id);
    const status: SaleStatus =
      sale.status === 'canceled'
        ? 'canceled'
        : bothSides(saleStatus(state, today, toMinor(sale.price), paidTotal), renovation?.status);
    saleUpdates.id.push(sale.id);
    saleUpdates.paidTotal.push(toDecimalString(paidTotal));
    saleUpdates.renovationPrice.push(
      renovation ? toDecimalString(renovation.price) : toDecimalString(toMinor(sale.renovation_price)),
    );
    saleUpdates.renovationPaid.push(toDecimalString(renovationPaid));
    saleUpdates.status.push(status);
    settled.set(sale.id, { status, paid_total: paidTotal, overpaid, installments: state });
  }
  // paid where the allocation changed it, and whether each installment was paid on time (a payment's date or removal
  // can change that without changing what is paid)
  if (schedules.length) {
    await tx.execute(
      sql`update installments as i set paid = coalesce(v.paid, i.paid), paid_on_time = w.paid_on_time
          from (${paidOnTimeOf((saleId) => sql`${saleId} = any(${ids(unique)})`)}) as w
          left join unnest(${ids(changedInstallments.id)}, ${sql.param(changedInstallments.paid)}::numeric[]) as v(id, paid)
            on v.id = w.id
          where i.id = w.id and (v.id is not null or i.paid_on_time is distinct from w.paid_on_time)`,
    );
  }
  if (saleUpdates.id.length) {
    // with the sales' new or changed payments in each currency of presentation (saleLedger/converted.ts), in the same
    // statement
    await tx.execute(
      sql`with converted as (${convertPayments(sql`q.sale_id = any(${ids(unique)}) and ${notConverted}`)})
          update sales as s set paid_total = v.paid_total, renovation_price = v.renovation_price,
            renovation_paid = v.renovation_paid, status = v.status, updated_at = now()
          from unnest(${ids(saleUpdates.id)}, ${sql.param(saleUpdates.paidTotal)}::numeric[], ${sql.param(saleUpdates.renovationPrice)}::numeric[],
            ${sql.param(saleUpdates.renovationPaid)}::numeric[], ${sql.param(saleUpdates.status)}::text[])
            as v(id, paid_total, renovation_price, renovation_paid, status)
          where s.id = v.id`,
    );
  }
  return settled;
}

/**
 * Whether each installment of the sales `saleCondition` picks was paid on time, as rows `(id, paid_on_time)`: the
 * sale's counted payments (mode sale, not voided) dated up to its due date cover it and every installment before it
 * (due earlier, or the same day with a lower number). A running balance over the sale's payments and installments in
 * date order, a day's payments before its installments. The ledger keeps `installments.paid_on_time` equal to it.
 */
export const paidOnTimeOf = (saleCondition: (saleId: SQL) => SQL) =>
  sql`select e.id, e.balance >= 0 as paid_on_time
    from (
      select x.id, sum(x.change) over (partition by x.sale_id order by x.day, x.seq rows unbounded preceding) as balance
      from (
        select j.id, j.sale_id, j.due_date as day, j.number + 1 as seq, -j.amount as change
        from installments j where ${saleCondition(sql`j.sale_id`)}
        union all
        select null, p.sale_id, p.paid_on, 0, p.credited
        from payments p where p.mode = 'sale' and p.voided_at is null and ${saleCondition(sql`p.sale_id`)}) x) e
    where e.id is not null`;

/** Writes `paid_on_time` of every installment of the sales `saleCondition` picks (the seed writes schedules in bulk). */
export async function markPaidOnTime(tx: Executor, saleCondition: (saleId: SQL) => SQL) {
  await tx.execute(
    sql`update installments as i set paid_on_time = w.paid_on_time from (${paidOnTimeOf(saleCondition)}) as w
        where i.id = w.id and i.paid_on_time is distinct from w.paid_on_time`,
  );
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

/** Settles one sale (see settleMany) and answers its new state. */
export async function settle(tx: Tx, saleId: number, today = todayIso()): Promise<SettledSale> {
  const state = (await settleMany(tx, [saleId], today)).get(saleId);
  if (!state) throw notFound();
  return state;
}

/** The installment columns the late rule reads: drizzle's own, or those of an alias in raw SQL (`installmentAlias('i')`). */
export interface InstallmentColumns {
  dueDate: SQLWrapper;
  paid: SQLWrapper;
  amount: SQLWrapper;
}
export const installmentAlias = (alias: string): InstallmentColumns => ({
  dueDate: sql.raw(`${alias}.due_date`),
  paid: sql.raw(`${alias}.paid`),
  amount: sql.raw(`${alias}.amount`),
});

/**
 * The late-installment rule, written once for every query: an installment is late when it is not fully paid and
 * its due date is before `today` (domain/ledger says the same for one sale in memory).
 */
export const lateInstallment = (today: string, columns: InstallmentColumns = installments): SQL =>
  sql`(${columns.paid} < ${columns.amount} and ${columns.dueDate} < ${today}::date)`;
