import { sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { ReportFilters } from '../../../domain/contracts/reports';
import type { Db } from '../../db/client';
import { blockCondition, buildingCondition, liveSaleIn } from './filters';
import { minor, monthsBetween, query, saleAmount, saleFx, whole } from './conversion';
import { receiptsBy } from './receiptsReports';

/** The reports read from sales: sales by month, each manager's sales and receipts, the overview per complex. */

/** Live sales in scope whose contract date falls in the period. */
const signedIn = (user: Principal, f: ReportFilters) =>
  sql`${liveSaleIn(user, f)} and s.contract_start_date between ${f.date_from}::date and ${f.date_to}::date`;

/** The units of each sale `s` of `fx`: how many and their area (`u`), counted in one pass rather than per sale. */
const saleUnits = sql`left join (
    select sp.sale_id, count(*)::int as units, coalesce(sum(p.area), 0) as area
    from sale_properties sp join properties p on p.id = sp.property_id
    where sp.sale_id in (select fx.id from fx)
    group by sp.sale_id) u on u.sale_id = s.id`;

interface SignedRow {
  key: string | number | null;
  name: string | null;
  count: number;
  units: number;
  area: string;
  value: string;
}

/** Sales signed in the period grouped by `key` (a month, a manager, a complex). */
function signedBy(db: Db, user: Principal, f: ReportFilters, key: 'month' | 'manager' | 'building') {
  const keyOf = {
    month: { key: sql`to_char(s.contract_start_date, 'YYYY-MM')`, name: sql`null::text` },
    manager: { key: sql`s.user_id`, name: sql`max(us.full_name)` },
    building: { key: sql`s.building_id`, name: sql`null::text` },
  }[key];
  return query<SignedRow>(
    db,
    sql`with ${saleFx(f.currency, signedIn(user, f))}
    select ${keyOf.key} as key, ${keyOf.name} as name, count(*)::int as count, coalesce(sum(u.units), 0)::int as units,
      coalesce(sum(u.area), 0) as area, coalesce(sum(${saleAmount(f.currency, sql`s.price`)}), 0) as value
    from sales s join fx on fx.id = s.id
    left join users us on us.id = s.user_id
    ${saleUnits}
    group by 1`,
  );
}

/** POST /sales/getReport: per month of the contract date, how many sales, units, their area and contract value. */
export async function salesByMonth(db: Db, user: Principal, f: ReportFilters) {
  const found = new Map((await signedBy(db, user, f, 'month')).map((r) => [r.key, r]));
  return monthsBetween(f.date_from, f.date_to).map((month) => {
    const r = found.get(month);
    return { month, count: whole(r?.count), units: whole(r?.units), area: minor(r?.area), value: minor(r?.value) };
  });
}

/** POST /reporting/manager-report: per responsible manager, the sales signed and the money received in the period. */
export async function managers(db: Db, user: Principal, f: ReportFilters) {
  // the two queries run side by side on PostgreSQL's pool
  const [signed, received] = await Promise.all([signedBy(db, user, f, 'manager'), receiptsBy(db, user, f, 'manager')]);
  const keys = new Map<number | null, { name: string | null }>();
  for (const r of signed) keys.set(r.key === null ? null : Number(r.key), { name: r.name });
  for (const r of received)
    if (!keys.has(r.key === null ? null : Number(r.key)))
      keys.set(r.key === null ? null : Number(r.key), { name: r.name });
  return [...keys.entries()]
    .map(([id, { name }]) => {
      const s = signed.find((r) => (r.key === null ? null : Number(r.key)) === id);
      const p = received.find((r) => (r.key === null ? null : Number(r.key)) === id);
      return {
        user_id: id,
        user_name: name ?? p?.name ?? null,
        sales_count: whole(s?.count),
        units: whole(s?.units),
        area: minor(s?.area),
        sales_value: minor(s?.value),
        received: minor(p?.converted),
      };
    })
    .sort((a, b) => b.sales_value - a.sales_value || (a.user_name ?? '').localeCompare(b.user_name ?? ''));
}

interface UnitStatusRow {
  building_id: number;
  building_name: string;
  status: string;
  count: number;
}

/** POST /reporting: per complex in scope, its units by status now, and its sales and receipts in the period. */
export async function overview(db: Db, user: Principal, f: ReportFilters) {
  const unitsQuery = query<UnitStatusRow>(
    db,
    sql`select b.id as building_id, b.name as building_name, p.status, count(p.id)::int as count
    from buildings b
    left join properties p on p.building_id = b.id and p.archived_at is null and ${blockCondition(f, sql`p.block_id`)}
    where ${buildingCondition(user, f, sql`b.id`)}
    group by b.id, b.name, p.status`,
  );
  const [units, signed, received] = await Promise.all([
    unitsQuery,
    signedBy(db, user, f, 'building'),
    receiptsBy(db, user, f, 'building'),
  ]);
  const byBuilding = new Map<number, { building_id: number; building_name: string; counts: Record<string, number> }>();
  for (const r of units) {
    const entry = byBuilding.get(r.building_id) ?? {
      building_id: r.building_id,
      building_name: r.building_name,
      counts: {},
    };
    if (r.status) entry.counts[r.status] = whole(r.count);
    byBuilding.set(r.building_id, entry);
  }
  return [...byBuilding.values()]
    .sort((a, b) => a.building_id - b.building_id)
    .map(({ building_id, building_name, counts }) => {
      const s = signed.find((r) => Number(r.key) === building_id);
      const p = received.find((r) => Number(r.key) === building_id);
      return {
        building_id,
        building_name,
        units_total: Object.values(counts).reduce((a, b) => a + b, 0),
        free: counts.free ?? 0,
        pre_booked: counts.pre_booked ?? 0,
        booked: counts.booked ?? 0,
        sold: counts.sold ?? 0,
        barter: counts.barter ?? 0,
        not_for_sale: counts.not_for_sale ?? 0,
        sales_count: whole(s?.count),
        sales_value: minor(s?.value),
        received: minor(p?.converted),
      };
    });
}
