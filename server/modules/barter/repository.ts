import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { barterProperties, barters, blocks, buildings, customers, properties } from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { notFound } from '../../core/errors';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { createBarterWrites } from './writes';

export type { BarterInput } from './writes';

export interface BarterFilters extends ListQuery {
  status?: string;
  building_id?: number;
}

type BarterRow = typeof barters.$inferSelect;

const SORTABLE = {
  id: barters.id,
  counterparty: barters.counterparty,
  value: barters.value,
  currency: barters.currency,
  agreed_on: barters.agreedOn,
  status: barters.status,
  created_at: barters.createdAt,
};

export function createBarterRepository(db: Db) {
  /** A barter is visible when any of its units is in the user's buildings (and in the complex asked for). */
  const unitInScope = (user: CurrentUser, buildingId?: number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(barterProperties)
        .innerJoin(properties, eq(properties.id, barterProperties.propertyId))
        .where(
          and(
            eq(barterProperties.barterId, barters.id),
            inBuildingScope(user, properties.buildingId),
            buildingId ? eq(properties.buildingId, buildingId) : undefined,
          ),
        ),
    );

  const present = (b: BarterRow, customerName: string | null) => ({
    id: b.id,
    counterparty: b.counterparty,
    customer_id: b.customerId,
    customer_name: customerName,
    description: b.description,
    value: Number(b.value),
    currency: b.currency,
    agreed_on: b.agreedOn,
    status: b.status,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  });

  async function unitsOf(executor: Db | Tx, barterIds: number[]) {
    if (!barterIds.length) return new Map<number, ReturnType<typeof unit>[]>();
    const rows = await executor
      .select({
        barterId: barterProperties.barterId,
        property: properties,
        building: buildings.name,
        block: blocks.name,
      })
      .from(barterProperties)
      .innerJoin(properties, eq(properties.id, barterProperties.propertyId))
      .innerJoin(buildings, eq(buildings.id, properties.buildingId))
      .leftJoin(blocks, eq(blocks.id, properties.blockId))
      .where(inArray(barterProperties.barterId, barterIds))
      .orderBy(asc(buildings.name), asc(blocks.name), asc(properties.floor), asc(sql`lpad(${properties.no}, 12, '0')`));
    const byBarter = new Map<number, ReturnType<typeof unit>[]>();
    for (const r of rows) byBarter.set(r.barterId, [...(byBarter.get(r.barterId) ?? []), unit(r)]);
    return byBarter;
  }

  const unit = (r: { property: typeof properties.$inferSelect; building: string; block: string | null }) => ({
    id: r.property.id,
    no: r.property.no,
    building_id: r.property.buildingId,
    building_name: r.building,
    block_id: r.property.blockId,
    block_name: r.block,
    floor: r.property.floor,
    area: Number(r.property.area),
    price: r.property.price === null ? null : Number(r.property.price),
    currency: r.property.currency,
    status: r.property.status,
  });

  async function list(user: CurrentUser, q: BarterFilters) {
    const filters: Array<SQL | undefined> = [unitInScope(user, q.building_id)];
    if (q.query) {
      const pattern = likePattern(q.query);
      filters.push(or(ilike(barters.counterparty, pattern), ilike(barters.description, pattern)));
    }
    if (q.status) filters.push(eq(barters.status, q.status));
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'agreed_on', newestFirst: true, then: desc(barters.id) },
      ({ orderBy, limit, offset }) =>
        db
          .select({ barter: barters, customerName: customers.nameKa, total: totalCount })
          .from(barters)
          .leftJoin(customers, eq(customers.id, barters.customerId))
          .where(and(...filters))
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => db.$count(barters, and(...filters)),
    );
    const units = await unitsOf(
      db,
      rows.map((r) => r.barter.id),
    );
    return {
      data: rows.map((r) => ({ ...present(r.barter, r.customerName), units: units.get(r.barter.id) ?? [] })),
      meta,
    };
  }

  async function get(user: CurrentUser, id: number, executor: Db | Tx = db) {
    const [row] = await executor
      .select({ barter: barters, customerName: customers.nameKa })
      .from(barters)
      .leftJoin(customers, eq(customers.id, barters.customerId))
      .where(and(eq(barters.id, id), unitInScope(user)));
    if (!row) throw notFound();
    const units = (await unitsOf(executor, [id])).get(id) ?? [];
    return { ...present(row.barter, row.customerName), property_ids: units.map((u) => u.id), units };
  }

  /** Whether the user may see this barter (the files and comments panels ask). */
  async function visible(user: CurrentUser, id: number) {
    const [row] = await db
      .select({ id: barters.id })
      .from(barters)
      .where(and(eq(barters.id, id), unitInScope(user)));
    return Boolean(row);
  }

  return { list, get, ...createBarterWrites(db, get), visible };
}
