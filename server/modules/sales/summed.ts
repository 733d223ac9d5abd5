import { and, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import { rows, type Db } from '../../db/client';
import { saleTotalChanges, saleTotals, saleTotalsEverywhere } from '../../db/schema';
import { filteredBy } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { ownSalesOnly } from '../saleLedger';
import type { SalesQuery } from './fields';

/**
 * Whether the sales totals of `q` can be read from the kept sums:
 * no filter set but complexes, statuses, currencies, manager.
 */
export const summable = (q: SalesQuery) => !filteredBy(q, ['building_ids', 'sale_statuses', 'payment_ccy', 'user_id']);

/** One row per currency, as the sales totals sum them. */
export interface CurrencyTotals {
  currency: string;
  count: number;
  price: string;
  paidTotal: string;
  remaining: string;
  amountOverdue: string;
}

/**
 * The sales totals of a `summable` query from the kept sums (`saleTotals` and the changes not folded in yet), under the
 * user's building scope and, for an own-sales-only user, their own sales: the same figures as summing the sales.
 */
export async function summedTotals(db: Db, user: Principal, q: SalesQuery): Promise<CurrencyTotals[]> {
  const managers = new Set([...(ownSalesOnly(user) ? [user.id] : []), ...(q.user_id !== undefined ? [q.user_id] : [])]);
  if (managers.size > 1) return [];
  const [manager] = managers;
  const scope = inBuildingScope(user, sql`k.building_id`);
  const buildingIds = q.building_ids ?? [];
  const summed = sql`currency, status, count, price, paid_total, remaining, amount_overdue`;
  const columns = sql`building_id, user_id, ${summed}`;
  // every complex and manager: the sums kept by currency and status alone
  const kept =
    !scope && manager === undefined && !buildingIds.length
      ? sql`select ${summed} from ${saleTotalsEverywhere} union all select ${summed} from ${saleTotalChanges}`
      : sql`select ${columns} from ${saleTotals} union all select ${columns} from ${saleTotalChanges}`;
  const anyOf = (column: SQL, values: readonly unknown[] | undefined, type: 'int' | 'text') =>
    values?.length ? sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])` : undefined;
  const where = and(
    scope,
    manager === undefined ? undefined : sql`k.user_id = ${manager}`,
    anyOf(sql`k.building_id`, buildingIds, 'int'),
    anyOf(sql`k.status`, q.sale_statuses, 'text'),
    anyOf(sql`k.currency`, q.payment_ccy, 'text'),
  );
  return rows<CurrencyTotals>(
    db,
    sql`select k.currency, cast(sum(k.count) as integer) as count, sum(k.price)::text as "price",
        sum(k.paid_total)::text as "paidTotal", sum(k.remaining)::text as "remaining",
        sum(k.amount_overdue)::text as "amountOverdue"
      from (${kept}) k
      where ${where ?? sql`true`}
      group by k.currency
      having sum(k.count) > 0
      order by k.currency`,
  );
}

/** The advisory lock that keeps folds one at a time across processes. */
const FOLD_LOCK = 724_002;

/**
 * Folds the changes appended by the trigger on `sales` into `saleTotals` and `saleTotalsEverywhere` (every few seconds
 * on each process, and on start): it takes the committed changes away and adds them to the kept sums in one
 * statement, so a reader sees each change exactly once. Sums of a key left with no sale are removed. Folds run one at
 * a time (a second waits for the first, then folds what is left), so when it returns every change committed before it
 * began is folded.
 */
export async function foldSaleTotals(db: Db) {
  const sums = (t: string) =>
    sql.raw(`count = ${t}.count + excluded.count, price = ${t}.price + excluded.price,
      paid_total = ${t}.paid_total + excluded.paid_total, remaining = ${t}.remaining + excluded.remaining,
      amount_overdue = ${t}.amount_overdue + excluded.amount_overdue`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
    await tx.execute(sql`
      with moved as (delete from sale_total_changes returning *),
      everywhere as (insert into sale_totals_everywhere as e
        select currency, status, sum(count), sum(price), sum(paid_total), sum(remaining), sum(amount_overdue)
        from moved
        group by 1, 2
        order by 1, 2
        on conflict (currency, status) do update set ${sums('e')})
      insert into sale_totals as t
      select building_id, user_id, currency, status, sum(count), sum(price), sum(paid_total), sum(remaining),
        sum(amount_overdue)
      from moved
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      on conflict (building_id, user_id, currency, status) do update set ${sums('t')}`);
    await tx.execute(
      sql`with emptied as (delete from sale_totals where count = 0) delete from sale_totals_everywhere where count = 0`,
    );
  });
}
