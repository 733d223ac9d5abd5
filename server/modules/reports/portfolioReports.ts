import { sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { ReportFilters } from '../../../domain/contracts/reports';
import type { Db } from '../../db/client';
import { installmentAlias, lateInstallment } from '../saleLedger';
import { blockCondition, buildingCondition, liveSaleIn, ownSaleCondition } from './filters';
import { dayRates, minor, monthsBetween, query, saleAmount, saleFx, whole } from './conversion';

/** The reports on what the portfolio holds: the finance summary, installments by month, units by year, deals, years. */

const late = (today: string) => lateInstallment(today, installmentAlias('i'));

/** Live sales in scope whose contract date falls in the period. */
const signedIn = (user: Principal, f: ReportFilters) =>
  sql`${liveSaleIn(user, f)} and s.contract_start_date between ${f.date_from}::date and ${f.date_to}::date`;

interface FinanceRow {
  building_id: number;
  building_name: string;
  sales_count: number;
  contract_value: string;
  received: string;
  overdue: string;
}

/**
 * POST /reporting/getFinanceSummaryReport: per complex, the live sales signed in the period: their contract value,
 * what is received on them by now (the ledger's paid total), what is still to receive, and how much of it is late.
 */
export async function financeSummary(db: Db, user: Principal, f: ReportFilters, today: string) {
  const found = await query<FinanceRow>(
    db,
    sql`with ${saleFx(f.currency, signedIn(user, f))}
    , late as (
      select i.sale_id, sum(${saleAmount(f.currency, sql`i.amount`)} - ${saleAmount(f.currency, sql`i.paid`)}) as overdue
      from installments i join fx on fx.id = i.sale_id
      where ${late(today)}
      group by i.sale_id)
    select b.id as building_id, b.name as building_name, count(*)::int as sales_count,
      coalesce(sum(${saleAmount(f.currency, sql`s.price`)}), 0) as contract_value,
      coalesce(sum(${saleAmount(f.currency, sql`s.paid_total`)}), 0) as received,
      coalesce(sum(late.overdue), 0) as overdue
    from sales s join fx on fx.id = s.id
    join buildings b on b.id = s.building_id
    left join late on late.sale_id = s.id
    group by b.id, b.name
    order by b.id`,
  );
  return found.map((r) => {
    const value = minor(r.contract_value);
    const received = minor(r.received);
    return {
      building_id: r.building_id,
      building_name: r.building_name,
      sales_count: whole(r.sales_count),
      contract_value: value,
      received,
      receivable: value - received,
      overdue: minor(r.overdue),
    };
  });
}

interface InstallmentRow {
  month: string;
  count: number;
  amount: string;
  paid: string;
  overdue: string;
}

/** POST /payment-scheduler/forReporting: per month of the due date, the installments, what is paid, left and late. */
export async function installmentsByMonth(db: Db, user: Principal, f: ReportFilters, today: string) {
  const found = await query<InstallmentRow>(
    db,
    sql`with ${saleFx(f.currency, liveSaleIn(user, f))}
    select to_char(i.due_date, 'YYYY-MM') as month, count(*)::int as count,
      coalesce(sum(${saleAmount(f.currency, sql`i.amount`)}), 0) as amount,
      coalesce(sum(${saleAmount(f.currency, sql`i.paid`)}), 0) as paid,
      coalesce(sum(case when ${late(today)}
        then ${saleAmount(f.currency, sql`i.amount`)} - ${saleAmount(f.currency, sql`i.paid`)} else 0 end), 0) as overdue
    from installments i join fx on fx.id = i.sale_id
    where i.due_date between ${f.date_from}::date and ${f.date_to}::date
    group by 1`,
  );
  return monthsBetween(f.date_from, f.date_to).map((month) => {
    const r = found.find((x) => x.month === month);
    const amount = minor(r?.amount);
    const paid = minor(r?.paid);
    return { month, count: whole(r?.count), amount, paid, remaining: amount - paid, overdue: minor(r?.overdue) };
  });
}

/** The pie's slices, in this order. */
export const PIE_SLICES = ['sold', 'booked', 'pre_booked', 'barter', 'free', 'not_for_sale'] as const;

/**
 * GET /reporting/pie/{year}: the units taken that year, by how (sold: units of live sales signed that year; booked:
 * active bookings starting that year; pre_booked: reservations made that year still holding their unit; barter:
 * barters agreed that year), beside the units free and not for sale now.
 */
export async function unitsOfYear(db: Db, user: Principal, f: ReportFilters, year: number) {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const unitIn = sql`${buildingCondition(user, f, sql`p.building_id`)} and ${blockCondition(f, sql`p.block_id`)}`;
  const found = await query<{ status: string; count: number; area: string }>(
    db,
    sql`select 'sold' as status, count(*)::int as count, coalesce(sum(p.area), 0) as area
      from sales s join sale_properties sp on sp.sale_id = s.id join properties p on p.id = sp.property_id
      where s.deleted_at is null and s.contract_start_date between ${from}::date and ${to}::date and ${unitIn}
        and ${ownSaleCondition(user)}
    union all
    select 'booked', count(*)::int, coalesce(sum(p.area), 0)
      from bookings k join properties p on p.id = k.property_id
      where k.status = 'active' and k.period_from between ${from}::date and ${to}::date and ${unitIn}
    union all
    select 'pre_booked', count(*)::int, coalesce(sum(p.area), 0)
      from pre_sale_bookings r join properties p on p.id = r.property_id
      where r.status in ('pending', 'approved') and r.created_at >= ${from}::date
        and r.created_at < (${to}::date + 1) and ${unitIn}
    union all
    select 'barter', count(*)::int, coalesce(sum(p.area), 0)
      from barters t join barter_properties bp on bp.barter_id = t.id join properties p on p.id = bp.property_id
      where t.status <> 'cancelled' and t.agreed_on between ${from}::date and ${to}::date and ${unitIn}
    union all
    select p.status, count(*)::int, coalesce(sum(p.area), 0)
      from properties p
      where p.archived_at is null and p.status in ('free', 'not_for_sale') and ${unitIn}
      group by p.status`,
  );
  return PIE_SLICES.map((status) => {
    const r = found.find((x) => x.status === status);
    return { status, count: whole(r?.count), area: minor(r?.area) };
  });
}

/**
 * POST /sales/bookings-report: bookings starting in the period and reservations made in it, by status (a converted
 * reservation became a sale; expired and rejected ones did not). A booking's value is its price at its start date's
 * rates; a reservation carries no price.
 */
export async function dealsByStatus(db: Db, user: Principal, f: ReportFilters) {
  const unitIn = sql`${buildingCondition(user, f, sql`p.building_id`)} and ${blockCondition(f, sql`p.block_id`)}`;
  const gel = (currency: ReturnType<typeof sql>) =>
    sql`(case ${currency} when 'GEL' then 1::numeric when 'USD' then days.usd else days.eur end)`;
  const found = await query<{ kind: 'booking' | 'reservation'; status: string; count: number; value: string }>(
    db,
    sql`with ${dayRates(f.date_from, f.date_to)}
    select 'booking' as kind, k.status, count(*)::int as count,
      coalesce(sum(case when k.currency = ${f.currency}::text then k.price
        else round(k.price * ${gel(sql`k.currency`)} / ${gel(sql`${f.currency}::text`)}, 2) end), 0) as value
      from bookings k join properties p on p.id = k.property_id join days on days.day = k.period_from
      where k.period_from between ${f.date_from}::date and ${f.date_to}::date and ${unitIn}
      group by k.status
    union all
    select 'reservation', r.status, count(*)::int, 0
      from pre_sale_bookings r join properties p on p.id = r.property_id
      where r.created_at >= ${f.date_from}::date and r.created_at < (${f.date_to}::date + 1) and ${unitIn}
      group by r.status`,
  );
  const order = ['active', 'pending', 'approved', 'converted', 'rejected', 'expired', 'cancelled'];
  return found
    .map((r) => ({ kind: r.kind, status: r.status, count: whole(r.count), value: minor(r.value) }))
    .sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) ||
        (order.indexOf(a.status) + 1 || 99) - (order.indexOf(b.status) + 1 || 99) ||
        a.status.localeCompare(b.status),
    );
}

/**
 * GET /reporting/getYearsRange: from the first contract year of a live sale in scope to the year its schedule ends
 * (read from the sale's terms: first payment date plus the period times the payments), at least this year.
 */
export async function yearsRange(db: Db, user: Principal, f: ReportFilters, today: string) {
  const [r] = await query<{ first: string | null; last: string | null }>(
    db,
    sql`select min(s.contract_start_date)::text as first,
      max(greatest(s.contract_start_date, coalesce(s.first_payment_date, s.contract_start_date)
        + make_interval(months => s.period_months * greatest(s.payments_count - 1, 0))))::date::text as last
    from sales s where ${liveSaleIn(user, f)}`,
  );
  const thisYear = Number(today.slice(0, 4));
  const from = Math.min(r?.first ? Number(r.first.slice(0, 4)) : thisYear, thisYear);
  const to = Math.max(r?.last ? Number(r.last.slice(0, 4)) : thisYear, thisYear);
  const rows = [];
  for (let y = from; y <= to; y += 1) rows.push({ year: y });
  return { rows, totals: { from, to } };
}
