import { sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { ReportFilters } from '../../../domain/contracts/reports';
import type { Db } from '../../db/client';
import { buildingCondition, liveSaleIn } from './filters';
import { minor, query, saleAmount, saleFx, whole } from './conversion';
import { receiptsBy } from './receiptsReports';
import { monthTargets } from '../bonuses';
import { toMinor } from '../../../domain/money';
import { achievementPercent } from '../../../domain/bonuses';

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
const monthStart = (iso: string, back: number) => {
  const d = new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1 - back, 1));
  return d.toISOString().slice(0, 10);
};

/** The aging buckets of the overdue: days late 1-30, 31-60, 61-90, over 90. */
export const AGING = ['0-30', '31-60', '61-90', '90+'] as const;

/**
 * GET /reporting/dashboard: the home page's figures in the user's scope, in the currency asked (GEL by default):
 * installments due today and in the next 7 days (unpaid part), the overdue with its aging by installment, receipts this
 * month against last month, and the free units per complex.
 */
export async function dashboard(db: Db, user: Principal, f: ReportFilters, today: string) {
  const weekEnd = addDays(today, 6);
  const thisMonth = monthStart(today, 0);
  // the installments the cards read: not fully paid and due by the week's end (the unpaid-due index finds them), and
  // only their sales are converted
  const owing = sql`i.paid < i.amount and i.due_date <= ${weekEnd}::date`;
  // four reads side by side: the page waits for the longest, not for their sum
  const dueRead = query<Record<string, string | number>>(
    db,
    sql`with ${saleFx(f.currency, sql`${liveSaleIn(user, f)} and s.id in (select i.sale_id from installments i where ${owing})`)}
    , open as (
      select i.sale_id, i.due_date, ${saleAmount(f.currency, sql`i.amount`)} - ${saleAmount(f.currency, sql`i.paid`)} as left_to_pay
      from installments i join fx on fx.id = i.sale_id
      where ${owing})
    select
      count(*) filter (where due_date = ${today}::date)::int as today_count,
      coalesce(sum(left_to_pay) filter (where due_date = ${today}::date), 0) as today_amount,
      count(*) filter (where due_date between ${today}::date and ${weekEnd}::date)::int as week_count,
      coalesce(sum(left_to_pay) filter (where due_date between ${today}::date and ${weekEnd}::date), 0) as week_amount,
      count(distinct sale_id) filter (where due_date < ${today}::date)::int as overdue_sales,
      coalesce(sum(left_to_pay) filter (where due_date < ${today}::date), 0) as overdue_amount,
      coalesce(sum(left_to_pay) filter (where due_date between ${addDays(today, -30)}::date and ${addDays(today, -1)}::date), 0) as a1,
      coalesce(sum(left_to_pay) filter (where due_date between ${addDays(today, -60)}::date and ${addDays(today, -31)}::date), 0) as a2,
      coalesce(sum(left_to_pay) filter (where due_date between ${addDays(today, -90)}::date and ${addDays(today, -61)}::date), 0) as a3,
      coalesce(sum(left_to_pay) filter (where due_date < ${addDays(today, -90)}::date), 0) as a4
    from open`,
  );
  const receivedRead = receiptsBy(db, user, { ...f, date_from: monthStart(today, 1), date_to: today }, 'month');
  const freeRead = query<{ building_id: number; building_name: string; free: number; units: number }>(
    db,
    sql`select b.id as building_id, b.name as building_name, coalesce(c.free, 0)::int as free,
      coalesce(c.units, 0)::int as units
    from buildings b left join (
      select p.building_id, count(*) filter (where p.status = 'free') as free, count(*) as units
      from properties p where p.archived_at is null and ${buildingCondition(user, f, sql`p.building_id`)}
      group by p.building_id) c on c.building_id = b.id
    where ${buildingCondition(user, f, sql`b.id`)}
    order by b.id`,
  );
  const [[due], received, free, targets] = await Promise.all([
    dueRead,
    receivedRead,
    freeRead,
    targetsOfMonth(db, user, today.slice(0, 7)),
  ]);
  const receivedIn = (month: string) => minor(received.find((r) => r.key === month.slice(0, 7))?.converted);
  return {
    due_today: { count: whole(due?.today_count), amount: minor(due?.today_amount) },
    due_week: { count: whole(due?.week_count), amount: minor(due?.week_amount), until: weekEnd },
    overdue: {
      sales: whole(due?.overdue_sales),
      amount: minor(due?.overdue_amount),
      aging: [due?.a1, due?.a2, due?.a3, due?.a4].map((v, i) => ({ bucket: AGING[i], amount: minor(v) })),
    },
    receipts: { this_month: receivedIn(thisMonth), last_month: receivedIn(monthStart(today, 1)) },
    free_units: free.map((r) => ({ ...r, free: whole(r.free), units: whole(r.units) })),
    targets,
  };
}

/** The month's targets of the managers the user may see, summed per currency with what they signed (minor units). */
async function targetsOfMonth(db: Db, user: Principal, month: string) {
  const sums = new Map<string, { currency: string; amount: number; achieved: number }>();
  for (const { target } of (await monthTargets(db, user, month)).values()) {
    const sum = sums.get(target.currency) ?? { currency: target.currency, amount: 0, achieved: 0 };
    sum.amount += toMinor(target.amount);
    sum.achieved += toMinor(target.achieved);
    sums.set(target.currency, sum);
  }
  return [...sums.values()].map((s) => ({
    ...s,
    achievement_percent: achievementPercent(s.achieved, s.amount),
  }));
}
