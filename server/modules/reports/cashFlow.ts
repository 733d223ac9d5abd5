import { sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { ReportFilters } from '../../../domain/contracts/reports';
import type { Db } from '../../db/client';
import { installmentAlias, lateInstallment } from '../saleLedger';
import { liveSaleIn } from './filters';
import { minor, monthsBetween, query, saleAmount, saleFx, whole } from './conversion';

/** The first day of the month `months` after the month of `iso`. */
const monthStart = (iso: string, months: number) => {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  return `${year}-${String((((m % 12) + 12) % 12) + 1).padStart(2, '0')}-01`;
};

/** The day `iso` one year earlier (29 February falls back to the 28th). */
const yearBefore = (iso: string) => {
  const y = Number(iso.slice(0, 4)) - 1;
  const md = iso.slice(5) === '02-29' ? '02-28' : iso.slice(5);
  return `${y}-${md}`;
};

interface ComplexHistory {
  building_id: number;
  building_name: string;
  due_count: number;
  on_time_count: number;
}

/**
 * POST /reporting/cash-flow (this product's own call): for this month and the 11 after it, what the schedules still
 * ask from today on, and what history says will come in: per complex, the share of installments due in the last 12
 * months that were paid on time (the sale's payments up to the due date covered every installment up to it), times
 * what is scheduled. The overdue still open is apart, per complex and in total. The period filter does not apply.
 */
export async function cashFlow(db: Db, user: Principal, f: ReportFilters, today: string) {
  const from = today;
  const until = monthStart(today, 12);
  const historyFrom = yearBefore(today);
  // the on-time history needs no conversion: it counts installments, each judged by the ledger when the sale's money
  // was last written (installments.paid_on_time: the payments up to the due date covered it and every one before it)
  const historyQuery = query<ComplexHistory>(
    db,
    sql`with counted_sales as materialized (select s.id, s.building_id from sales s where ${liveSaleIn(user, f)})
    , counted as (
      select cs.building_id, count(*)::int as due_count, count(*) filter (where i.paid_on_time)::int as on_time_count
      from installments i join counted_sales cs on cs.id = i.sale_id
      where i.due_date >= ${historyFrom}::date and i.due_date < ${today}::date
      group by cs.building_id)
    select b.id as building_id, b.name as building_name,
      coalesce(c.due_count, 0) as due_count, coalesce(c.on_time_count, 0) as on_time_count
    from buildings b left join counted c on c.building_id = b.id
    where b.id in (select building_id from counted_sales)
    order by b.id`,
  );
  // what is still to pay: late (the open overdue) or falling due in the next 12 months
  const aheadQuery = query<{ building_id: number; month: string; scheduled: string }>(
    db,
    sql`with ${saleFx(f.currency, liveSaleIn(user, f))}
    , open as (
      select fx.building_id,
        case when ${lateInstallment(today, installmentAlias('i'))} then 'late' else to_char(i.due_date, 'YYYY-MM') end
          as month,
        sum(${saleAmount(f.currency, sql`i.amount`)} - ${saleAmount(f.currency, sql`i.paid`)}) as scheduled
      from installments i join fx on fx.id = i.sale_id
      where i.paid < i.amount and i.due_date < ${until}::date
      group by 1, 2)
    select building_id, month, scheduled from open`,
  );
  const [history, ahead] = await Promise.all([historyQuery, aheadQuery]);
  const open = new Map(ahead.map((a) => [`${a.building_id}|${a.month}`, minor(a.scheduled)]));
  const months = monthsBetween(from, monthStart(today, 11));
  const complexes = history.map((h) => {
    const dueCount = whole(h.due_count);
    const onTime = whole(h.on_time_count);
    // no installment fell due in the last year: nothing says it will be late
    const expectedOf = (scheduled: number) => (dueCount ? Math.round((scheduled * onTime) / dueCount) : scheduled);
    const perMonth = months.map((month) => {
      const scheduled = open.get(`${h.building_id}|${month}`) ?? 0;
      return { month, scheduled, expected: expectedOf(scheduled) };
    });
    return {
      building_id: h.building_id,
      building_name: h.building_name,
      on_time_share: dueCount ? Math.round((onTime / dueCount) * 10000) / 10000 : 1,
      scheduled: perMonth.reduce((a, m) => a + m.scheduled, 0),
      expected: perMonth.reduce((a, m) => a + m.expected, 0),
      overdue_open: open.get(`${h.building_id}|late`) ?? 0,
      perMonth,
    };
  });
  const rows = months.map((month, i) => ({
    month,
    scheduled: complexes.reduce((a, c) => a + c.perMonth[i].scheduled, 0),
    expected: complexes.reduce((a, c) => a + c.perMonth[i].expected, 0),
  }));
  return {
    rows,
    complexes: complexes.map(({ perMonth: _perMonth, ...c }) => c),
    overdueOpen: complexes.reduce((a, c) => a + c.overdue_open, 0),
  };
}
