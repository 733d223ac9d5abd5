import { sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { ReportFilters } from '../../../domain/contracts/reports';
import type { Db } from '../../db/client';
import { liveSaleIn } from './filters';
import { minor, monthsBetween, paymentAmount, query, saleAmount, saleFx, whole } from './conversion';

/**
 * The reports read from payments: receipts by month and currency, by complex and currency, scheduled against
 * received. A receipt is a payment not voided, of a live sale in scope, dated in the period (sale and renovation
 * payments alike, except where it is set against the schedule: there only the sale's own payments count).
 */

interface ReceiptRow {
  key: string | number | null;
  name: string | null;
  currency: string | null;
  count: number;
  amount: string;
  converted: string;
}

type ReceiptKey = 'month' | 'manager' | 'building' | 'building_currency' | 'month_currency';

/** Receipts in the period grouped by `key`, in the presentation currency as the ledger stored each payment in it. */
export function receiptsBy(
  db: Db,
  user: Principal,
  f: ReportFilters,
  key: ReceiptKey,
  options: { saleModeOnly?: boolean } = {},
) {
  // grouped by day (or complex, manager) first; months and names are added to the few grouped rows afterwards
  const keyOf = {
    month: { key: sql`date_trunc('month', p.paid_on)`, currency: sql`null::text` },
    month_currency: { key: sql`date_trunc('month', p.paid_on)`, currency: sql`p.currency` },
    manager: { key: sql`s.user_id`, currency: sql`null::text` },
    building: { key: sql`s.building_id`, currency: sql`null::text` },
    building_currency: { key: sql`s.building_id`, currency: sql`p.currency` },
  }[key];
  const keyText =
    key === 'month' || key === 'month_currency'
      ? { key: sql`to_char(g.key, 'YYYY-MM')`, name: sql`null::text` }
      : key === 'manager'
        ? { key: sql`g.key`, name: sql`(select us.full_name from users us where us.id = g.key)` }
        : { key: sql`g.key`, name: sql`(select b.name from buildings b where b.id = g.key)` };
  return query<ReceiptRow>(
    db,
    sql`with g as (
      select ${keyOf.key} as key, ${keyOf.currency} as currency, count(*)::int as count,
        coalesce(sum(p.amount), 0) as amount, coalesce(sum(${paymentAmount(f.currency)}), 0) as converted
      from payments p
      join sales s on s.id = p.sale_id
      where p.voided_at is null and p.paid_on between ${f.date_from}::date and ${f.date_to}::date
        and ${options.saleModeOnly ? sql`p.mode = 'sale'` : sql`true`}
        and ${liveSaleIn(user, f)}
      group by 1, 2)
    select ${keyText.key} as key, ${keyText.name} as name, g.currency, g.count, g.amount, g.converted from g`,
  );
}

/** POST /reporting/monthlyReporting: per month, receipts as received in GEL, USD and EUR, and all of them converted. */
export async function monthly(db: Db, user: Principal, f: ReportFilters) {
  const found = await receiptsBy(db, user, f, 'month_currency');
  return monthsBetween(f.date_from, f.date_to).map((month) => {
    const of = (currency: string) => found.find((r) => r.key === month && r.currency === currency);
    const inMonth = found.filter((r) => r.key === month);
    return {
      month,
      count: inMonth.reduce((acc, r) => acc + whole(r.count), 0),
      gel: minor(of('GEL')?.amount),
      usd: minor(of('USD')?.amount),
      eur: minor(of('EUR')?.amount),
      total: inMonth.reduce((acc, r) => acc + minor(r.converted), 0),
    };
  });
}

/** POST /payments/forReporting: per complex and currency received, how many payments, the amount and it converted. */
export async function paymentsByComplex(db: Db, user: Principal, f: ReportFilters) {
  const found = await receiptsBy(db, user, f, 'building_currency');
  return found
    .map((r) => ({
      building_id: Number(r.key),
      building_name: r.name ?? '',
      currency: r.currency ?? '',
      count: whole(r.count),
      amount: minor(r.amount),
      converted: minor(r.converted),
    }))
    .sort((a, b) => a.building_id - b.building_id || a.currency.localeCompare(b.currency));
}

interface ScheduledRow {
  month: string;
  scheduled: string;
  paid: string;
}

/**
 * POST /reporting/revenue-by-scheduler: per month, the installments falling due (converted at the sale's contract
 * rate), what of them is paid by now, and the sale payments received in the month (at their own rates).
 */
export async function revenueByScheduler(db: Db, user: Principal, f: ReportFilters) {
  const scheduledQuery = query<ScheduledRow>(
    db,
    sql`with ${saleFx(f.currency, liveSaleIn(user, f))}
    select to_char(i.due_date, 'YYYY-MM') as month,
      coalesce(sum(${saleAmount(f.currency, sql`i.amount`)}), 0) as scheduled,
      coalesce(sum(${saleAmount(f.currency, sql`i.paid`)}), 0) as paid
    from installments i join fx on fx.id = i.sale_id
    where i.due_date between ${f.date_from}::date and ${f.date_to}::date
    group by 1`,
  );
  const [scheduled, received] = await Promise.all([
    scheduledQuery,
    receiptsBy(db, user, f, 'month', { saleModeOnly: true }),
  ]);
  return monthsBetween(f.date_from, f.date_to).map((month) => {
    const s = scheduled.find((r) => r.month === month);
    const r = minor(received.find((x) => x.key === month)?.converted);
    const due = minor(s?.scheduled);
    return { month, scheduled: due, paid_of_scheduled: minor(s?.paid), received: r, difference: r - due };
  });
}
