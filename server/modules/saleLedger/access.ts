import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hasPermission, isViewOnly, type Principal } from '../../../domain/access';
import type { Db, Tx } from '../../db/client';
import { customerMatching, customers, sales } from '../../db/schema';
import { likePattern } from '../../core/paging';
import { forbidden, notFound } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';

/** A user who may read sales only through view_only_own_sales sees the sales that are theirs. */
export const ownSalesOnly = (user: Principal) =>
  !hasPermission(user, 'view_sales') && hasPermission(user, 'view_only_own_sales');

/**
 * The condition every sale query applies: the sale's complex is in the user's building scope, and an
 * own-sales-only user sees only the sales made by or assigned to them. Live and cancelled sales alike.
 */
export const saleInScope = (user: Principal): SQL | undefined =>
  and(inBuildingScope(user, sales.buildingId), ownSalesOnly(user) ? eq(sales.userId, user.id) : undefined);

/** A live sale the user may see (saleInScope); `trashed` picks cancelled sales instead. */
export function saleVisible(user: Principal, options: { trashed?: boolean } = {}): SQL | undefined {
  return and(options.trashed ? isNotNull(sales.deletedAt) : isNull(sales.deletedAt), saleInScope(user));
}

/** A live sale the user may see, or a cancelled one for those who may see cancelled sales (view_canceled_sales). */
export const saleVisibleWithCancelled = (user: Principal): SQL | undefined =>
  hasPermission(user, 'view_canceled_sales')
    ? or(saleVisible(user), saleVisible(user, { trashed: true }))
    : saleVisible(user);

/** The sale if the user may see it, else 404 (never revealing that it exists). */
export async function visibleSale(db: Db | Tx, user: Principal, saleId: number, options: { trashed?: boolean } = {}) {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), saleVisible(user, options)));
  if (!sale) throw notFound();
  return sale;
}

/** An accountant who is neither admin nor sales manager reads sales but does not change them (payments are theirs). */
export const refuseViewOnly = (user: Principal) => {
  if (isViewOnly(user)) throw forbidden();
};

/**
 * A sale found by free text: its contract number, or what its customer is found by (`customerMatching`: names,
 * numbers, phones, emails); `more` adds the list's own columns. The contract numbers and the customers are found
 * through their trigram indexes first, then the sales by id and `customer_id`. Each step hands the next an array of ids
 * (`= any(array(…))`), which PostgreSQL looks up in the primary key and the customer index: two `in (…)` subqueries
 * joined by OR read every sale, and a matching contract number cost as much as a common first name.
 */
export const saleMatching = (text: string, ...more: Array<(pattern: string) => SQL>): SQL | undefined => {
  const pattern = likePattern(text);
  const customersMatching = customerMatching(pattern);
  const numbered = alias(sales, 'numbered');
  const bought = alias(sales, 'bought');
  const matching = sql`array(
    select ${numbered.id} from ${sales} as ${sql.identifier('numbered')} where ${ilike(numbered.contractNo, pattern)}
    union all
    select ${bought.id} from ${sales} as ${sql.identifier('bought')}
      where ${bought.customerId} = any(array(select ${customers.id} from ${customers} where ${customersMatching})))`;
  return or(sql`${sales.id} = any(${matching})`, ...more.map((column) => column(pattern)));
};
