import { asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import { agentFeeStatus, daysLate, installmentStatus, overdueSummary, percentOf } from '../../../domain/ledger';
import { fromMinor, toMinor, type Minor } from '../../../domain/money';
import type { SaleStatus } from '../../../domain/sales';
import type { Db, Tx } from '../../db/client';
import {
  agents,
  blocks,
  buildings,
  customers,
  installments,
  properties,
  saleProperties,
  sales,
  users,
} from '../../db/schema';
import { customerName } from '../../../domain/names';
import { businessToday } from '../../../domain/businessDay';
import { installmentAlias, lateInstallment } from '../saleLedger';

export type Executor = Db | Tx;
export type SaleRow = typeof sales.$inferSelect;

/**
 * The columns of one sale row: the sale and the names around it (units and installments load per page). The complex's,
 * agent's and manager's names are looked up for each row by key: joined, PostgreSQL read and hashed every complex,
 * agent and user to name the 25 sales of a page (0.4 ms of a page's 1.8 at scale 100).
 */
export const rowColumns = {
  sale: sales,
  buildingName: sql<string>`(select b.name from ${buildings} b where b.id = ${sales.buildingId})`,
  customerNameKa: customers.nameKa,
  customerNameEn: customers.nameEn,
  customerNameRu: customers.nameRu,
  customerPersonalNumber: sql<string | null>`coalesce(${customers.personalNumber}, ${customers.companyCode})`,
  customerPhones: customers.phones,
  agentName: sql<string | null>`(select a.name from ${agents} a where a.id = ${sales.agentId})`,
  userName: sql<string | null>`(select u.full_name from ${users} u where u.id = ${sales.userId})`,
};
export type Row = {
  sale: SaleRow;
  buildingName: string;
  customerNameKa: string;
  customerNameEn: string | null;
  customerNameRu: string | null;
  customerPersonalNumber: string | null;
  customerPhones: string[];
  agentName: string | null;
  userName: string | null;
};

export type Unit = {
  id: number;
  no: string;
  floor: number;
  area: number;
  block_name: string | null;
  type: string;
  state: string;
  price: number;
};
type UnitJson = Omit<Unit, 'area' | 'price'> & { area: string; price: string };
type InstallmentJson = { id: number; number: number; due_date: string; amount: string; paid: string };
export type Installment = { id: number; number: number; dueDate: string; amount: Minor; paid: Minor };

/** What a sale's record shows of its schedule: the next installment still owing, and what is late. */
export interface ScheduleSummary {
  nextDueDate: string | null;
  nextDueRemaining: Minor | null;
  oldestLateDueDate: string | null;
  amountOverdue: Minor;
}

/** The summary of a schedule read whole (the sale page). */
export function summaryOf(schedule: readonly Installment[], today: string): ScheduleSummary {
  const overdue = overdueSummary(
    schedule.map((i) => ({ due_date: i.dueDate, amount: i.amount, paid: i.paid })),
    today,
  );
  const next = schedule.find((i) => i.paid < i.amount);
  return {
    nextDueDate: next?.dueDate ?? null,
    nextDueRemaining: next ? next.amount - next.paid : null,
    oldestLateDueDate: overdue.oldest_due_date,
    amountOverdue: overdue.amount_overdue,
  };
}

/** What a cancelled sale's record shows of its schedule: nothing to pay next and nothing late, its schedule stopped. */
const NOTHING_OWED: ScheduleSummary = {
  nextDueDate: null,
  nextDueRemaining: null,
  oldestLateDueDate: null,
  amountOverdue: 0,
};

export const money = (value: string | number) => fromMinor(toMinor(value));

/** Paid share of the price in percent, two decimals, half-up. */
export const paidPercent = (paid: Minor, price: Minor) =>
  price > 0 ? Math.floor((paid * 20_000 + price) / (2 * price)) / 100 : 0;

/** An installment as the sale page shows it: what is due, paid and left, and its status today. */
export const presentInstallment = (row: typeof installments.$inferSelect, today: string) =>
  presentScheduled(
    { id: row.id, number: row.number, dueDate: row.dueDate, amount: toMinor(row.amount), paid: toMinor(row.paid) },
    today,
  );

/** The same, from an installment already read in minor units. */
export function presentScheduled({ id, number, dueDate, amount, paid }: Installment, today: string) {
  return {
    id,
    number,
    due_date: dueDate,
    amount: fromMinor(amount),
    paid: fromMinor(paid),
    remaining: fromMinor(Math.max(0, amount - paid)),
    status: installmentStatus({ due_date: dueDate, amount, paid }, today),
  };
}

/** The sale record of the contract, from its row, units and schedule (of which a cancelled sale owes nothing). */
function presentSale(row: Row, units: Unit[], scheduled: ScheduleSummary, locale: Locale, today: string) {
  const s = row.sale;
  const summary = s.status === 'canceled' ? NOTHING_OWED : scheduled;
  const price = toMinor(s.price);
  const paidTotal = toMinor(s.paidTotal);
  const renovationPrice = toMinor(s.renovationPrice);
  const renovationPaid = toMinor(s.renovationPaid);
  const feePercent = Number(s.agentFeePercent);
  const minimumIncome = Number(s.minimumIncomePercent);
  return {
    id: s.id,
    contract_no: s.contractNo,
    status: s.status as SaleStatus,
    building_id: s.buildingId,
    building_name: row.buildingName,
    customer_id: s.customerId,
    customer_name: customerName(
      { nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu },
      locale,
    ),
    customer_personal_number: row.customerPersonalNumber,
    customer_phone: row.customerPhones[0] ?? null,
    agent_id: s.agentId,
    agent_name: row.agentName,
    agent_fee_percent: feePercent,
    agent_fee_amount: fromMinor(percentOf(price, feePercent)),
    agent_fee_status: agentFeeStatus({
      price,
      paid_total: paidTotal,
      minimum_income_percent: minimumIncome,
      agent_fee_paid: s.agentFeePaidAt !== null,
    }),
    agent_is_paid: s.agentFeePaidAt !== null,
    minimum_income_percent: minimumIncome,
    user_id: s.userId,
    user_name: row.userName,
    price: fromMinor(price),
    currency: s.currency,
    currency_rate: s.currencyRate,
    paid_total: fromMinor(paidTotal),
    remaining: fromMinor(Math.max(0, price - paidTotal)),
    paid_percent: paidPercent(paidTotal, price),
    contract_type: s.contractType,
    payment_type: s.paymentType,
    contract_language: s.contractLanguage,
    contract_start_date: s.contractStartDate,
    contract_end_date: s.contractEndDate,
    first_payment_date: s.firstPaymentDate,
    period_months: s.periodMonths,
    payments_count: s.paymentsCount,
    formula: s.formula,
    activity_type: s.activityType,
    note: s.note,
    renovation_price: fromMinor(renovationPrice),
    renovation_paid: fromMinor(renovationPaid),
    renovation_debt: fromMinor(Math.max(0, renovationPrice - renovationPaid)),
    pre_sale_booking_id: s.preSaleBookingId,
    properties: units,
    next_due_date: summary.nextDueDate,
    next_due_amount: summary.nextDueRemaining === null ? null : fromMinor(summary.nextDueRemaining),
    days_late: daysLate(summary.oldestLateDueDate, today),
    amount_overdue: fromMinor(summary.amountOverdue),
    customer_change_date: s.customerChangeDate,
    customer_change_reason: s.customerChangeReason,
    cancellation_date: s.cancellationDate,
    cancellation_reason: s.cancellationReason,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** The shared reading of sales: the wide row, the units and schedules by id, and the record as the API answers it. */
export function createSaleReader(db: Db) {
  /** The sale with the names around it; `extra` adds columns read in the same statement. */
  const joined = <Extra extends Record<string, SQL.Aliased | SQL>>(executor: Executor, extra: Extra) =>
    executor
      .select({ ...rowColumns, ...extra })
      .from(sales)
      .innerJoin(customers, eq(customers.id, sales.customerId));
  const base = (executor: Executor = db) => joined(executor, {});

  /**
   * The units and the schedule of each sale of a row as JSON, read in the row's own statement (a list page is one
   * statement); amounts travel as text so no cent passes through a float.
   */
  const detailColumns = {
    unitsJson: sql<UnitJson[]>`coalesce((
      select json_agg(json_build_object('id', p.id, 'no', p.no, 'floor', p.floor, 'area', p.area::text,
          'block_name', bl.name, 'type', p.type, 'state', p.state, 'price', sp.price::text)
        order by p.floor, lpad(p.no, 12, '0'))
      from sale_properties sp join properties p on p.id = sp.property_id left join blocks bl on bl.id = p.block_id
      where sp.sale_id = ${sales.id}), '[]'::json)`,
    scheduleJson: sql<InstallmentJson[]>`coalesce((
      select json_agg(json_build_object('id', i.id, 'number', i.number, 'due_date', i.due_date,
          'amount', i.amount::text, 'paid', i.paid::text) order by i.number)
      from installments i where i.sale_id = ${sales.id}), '[]'::json)`,
  };

  /** The rows of `base` with their units and schedules, for a page read in one statement. */
  const withDetails = (executor: Executor = db) => joined(executor, detailColumns);

  /**
   * A list page's rows with their units and the summary of their schedules worked out in the database (the next
   * installment owing, the late ones by `lateInstallment`, as `summaryOf` does in memory): the schedules themselves
   * never travel.
   */
  const withSummaries = (today: string | Placeholder, executor: Executor = db) =>
    joined(executor, {
      unitsJson: detailColumns.unitsJson,
      nextDue: sql<{ due_date: string; remaining: string } | null>`(
        select json_build_object('due_date', i.due_date, 'remaining', (i.amount - i.paid)::text)
        from installments i where i.sale_id = ${sales.id} and i.paid < i.amount order by i.number limit 1)`,
      late: sql<{ oldest: string | null; amount: string }>`(
        select json_build_object('oldest', min(i.due_date), 'amount', coalesce(sum(i.amount - i.paid), 0)::text)
        from installments i where i.sale_id = ${sales.id} and ${lateInstallment(today, installmentAlias('i'))})`,
    });

  const unitsOf = (list: UnitJson[]): Unit[] =>
    list.map((u) => ({ ...u, area: Number(u.area), price: money(u.price) }));
  const scheduleOf = (list: InstallmentJson[]): Installment[] =>
    list.map((i) => ({
      id: i.id,
      number: i.number,
      dueDate: i.due_date,
      amount: toMinor(i.amount),
      paid: toMinor(i.paid),
    }));

  /** The units and the schedule of the given sales, one query each. */
  async function detailsOf(executor: Executor, saleIds: number[]) {
    const units = new Map<number, Unit[]>();
    const schedules = new Map<number, Installment[]>();
    if (!saleIds.length) return { units, schedules };
    const [unitRows, installmentRows] = await Promise.all([
      executor
        .select({
          saleId: saleProperties.saleId,
          share: saleProperties.price,
          property: properties,
          blockName: blocks.name,
        })
        .from(saleProperties)
        .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
        .leftJoin(blocks, eq(blocks.id, properties.blockId))
        .where(inArray(saleProperties.saleId, saleIds))
        .orderBy(asc(properties.floor), asc(sql`lpad(${properties.no}, 12, '0')`)),
      executor
        .select()
        .from(installments)
        .where(inArray(installments.saleId, saleIds))
        .orderBy(asc(installments.number)),
    ]);
    for (const r of unitRows) {
      const unit = {
        id: r.property.id,
        no: r.property.no,
        floor: r.property.floor,
        area: Number(r.property.area),
        block_name: r.blockName,
        type: r.property.type,
        state: r.property.state,
        price: money(r.share),
      };
      units.set(r.saleId, [...(units.get(r.saleId) ?? []), unit]);
    }
    for (const i of installmentRows) {
      const row = { id: i.id, number: i.number, dueDate: i.dueDate, amount: toMinor(i.amount), paid: toMinor(i.paid) };
      schedules.set(i.saleId, [...(schedules.get(i.saleId) ?? []), row]);
    }
    return { units, schedules };
  }

  async function presentRows(executor: Executor, rows: Row[], locale: Locale) {
    const today = businessToday();
    const { units, schedules } = await detailsOf(
      executor,
      rows.map((r) => r.sale.id),
    );
    return rows.map((r) =>
      presentSale(r, units.get(r.sale.id) ?? [], summaryOf(schedules.get(r.sale.id) ?? [], today), locale, today),
    );
  }

  type DetailedRow = Row & { unitsJson: UnitJson[]; scheduleJson: InstallmentJson[] };
  type SummarizedRow = Row & {
    unitsJson: UnitJson[];
    nextDue: { due_date: string; remaining: string } | null;
    late: { oldest: string | null; amount: string };
  };

  /** A row read by `withDetails`: the record as the API answers it, and its schedule. */
  const presentDetailed = (row: DetailedRow, locale: Locale, today: string) => {
    const schedule = scheduleOf(row.scheduleJson);
    return { sale: presentSale(row, unitsOf(row.unitsJson), summaryOf(schedule, today), locale, today), schedule };
  };
  // built and prepared once: building this wide statement at every call slowed the list (docs/decisions.md)
  const pageRowsStatement = withSummaries(sql.placeholder('today'))
    .where(sql`${sales.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('sales_page_rows');
  /** A list page's rows by id (`withSummaries`). */
  const pageRows = (ids: readonly number[], today: string) => pageRowsStatement.execute({ ids, today });

  /** Rows read by `withSummaries`, as the list answers them. */
  const presentSummarized = (rows: SummarizedRow[], locale: Locale, today: string) =>
    rows.map((r) =>
      presentSale(
        r,
        unitsOf(r.unitsJson),
        {
          nextDueDate: r.nextDue?.due_date ?? null,
          nextDueRemaining: r.nextDue ? toMinor(r.nextDue.remaining) : null,
          oldestLateDueDate: r.late.oldest,
          amountOverdue: toMinor(r.late.amount),
        },
        locale,
        today,
      ),
    );

  return {
    base,
    withDetails,
    pageRows,
    detailsOf,
    present: presentSale,
    presentRows,
    presentDetailed,
    presentSummarized,
  };
}

export type SaleReader = ReturnType<typeof createSaleReader>;
