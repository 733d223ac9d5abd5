import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import { compiledOnce, value, type Db } from '../../db/client';
import { saleTotalChanges, saleTotals } from '../../db/schema';
import { filteredBy } from '../../core/paging';
import { buildingScopeValues, inBuildingScopeCompiled } from '../../core/scope';
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
 * user's building scope and, for an own-sales-only user, their own sales: the same figures as summing the sales. One
 * statement compiled once (prepared, planned once per connection: planning it cost more than running it), each filter
 * a value that may be empty.
 */
export async function summedTotals(db: Db, user: Principal, q: SalesQuery): Promise<CurrencyTotals[]> {
  const managers = new Set([...(ownSalesOnly(user) ? [user.id] : []), ...(q.user_id !== undefined ? [q.user_id] : [])]);
  if (managers.size > 1) return [];
  const [manager] = managers;
  return keptTotals<CurrencyTotals>(db, {
    ...buildingScopeValues(user),
    manager: manager ?? null,
    buildingIds: q.building_ids ?? [],
    statuses: q.sale_statuses ?? [],
    currencies: q.payment_ccy ?? [],
  });
}

const keptTotals = compiledOnce(() => {
  const columns = sql`building_id, user_id, currency, status, count, price, paid_total, remaining, amount_overdue`;
  const anyOf = (column: SQL, name: string, type: string) =>
    sql`(cardinality(${value(name)}::${sql.raw(type)}[]) = 0 or ${column} = any(${value(name)}::${sql.raw(type)}[]))`;
  return sql`select k.currency, cast(sum(k.count) as integer) as count, sum(k.price)::text as "price",
      sum(k.paid_total)::text as "paidTotal", sum(k.remaining)::text as "remaining",
      sum(k.amount_overdue)::text as "amountOverdue"
    from (select ${columns} from ${saleTotals} union all select ${columns} from ${saleTotalChanges}) k
    where ${inBuildingScopeCompiled(sql`k.building_id`)}
      and (${value('manager')}::int is null or k.user_id = ${value('manager')}::int)
      and ${anyOf(sql`k.building_id`, 'buildingIds', 'int')} and ${anyOf(sql`k.status`, 'statuses', 'text')}
      and ${anyOf(sql`k.currency`, 'currencies', 'text')}
    group by k.currency
    having sum(k.count) > 0
    order by k.currency`;
});

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
