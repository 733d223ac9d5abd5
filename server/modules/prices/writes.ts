import { and, eq, gte, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { DEAL_STATUSES, priceForArea } from '../../../domain/inventory';
import { MAX_AMOUNT, toDecimalString, toMinor, type Currency } from '../../../domain/money';
import { V } from '../../../domain/validation';
import type { Db, Tx } from '../../db/client';
import { blocks, buildings, priceLists, properties } from '../../db/schema';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import { invalid, notFound, type AppError } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';

export interface PriceListInput {
  building_id: number;
  block_id?: number | null;
  floor_from?: number | null;
  floor_to?: number | null;
  property_id?: number | null;
  price_per_m2: number;
  currency?: Currency;
  note?: string | null;
}

type PriceListRow = typeof priceLists.$inferSelect;
type FieldErrors = NonNullable<AppError['fieldErrors']>;

/**
 * The units a price list reprices: live units of its complex (its block, its floor range, or its one unit) that
 * are in no deal. Pre-booked, booked, sold and barter units are never touched; a unit held back from sale is
 * repriced too, so it returns to sale at the current price.
 */
const coveredBy = (list: Pick<PriceListRow, 'buildingId' | 'blockId' | 'floorFrom' | 'floorTo' | 'propertyId'>) =>
  and(
    eq(properties.buildingId, list.buildingId),
    isNull(properties.archivedAt),
    notInArray(properties.status, [...DEAL_STATUSES]),
    list.propertyId !== null ? eq(properties.id, list.propertyId) : undefined,
    list.blockId !== null ? eq(properties.blockId, list.blockId) : undefined,
    list.floorFrom !== null ? gte(properties.floor, list.floorFrom) : undefined,
    list.floorTo !== null ? lte(properties.floor, list.floorTo) : undefined,
  );

/** What the list covers must exist and hang together: the block in the complex, the unit in both, floors in order. */
async function resolveTarget(tx: Tx, user: CurrentUser, input: PriceListInput) {
  const errors: FieldErrors = {};
  const [building] = await tx
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.id, input.building_id), inBuildingScope(user, buildings.id)));
  if (!building) throw invalid({ building_id: [['validation.unknown_building', { id: input.building_id }]] });
  let blockId = input.block_id ?? null;
  let floorFrom = input.floor_from ?? null;
  let floorTo = input.floor_to ?? null;
  if (blockId !== null) {
    const [block] = await tx.select({ buildingId: blocks.buildingId }).from(blocks).where(eq(blocks.id, blockId));
    if (!block) errors.block_id = ['units.unknown_block'];
    else if (block.buildingId !== input.building_id) errors.block_id = ['units.block_not_in_building'];
  }
  if (floorFrom !== null && floorTo !== null && floorFrom > floorTo) errors.floor_to = [V.minMax];
  const propertyId = input.property_id ?? null;
  if (propertyId !== null) {
    const [unit] = await tx
      .select({ buildingId: properties.buildingId, blockId: properties.blockId })
      .from(properties)
      .where(and(eq(properties.id, propertyId), isNull(properties.archivedAt)));
    if (!unit || unit.buildingId !== input.building_id || (blockId !== null && unit.blockId !== blockId))
      errors.property_id = ['units.property_not_in_building'];
    // One unit: the list is that unit's, whatever block or floors were also chosen.
    else [blockId, floorFrom, floorTo] = [unit.blockId, null, null];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { buildingId: input.building_id, blockId, floorFrom, floorTo, propertyId };
}

/** Reprices the covered units: price = area × price per m², half-up at the cent (PostgreSQL's round on numeric). */
async function apply(tx: Tx, list: PriceListRow) {
  const [{ largest }] = await tx
    .select({ largest: sql<string | null>`max(${properties.area})` })
    .from(properties)
    .where(coveredBy(list));
  if (largest !== null && priceForArea(largest, list.pricePerM2) > MAX_AMOUNT)
    throw invalid({ price_per_m2: ['units.too_large'] });
  const repriced = await tx
    .update(properties)
    .set({
      pricePerM2: list.pricePerM2,
      price: sql`round(${properties.area} * ${list.pricePerM2}::numeric, 2)`,
      currency: list.currency,
      updatedAt: new Date(),
    })
    .where(coveredBy(list))
    .returning({ id: properties.id });
  await tx
    .update(priceLists)
    .set({ appliedAt: new Date(), appliedCount: repriced.length })
    .where(eq(priceLists.id, list.id));
  return repriced.length;
}

/** A list's fields as an edit leaves them: the ones sent, the stored ones for the rest. */
const mergedInput = (current: PriceListRow, input: Partial<PriceListInput>): PriceListInput => ({
  building_id: input.building_id ?? current.buildingId,
  block_id: input.block_id !== undefined ? input.block_id : current.blockId,
  floor_from: input.floor_from !== undefined ? input.floor_from : current.floorFrom,
  floor_to: input.floor_to !== undefined ? input.floor_to : current.floorTo,
  property_id: input.property_id !== undefined ? input.property_id : current.propertyId,
  price_per_m2: input.price_per_m2 ?? Number(current.pricePerM2),
  currency: input.currency ?? (current.currency as Currency),
  note: input.note !== undefined ? input.note : current.note,
});

/**
 * Saving a price list applies it at once, in the same transaction, which records the write (activity log, with the
 * list's complex) last. Deleting one keeps the prices it gave.
 */
export function createPriceListWrites(db: Db) {
  const scope = (user: CurrentUser) => inBuildingScope(user, priceLists.buildingId);

  /** Answers the new list's id. */
  async function create(user: CurrentUser, input: PriceListInput, record: RecordWrite) {
    return db.transaction(async (tx) => {
      const target = await resolveTarget(tx, user, input);
      const [row] = await tx
        .insert(priceLists)
        .values({
          ...target,
          pricePerM2: toDecimalString(toMinor(input.price_per_m2)),
          currency: input.currency ?? 'USD',
          note: input.note ?? null,
          createdBy: user.id,
        })
        .returning();
      await apply(tx, row);
      await record(tx, { recordId: row.id, buildingId: row.buildingId });
      return row.id;
    });
  }

  /** Saving again re-applies the list to what it covers now; units it no longer covers keep the price they have. */
  async function update(user: CurrentUser, id: number, input: Partial<PriceListInput>, record: RecordWrite) {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(priceLists)
        .where(and(eq(priceLists.id, id), scope(user)))
        .for('update');
      if (!current) throw notFound();
      const merged = mergedInput(current, input);
      const target = await resolveTarget(tx, user, merged);
      const [row] = await tx
        .update(priceLists)
        .set({
          ...target,
          pricePerM2: toDecimalString(toMinor(merged.price_per_m2)),
          currency: merged.currency,
          note: merged.note ?? null,
          updatedAt: new Date(),
        })
        .where(eq(priceLists.id, id))
        .returning();
      await apply(tx, row);
      await record(tx, { recordId: id, buildingId: row.buildingId });
    });
  }

  async function remove(user: CurrentUser, id: number) {
    const [row] = await db
      .delete(priceLists)
      .where(and(eq(priceLists.id, id), scope(user)))
      .returning({ id: priceLists.id });
    if (!row) throw notFound();
  }

  return { create, update, remove };
}
