import { and, desc, eq, gte, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { DEAL_STATUSES, priceForArea } from '../../../domain/inventory';
import { MAX_AMOUNT, toDecimalString, toMinor, type Currency } from '../../../domain/money';
import { V } from '../../../domain/validation';
import type { Db, Tx } from '../../db/client';
import { blocks, buildings, priceLists, properties, users } from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { invalid, notFound, type AppError } from '../../core/errors';
import { listPage, totalCount, type ListQuery } from '../../core/paging';
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

const SORTABLE = {
  id: priceLists.id,
  building_name: buildings.name,
  block_name: blocks.name,
  price_per_m2: priceLists.pricePerM2,
  applied_at: priceLists.appliedAt,
  applied_count: priceLists.appliedCount,
  created_at: priceLists.createdAt,
};

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

/** Price lists (SPEC §7 Prices): saving one applies it at once, in the same transaction. */
export function createPricesRepository(db: Db) {
  const withNames = () =>
    db
      .select({
        list: priceLists,
        buildingName: buildings.name,
        blockName: blocks.name,
        propertyNo: properties.no,
        createdByName: users.fullName,
        total: totalCount,
      })
      .from(priceLists)
      .innerJoin(buildings, eq(buildings.id, priceLists.buildingId))
      .leftJoin(blocks, eq(blocks.id, priceLists.blockId))
      .leftJoin(properties, eq(properties.id, priceLists.propertyId))
      .leftJoin(users, eq(users.id, priceLists.createdBy));

  const present = (row: {
    list: PriceListRow;
    buildingName: string;
    blockName: string | null;
    propertyNo: string | null;
    createdByName: string | null;
  }) => ({
    id: row.list.id,
    building_id: row.list.buildingId,
    building_name: row.buildingName,
    block_id: row.list.blockId,
    block_name: row.blockName,
    floor_from: row.list.floorFrom,
    floor_to: row.list.floorTo,
    property_id: row.list.propertyId,
    property_no: row.propertyNo,
    price_per_m2: Number(row.list.pricePerM2),
    currency: row.list.currency,
    note: row.list.note,
    applied_at: row.list.appliedAt?.toISOString() ?? null,
    applied_count: row.list.appliedCount,
    created_by: row.list.createdBy,
    created_by_name: row.createdByName,
    created_at: row.list.createdAt.toISOString(),
    updated_at: row.list.updatedAt.toISOString(),
  });

  const scope = (user: CurrentUser) => inBuildingScope(user, priceLists.buildingId);

  async function list(user: CurrentUser, q: ListQuery & { building_id?: number; block_id?: number }) {
    const filters: Array<SQL | undefined> = [scope(user)];
    if (q.building_id !== undefined) filters.push(eq(priceLists.buildingId, q.building_id));
    if (q.block_id !== undefined) filters.push(eq(priceLists.blockId, q.block_id));
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'id', then: desc(priceLists.id) },
      ({ orderBy, limit, offset }) =>
        withNames()
          .where(and(...filters))
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => db.$count(priceLists, and(...filters)),
    );
    return { data: rows.map(present), meta };
  }

  async function get(user: CurrentUser, id: number) {
    const [row] = await withNames().where(and(eq(priceLists.id, id), scope(user)));
    if (!row) throw notFound();
    return present(row);
  }

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

  async function create(user: CurrentUser, input: PriceListInput) {
    const id = await db.transaction(async (tx) => {
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
      return row.id;
    });
    return get(user, id);
  }

  /** Saving again re-applies the list to what it covers now; units it no longer covers keep the price they have. */
  async function update(user: CurrentUser, id: number, input: Partial<PriceListInput>) {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(priceLists)
        .where(and(eq(priceLists.id, id), scope(user)))
        .for('update');
      if (!current) throw notFound();
      const merged: PriceListInput = {
        building_id: input.building_id ?? current.buildingId,
        block_id: input.block_id !== undefined ? input.block_id : current.blockId,
        floor_from: input.floor_from !== undefined ? input.floor_from : current.floorFrom,
        floor_to: input.floor_to !== undefined ? input.floor_to : current.floorTo,
        property_id: input.property_id !== undefined ? input.property_id : current.propertyId,
        price_per_m2: input.price_per_m2 ?? Number(current.pricePerM2),
        currency: input.currency ?? (current.currency as Currency),
        note: input.note !== undefined ? input.note : current.note,
      };
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
    });
    return get(user, id);
  }

  /** Deleting a list keeps the prices it gave. */
  async function remove(user: CurrentUser, id: number) {
    const [row] = await db
      .delete(priceLists)
      .where(and(eq(priceLists.id, id), scope(user)))
      .returning({ id: priceLists.id });
    if (!row) throw notFound();
  }

  return { list, get, create, update, remove };
}
