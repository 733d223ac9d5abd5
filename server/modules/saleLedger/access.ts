import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { hasPermission, isViewOnly, type Principal } from '../../../domain/access';
import type { Db, Tx } from '../../db/client';
import { sales } from '../../db/schema';
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

/** The sale if the user may see it, else 404 (never revealing that it exists). */
export async function visibleSale(db: Db | Tx, user: Principal, saleId: number, options: { trashed?: boolean } = {}) {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), saleVisible(user, options)));
  if (!sale) throw notFound();
  return sale;
}

/** SPEC §3: an accountant who is neither admin nor sales manager reads sales but does not change them (payments are theirs). */
export const refuseViewOnly = (user: Principal) => {
  if (isViewOnly(user)) throw forbidden();
};
