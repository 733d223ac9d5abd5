import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, buildings, priceLists, properties, users } from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { notFound } from '../../core/errors';
import { listPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { createPriceListWrites } from './writes';

export type { PriceListInput } from './writes';

type PriceListRow = typeof priceLists.$inferSelect;

const SORTABLE = {
  id: priceLists.id,
  building_name: buildings.name,
  block_name: blocks.name,
  price_per_m2: priceLists.pricePerM2,
  applied_at: priceLists.appliedAt,
  applied_count: priceLists.appliedCount,
  created_at: priceLists.createdAt,
};

/** Price lists: saving one applies it at once, in the same transaction. */
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

  return { list, get, ...createPriceListWrites(db) };
}
