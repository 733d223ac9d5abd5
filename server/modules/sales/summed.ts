import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Db } from '../../db/client';
import { saleTotalChanges, saleTotals } from '../../db/schema';
import { filteredBy } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { ownSalesOnly } from '../saleLedger';
import type { SalesQuery } from './fields';

/** Whether the sales totals of `q` can be read from the kept sums: no filter set but complexes, statuses, currencies, manager. */
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
  const where = (table: typeof saleTotals | typeof saleTotalChanges) =>
    and(
      inBuildingScope(user, table.buildingId),
      manager !== undefined ? eq(table.userId, manager) : undefined,
      q.building_ids?.length ? inArray(table.buildingId, q.building_ids) : undefined,
      q.sale_statuses?.length ? inArray(table.status, q.sale_statuses) : undefined,
      q.payment_ccy?.length ? inArray(table.currency, q.payment_ccy) : undefined,
    );
  const kept = db
    .select()
    .from(saleTotals)
    .where(where(saleTotals))
    .unionAll(db.select().from(saleTotalChanges).where(where(saleTotalChanges)))
    .as('kept');
  return db
    .select({
      currency: kept.currency,
      count: sql<number>`cast(sum(${kept.count}) as integer)`,
      price: sql<string>`sum(${kept.price})`,
      paidTotal: sql<string>`sum(${kept.paidTotal})`,
      remaining: sql<string>`sum(${kept.remaining})`,
      amountOverdue: sql<string>`sum(${kept.amountOverdue})`,
    })
    .from(kept)
    .groupBy(kept.currency)
    .having(sql`sum(${kept.count}) > 0`)
    .orderBy(asc(kept.currency));
}

/** The advisory lock that keeps folds one at a time across processes. */
const FOLD_LOCK = 724_002;

/**
 * Folds the changes appended by the trigger on `sales` into `saleTotals` (every few seconds on each process, and on
 * start): it takes the committed changes away and adds them to the kept sums in one statement, so a reader sees each
 * change exactly once. Sums of a key left with no sale are removed. Folds run one at a time (a second waits for the
 * first, then folds what is left), so when it returns every change committed before it began is folded.
 */
export async function foldSaleTotals(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
    await tx.execute(sql`
      with moved as (delete from sale_total_changes returning *)
      insert into sale_totals as t
      select building_id, user_id, currency, status, sum(count), sum(price), sum(paid_total), sum(remaining),
        sum(amount_overdue)
      from moved
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      on conflict (building_id, user_id, currency, status) do update set count = t.count + excluded.count,
        price = t.price + excluded.price, paid_total = t.paid_total + excluded.paid_total,
        remaining = t.remaining + excluded.remaining, amount_overdue = t.amount_overdue + excluded.amount_overdue`);
    await tx.execute(sql`delete from sale_totals where count = 0`);
  });
}
