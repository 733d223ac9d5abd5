import { and, eq, inArray, isNull, type SQL, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import {
  planSettlement,
  type InstallmentStatus,
  type SettledSale,
  type Settlement,
  type LedgerRead,
} from '../../../domain/ledger';
import { toDecimalString, toMinor, type Minor } from '../../../domain/money';
import { buildSchedule, type ScheduleRequest, type ScheduledInstallment } from '../../../domain/paymentSchedule';
import { rows, type Db, type Tx } from '../../db/client';
import { installments, payments, sales } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { businessToday } from '../../../domain/businessDay';
import { noticesFrom, notifyUsers, type StaffNotice } from '../notifications';
import { convertPayments, notConverted } from './converted';
import { writeHistories, type SaleHistoryEntry } from './history';
import { containersJson, renovationLateness, writeContainers } from './renovation';

/**
 * The payments ledger: the one place that writes a sale's installments' `paid` and `paid_on_time`, its `paid_total`,
 * `renovation_paid` and its status, its payments' amounts in each currency of presentation (converted.ts), and its
 * renovation containers' installments, paid and status (renovation.ts), as domain/ledger's `planSettlement` plans them.
 * Every write that changes money for a sale (a payment, its change or removal, a new schedule) calls `lockSale` first
 * and `settle` last, inside one transaction, so concurrent payments on one sale queue up and the paid total always
 * equals the sum of the payments.
 */
type Executor = Db | Tx;

/**
 * Takes the live sale's row lock for the rest of the transaction and answers the row;
 * 404 when there is no such live sale.
 */
export async function lockSale(tx: Tx, saleId: number) {
  const [row] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), isNull(sales.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The payment schedule for these terms (domain/paymentSchedule), or 422 on the field the rule names. */
export function scheduleOf(request: ScheduleRequest): ScheduledInstallment[] {
  const result = buildSchedule(request);
  if (!result.ok) throw invalid(result.errors as Record<string, string[]>);
  return result.installments;
}

/** Replaces the sale's schedule with `rows` (amounts in minor units); `settle` then allocates what was paid. */
export async function writeSchedule(tx: Tx, saleId: number, rows: readonly ScheduledInstallment[]) {
  await writeSchedules(tx, [{ saleId, rows }]);
}

/**
 * `writeSchedule` for many sales at once (a sales import): each sale's schedule replaced by its rows, inserted from
 * arrays in one statement (a multi-row VALUES of 24,000 installments took a second to build).
 */
export async function writeSchedules(
  tx: Tx,
  schedules: ReadonlyArray<{ saleId: number; rows: readonly ScheduledInstallment[] }>,
) {
  if (schedules.length === 0) return;
  await tx.delete(installments).where(
    inArray(
      installments.saleId,
      schedules.map((s) => s.saleId),
    ),
  );
  const all = schedules.flatMap(({ saleId, rows }) => rows.map((r) => ({ saleId, ...r })));
  if (all.length === 0) return;
  await tx.execute(sql`insert into installments (sale_id, number, due_date, amount, paid)
    select v.sale_id, v.number, v.due_date, v.amount, 0
    from unnest(${sql.param(all.map((r) => r.saleId))}::int[], ${sql.param(all.map((r) => r.number))}::int[],
      ${sql.param(all.map((r) => r.due_date))}::date[], ${sql.param(all.map((r) => toDecimalString(r.amount)))}::numeric[])
      as v(sale_id, number, due_date, amount)`);
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

/**
 * Everything settling these sales reads, in one statement whatever their number: each sale with its counted payment
 * totals, its schedule and its renovation containers (the caller holds the sales' row locks).
 */
export async function readLedgers(tx: Executor, saleIds: readonly number[]): Promise<LedgerRead[]> {
  return rows<LedgerRead>(
    tx,
    sql`select ${ledgerColumns} from sales where sales.id = any(${sql.param([...new Set(saleIds)])}::int[])`,
  );
}

/** The columns of a `LedgerRead` of a row of `sales`, for `readLedgers` and a statement reading more of the sale. */
export const ledgerColumns = sql`sales.id, sales.price::text as price, sales.status,
      sales.renovation_price::text as renovation_price,
      coalesce((select json_object_agg(t.mode, t.total::text) from (select p.mode, sum(p.credited) as total
        from payments p where p.sale_id = sales.id and p.voided_at is null group by p.mode) t), '{}'::json) as totals,
      coalesce((select json_agg(json_build_object('id', i.id, 'due_date', to_char(i.due_date, 'YYYY-MM-DD'),
          'amount', i.amount::text, 'paid', i.paid::text) order by i.number)
        from installments i where i.sale_id = sales.id), '[]'::json) as schedule,
      ${containersJson(sql`sales.id`)} as containers`;

/**
 * The notices of sales turning overdue, for a CTE of the statement that changes their status: `changed` selects
 * (id, user_id, contract_no) of those sales. Once a day per sale (the key names the sale and the day).
 */
export const overdueNotices = (changed: SQL, today: string) =>
  noticesFrom(sql`
    select c.user_id, 'sale_overdue' as kind, jsonb_build_object('contract_no', c.contract_no) as params,
      '/sales/' || c.id || '/show' as link, 'sale-overdue:' || c.id || ':' || ${today}::text as dedupe_key
    from (${changed}) c
    where c.user_id is not null`);

/** What a settlement records beside the money: entries of the sales' histories, notices to staff. */
export interface SettlementRecords {
  history?: readonly SaleHistoryEntry[];
  notices?: readonly StaffNotice[];
}

/**
 * Writes a settlement, step by step: each installment's paid and whether it was paid on time (a payment's date or
 * removal can change that without changing what is paid), the containers' installments and totals, the sales' new or
 * changed payments in each currency of presentation (converted.ts), the sales' totals and status, the notices of
 * sales it turns overdue, and the `records`. Every step writes all the sales at once, from arrays.
 */
export async function writeSettlement(tx: Tx, plan: Settlement, records: SettlementRecords = {}) {
  const ofSales = (saleId: SQL) => sql`${saleId} = any(${sql.param(plan.saleIds)}::int[])`;
  await tx.execute(sql`update installments as i set paid = coalesce(v.paid, i.paid), paid_on_time = w.paid_on_time
    from (${paidOnTimeOf(ofSales)}) as w
    left join unnest(${sql.param(plan.installments.id)}::int[], ${sql.param(plan.installments.paid)}::numeric[])
      as v(id, paid) on v.id = w.id
    where i.id = w.id and (v.id is not null or i.paid_on_time is distinct from w.paid_on_time)`);
  await writeContainers(tx, plan.containers);
  await tx.execute(convertPayments(sql`${ofSales(sql`q.sale_id`)} and ${notConverted}`));
  const settled = plan.sales;
  await tx.execute(sql`update sales as s set paid_total = v.paid_total, renovation_price = v.renovation_price,
      renovation_paid = v.renovation_paid, status = v.status, amount_overdue = v.amount_overdue, updated_at = now()
    from unnest(${sql.param(settled.id)}::int[], ${sql.param(settled.paidTotal)}::numeric[],
      ${sql.param(settled.renovationPrice)}::numeric[], ${sql.param(settled.renovationPaid)}::numeric[],
      ${sql.param(settled.status)}::text[], ${sql.param(settled.amountOverdue)}::numeric[])
      as v(id, paid_total, renovation_price, renovation_paid, status, amount_overdue)
    where s.id = v.id`);
  if (plan.turnedOverdue.length)
    await tx.execute(
      overdueNotices(
        sql`select s.id, s.user_id, s.contract_no from sales s
          where s.id = any(${sql.param(plan.turnedOverdue)}::int[])`,
        plan.today,
      ),
    );
  await writeHistories(tx, records.history ?? []);
  await notifyUsers(tx, [...(records.notices ?? [])]);
}

/**
 * Settles many sales at once (a bank statement touches thousands): one read and the same few writes whatever their
 * number (`readLedgers`, `planSettlement`, `writeSettlement`). The caller holds the sales' row locks. `notify: false`
 * (the seeds) tells no manager of a sale it turns overdue.
 */
export async function settleMany(
  tx: Tx,
  saleIds: readonly number[],
  today = businessToday(),
  options: { notify?: boolean; records?: SettlementRecords } = {},
): Promise<Map<number, SettledSale>> {
  if (saleIds.length === 0) return new Map();
  const plan = planSettlement(await readLedgers(tx, saleIds), today);
  // a seed writes history, not news: its sales turning overdue tell no one
  if (options.notify === false) plan.turnedOverdue = [];
  await writeSettlement(tx, plan, options.records);
  return plan.settled;
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

/**
 * Writes `paid_on_time` of every installment of the sales `saleCondition` picks (the seed writes schedules in bulk).
 */
export async function markPaidOnTime(tx: Executor, saleCondition: (saleId: SQL) => SQL) {
  await tx.execute(
    sql`update installments as i set paid_on_time = w.paid_on_time from (${paidOnTimeOf(saleCondition)}) as w
        where i.id = w.id and i.paid_on_time is distinct from w.paid_on_time`,
  );
}

/** Settles one sale (see settleMany), writing `records` with it, and answers its new state. */
export async function settle(tx: Tx, saleId: number, records: SettlementRecords = {}): Promise<SettledSale> {
  const state = (await settleMany(tx, [saleId], businessToday(), { records })).get(saleId);
  if (!state) throw notFound();
  return state;
}

/**
 * The installment columns the late rule reads:
 * drizzle's own, or those of an alias in raw SQL (`installmentAlias('i')`).
 */
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
 * its due date is before `today` (domain/ledger says the same for one sale in memory), a value or a placeholder.
 */
export const lateInstallment = (today: string | Placeholder, columns: InstallmentColumns = installments): SQL =>
  sql`(${columns.paid} < ${columns.amount} and ${columns.dueDate} < ${today}::date)`;

/**
 * The installments that domain/ledger's installmentStatus reads as `status` on `today`, for a list filter: paid when
 * fully paid, late by the late rule above, otherwise partly paid when something is paid, else unpaid (due).
 */
export const installmentInStatus = (
  status: InstallmentStatus,
  today: string,
  columns: InstallmentColumns = installments,
): SQL => {
  const paidUp = sql`${columns.paid} >= ${columns.amount}`;
  const late = lateInstallment(today, columns);
  if (status === 'paid') return paidUp;
  if (status === 'late') return late;
  // not paid up and not late, written as a range of due dates so the due-date index starts at today
  const due = sql`${columns.paid} < ${columns.amount} and ${columns.dueDate} >= ${today}::date`;
  return status === 'partial' ? sql`(${due} and ${columns.paid} > 0)` : sql`(${due} and ${columns.paid} <= 0)`;
};

/**
 * What is late on a sale (`saleId`, a column or a value): its own late installments and its renovation containers'
 * (`renovationLateness`), as the oldest late due date, the days since it and the amount still owed on them, in the
 * sale's currency. The overdue list, a cancellation notice and the messages to the customer all read it.
 */
export const saleLateness = (today: string, saleId: SQL) => {
  const late = sql`i.sale_id = ${saleId} and ${lateInstallment(today, installmentAlias('i'))}`;
  const renovation = renovationLateness(today, saleId);
  const oldest = sql`least((select min(i.due_date) from installments i where ${late}), ${renovation.oldestDue})`;
  return {
    oldestDue: sql<string | null>`(${oldest})::text`,
    daysLate: sql<number>`coalesce(${today}::date - ${oldest}, 0)::int`,
    amount: sql<string>`((select coalesce(sum(i.amount - i.paid), 0) from installments i where ${late}) + ${renovation.amount})`,
  };
};

/**
 * Live sales whose kept totals disagree with their installments on `today` (none, when every write kept them in
 * step): the schedule's count (`payments_count`), sum (`price`) and paid (`paid_total`), and what its late
 * installments lack (`amount_overdue`). The payment schedules' totals read the kept ones.
 */
export async function salesOutOfStep(db: Db, today: string) {
  return rows<{ id: number; kept: string; installments: string }>(
    db,
    sql`with i as (select sale_id, count(*)::int as count, sum(amount) as amount, sum(paid) as paid,
          coalesce(sum(amount - paid) filter (where ${lateInstallment(today, installmentAlias('installments'))}), 0)
            as late
        from installments group by sale_id)
      select s.id, concat_ws(' / ', s.payments_count, s.price, s.paid_total, s.amount_overdue) as kept,
        concat_ws(' / ', i.count, i.amount, i.paid, i.late) as installments
      from sales s left join i on i.sale_id = s.id
      where s.deleted_at is null and (i.count is distinct from s.payments_count or i.amount is distinct from s.price
        or i.paid is distinct from s.paid_total or i.late is distinct from s.amount_overdue)
      order by s.id`,
  );
}
