import { and, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Db } from '../../db/client';
import { customers, properties } from '../../db/schema';
import { invalid } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';

/**
 * The unit and customer of a new deal, checked before anything is written: a unit outside the user's
 * buildings is as unknown as one that does not exist, and a deleted customer cannot take a deal.
 */
export async function checkParties(db: Db, user: Principal, input: { property_id?: number; customer_id?: number }) {
  const errors: NonNullable<ReturnType<typeof invalid>['fieldErrors']> = {};
  if (input.property_id !== undefined) {
    const [unit] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, input.property_id), inBuildingScope(user, properties.buildingId)));
    if (!unit) errors.property_id = ['deals.unknown_unit'];
  }
  if (input.customer_id !== undefined) {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customer_id), isNull(customers.deletedAt)));
    if (!customer) errors.customer_id = ['deals.unknown_customer'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}
