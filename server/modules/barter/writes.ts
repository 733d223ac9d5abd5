import { and, eq, inArray, sql } from 'drizzle-orm';
import { toDecimalString, toMinor, type Currency } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';
import { barterProperties, barters, customers, properties } from '../../db/schema';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import { invalid } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import { claimUnit, releaseUnit } from '../unitStatus';

export interface BarterInput {
  counterparty: string;
  customer_id?: number | null;
  description?: string | null;
  value: number;
  currency: Currency;
  agreed_on: string;
  property_ids: number[];
}

/** A deal as the writes read it back: its units, each in its complex. */
interface Deal {
  property_ids: number[];
  units: Array<{ building_id: number }>;
}

/** The complex a deal's log lines go with: with units in several, the first (logComplex's rule). */
const complexOf = (deal: Deal) => (deal.units.length ? Math.min(...deal.units.map((u) => u.building_id)) : null);

/** The changed columns of an edit: the fields it sends. */
function changedColumns(input: Partial<BarterInput>) {
  const set: Partial<typeof barters.$inferInsert> = { updatedAt: new Date() };
  if (input.counterparty !== undefined) set.counterparty = input.counterparty;
  if (input.customer_id !== undefined) set.customerId = input.customer_id;
  if (input.description !== undefined) set.description = input.description;
  if (input.value !== undefined) set.value = toDecimalString(toMinor(input.value));
  if (input.currency !== undefined) set.currency = input.currency;
  if (input.agreed_on !== undefined) set.agreedOn = input.agreed_on;
  return set;
}

/** The customer must exist and every unit must be one the user may see; otherwise 422 on the field. */
async function check(tx: Tx, user: CurrentUser, input: Partial<BarterInput>) {
  const errors: Record<string, string[]> = {};
  if (input.customer_id) {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customer_id), sql`${customers.deletedAt} is null`));
    if (!customer) errors.customer_id = ['barter.unknown_customer'];
  }
  if (input.property_ids?.length) {
    const ids = [...new Set(input.property_ids)];
    const found = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(
          inArray(properties.id, ids),
          sql`${properties.archivedAt} is null`,
          inBuildingScope(user, properties.buildingId),
        ),
      );
    if (found.length !== ids.length) errors.property_ids = ['barter.unknown_unit'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Claims each unit as 'barter'; the first one that is not free answers 409 naming it and rolls everything back. */
async function claimAll(tx: Tx, ids: number[]) {
  for (const id of ids) await claimUnit(tx, id, 'barter', 'barter');
}

/** Swaps the deal's units for the ones sent: those left out are released, the new ones claimed. */
async function replaceUnits(tx: Tx, id: number, current: number[], wanted: number[]) {
  const next = [...new Set(wanted)];
  const removed = current.filter((p) => !next.includes(p));
  const added = next.filter((p) => !current.includes(p));
  for (const p of removed) await releaseUnit(tx, p, 'barter');
  if (removed.length)
    await tx
      .delete(barterProperties)
      .where(and(eq(barterProperties.barterId, id), inArray(barterProperties.propertyId, removed)));
  await claimAll(tx, added);
  if (added.length) await tx.insert(barterProperties).values(added.map((propertyId) => ({ barterId: id, propertyId })));
}

/**
 * Making, changing and ending a barter deal, each in one transaction that claims or releases its units and records
 * the write (activity log) last. `get` reads a deal the user sees (404 otherwise), inside the write.
 */
export function createBarterWrites<D extends Deal>(
  db: Db,
  get: (user: CurrentUser, id: number, executor: Db | Tx) => Promise<D>,
) {
  async function create(user: CurrentUser, input: BarterInput, record: RecordWrite) {
    return db.transaction(async (tx) => {
      await check(tx, user, input);
      const ids = [...new Set(input.property_ids)];
      await claimAll(tx, ids);
      const [row] = await tx
        .insert(barters)
        .values({
          counterparty: input.counterparty,
          customerId: input.customer_id ?? null,
          description: input.description ?? null,
          value: toDecimalString(toMinor(input.value)),
          currency: input.currency,
          agreedOn: input.agreed_on,
          createdBy: user.id,
        })
        .returning();
      await tx.insert(barterProperties).values(ids.map((propertyId) => ({ barterId: row.id, propertyId })));
      const deal = await get(user, row.id, tx);
      await record(tx, { recordId: row.id, buildingId: complexOf(deal) });
      return deal;
    });
  }

  async function update(user: CurrentUser, id: number, input: Partial<BarterInput>, record: RecordWrite) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(barters).where(eq(barters.id, id)).for('update');
      const current = await get(user, id, tx);
      await check(tx, user, input);
      if (input.property_ids) await replaceUnits(tx, id, current.property_ids, input.property_ids);
      await tx.update(barters).set(changedColumns(input)).where(eq(barters.id, id));
      const deal = await get(user, id, tx);
      await record(tx, { recordId: id, buildingId: complexOf(deal), before });
      return deal;
    });
  }

  async function remove(user: CurrentUser, id: number, record: RecordWrite) {
    await db.transaction(async (tx) => {
      const current = await get(user, id, tx);
      for (const p of current.property_ids) await releaseUnit(tx, p, 'barter');
      await tx.delete(barters).where(eq(barters.id, id));
      await record(tx, { recordId: id, buildingId: complexOf(current) });
    });
  }

  return { create, update, remove };
}
