import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { toDecimalString, toMinor, type Currency } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';
import { barterProperties, barters, blocks, buildings, customers, properties } from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { invalid, notFound } from '../../core/errors';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
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
  /** SPEC §6: a barter is visible when any of its units is in the user's buildings (and in the complex asked for). */
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

  async function create(user: CurrentUser, input: BarterInput) {
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
      return get(user, row.id, tx);
    });
  }

  async function update(user: CurrentUser, id: number, input: Partial<BarterInput>) {
    return db.transaction(async (tx) => {
      const current = await get(user, id, tx);
      await check(tx, user, input);
      if (input.property_ids) {
        const next = [...new Set(input.property_ids)];
        const removed = current.property_ids.filter((p) => !next.includes(p));
        const added = next.filter((p) => !current.property_ids.includes(p));
        for (const p of removed) await releaseUnit(tx, p, 'barter');
        if (removed.length)
          await tx
            .delete(barterProperties)
            .where(and(eq(barterProperties.barterId, id), inArray(barterProperties.propertyId, removed)));
        await claimAll(tx, added);
        if (added.length)
          await tx.insert(barterProperties).values(added.map((propertyId) => ({ barterId: id, propertyId })));
      }
      const set: Partial<typeof barters.$inferInsert> = { updatedAt: new Date() };
      if (input.counterparty !== undefined) set.counterparty = input.counterparty;
      if (input.customer_id !== undefined) set.customerId = input.customer_id;
      if (input.description !== undefined) set.description = input.description;
      if (input.value !== undefined) set.value = toDecimalString(toMinor(input.value));
      if (input.currency !== undefined) set.currency = input.currency;
      if (input.agreed_on !== undefined) set.agreedOn = input.agreed_on;
      await tx.update(barters).set(set).where(eq(barters.id, id));
      return get(user, id, tx);
    });
  }

  async function remove(user: CurrentUser, id: number) {
    await db.transaction(async (tx) => {
      const current = await get(user, id, tx);
      for (const p of current.property_ids) await releaseUnit(tx, p, 'barter');
      await tx.delete(barters).where(eq(barters.id, id));
    });
  }

  /** Whether the user may see this barter (the files and comments panels ask). */
  async function visible(user: CurrentUser, id: number) {
    const [row] = await db
      .select({ id: barters.id })
      .from(barters)
      .where(and(eq(barters.id, id), unitInScope(user)));
    return Boolean(row);
  }

  return { list, get, create, update, remove, visible };
}
