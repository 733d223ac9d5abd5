import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { buildingScope } from '../../../domain/access';
import type { Db, Tx } from '../../db/client';
import { blocks, buildings, properties } from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { countOrEstimate, filteredBy, likePattern, listPage } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import type { PropertyFilters } from './inputs';
import { amount } from './pricing';

type PropertyRow = typeof properties.$inferSelect;

/** Numbers like '7', '12', '12a' sort as people read them, not as text ('12' after '7'). */
const naturalNo = sql`lpad(${properties.no}, 12, '0')`;

const SORTABLE = {
  id: properties.id,
  no: naturalNo,
  floor: properties.floor,
  area: properties.area,
  rooms: properties.rooms,
  price: properties.price,
  price_per_m2: properties.pricePerM2,
  status: properties.status,
  type: properties.type,
  state: properties.state,
  view: properties.view,
  building_name: buildings.name,
  block_name: blocks.name,
  created_at: properties.createdAt,
};
type Sort = keyof typeof SORTABLE;
/**
 * The sorts whose value may be missing: the units without one come last either way. The others sort plainly, so one
 * index serves both directions.
 */
const MAY_BE_EMPTY: ReadonlySet<Sort> = new Set(['rooms', 'price', 'price_per_m2', 'view', 'block_name']);
type Window = number | Placeholder;

/** A unit as the API answers it, with the names of its complex and block. */
export const present = (row: { property: PropertyRow; buildingName: string; blockName: string | null }) => {
  const p = row.property;
  return {
    id: p.id,
    building_id: p.buildingId,
    building_name: row.buildingName,
    block_id: p.blockId,
    block_name: row.blockName,
    no: p.no,
    floor: p.floor,
    area: Number(p.area),
    rooms: p.rooms,
    type: p.type,
    state: p.state,
    view: p.view,
    status: p.status,
    price_per_m2: amount(p.pricePerM2),
    price: amount(p.price),
    currency: p.currency,
    cad_code: p.cadCode,
    description: p.description,
    parent_id: p.parentId,
    archived: p.archivedAt !== null,
    archived_at: p.archivedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
};

/** Units with the names of their complex and block. */
export const withNames = (executor: Db | Tx) =>
  executor
    .select({ property: properties, buildingName: buildings.name, blockName: blocks.name })
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .leftJoin(blocks, eq(blocks.id, properties.blockId));

/** The units list and its range sliders. */
export function createPropertiesList(db: Db) {
  const ordered = (sort: keyof typeof SORTABLE, descending: boolean) => [
    MAY_BE_EMPTY.has(sort)
      ? sql`${SORTABLE[sort]} ${descending ? sql`desc` : sql`asc`} nulls last`
      : (descending ? desc : asc)(SORTABLE[sort]),
    asc(buildings.name),
    asc(blocks.name),
    asc(properties.floor),
    asc(naturalNo),
    asc(properties.id),
  ];

  const pageQuery = (where: SQL | undefined, sort: Sort, descending: boolean, limit: Window, offset: Window) =>
    withNames(db)
      .where(where)
      .orderBy(...ordered(sort, descending))
      .limit(limit)
      .offset(offset);
  const openingPages = new Map<string, ReturnType<ReturnType<typeof pageQuery>['prepare']>>();

  /** A page under `where`; `asItOpens`: no filter, for a user of every complex. */
  function page(
    where: SQL | undefined,
    sort: Sort,
    descending: boolean,
    limit: number,
    offset: number,
    asItOpens: boolean,
  ) {
    if (!asItOpens) return pageQuery(where, sort, descending, limit, offset);
    // prepared once per sort as the list opens: building it at every call slowed the list (docs/decisions.md)
    const name = `properties_page_${sort}_${descending ? 'desc' : 'asc'}`;
    if (!openingPages.has(name))
      openingPages.set(
        name,
        pageQuery(where, sort, descending, sql.placeholder('limit'), sql.placeholder('offset')).prepare(name),
      );
    return openingPages.get(name)!.execute({ limit, offset });
  }

  async function list(user: CurrentUser, q: PropertyFilters) {
    const filters: Array<SQL | undefined> = [inBuildingScope(user, properties.buildingId)];
    if (!q.archived) filters.push(isNull(properties.archivedAt));
    if (q.query) {
      const pattern = likePattern(q.query);
      filters.push(or(ilike(properties.no, pattern), ilike(properties.cadCode, pattern)));
    }
    if (q.building_id?.length) filters.push(inArray(properties.buildingId, q.building_id));
    if (q.buildings?.length) filters.push(inArray(properties.buildingId, q.buildings));
    if (q.block_id?.length) filters.push(inArray(properties.blockId, q.block_id));
    if (q.floor !== undefined) filters.push(eq(properties.floor, q.floor));
    if (q.floor_from !== undefined) filters.push(gte(properties.floor, q.floor_from));
    if (q.floor_to !== undefined) filters.push(lte(properties.floor, q.floor_to));
    if (q.status?.length) filters.push(inArray(properties.status, q.status));
    if (q.state?.length) filters.push(inArray(properties.state, q.state));
    if (q.type?.length) filters.push(inArray(properties.type, q.type));
    if (q.view?.length) filters.push(inArray(properties.view, q.view));
    if (q.rooms?.length) filters.push(inArray(properties.rooms, q.rooms));
    if (q.area_from !== undefined) filters.push(gte(properties.area, String(q.area_from)));
    if (q.area_to !== undefined) filters.push(lte(properties.area, String(q.area_to)));
    if (q.price_from !== undefined) filters.push(gte(properties.price, String(q.price_from)));
    if (q.price_to !== undefined) filters.push(lte(properties.price, String(q.price_to)));
    if (q.no) filters.push(eq(properties.no, q.no));
    const filtered = filteredBy(q);
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'building_name' },
      ({ key, descending, limit, offset }) =>
        page(and(...filters), key!, descending, limit, offset, !filtered && buildingScope(user).all),
      () =>
        countOrEstimate(
          db,
          db
            .select({ id: properties.id })
            .from(properties)
            .where(and(...filters)),
          filtered,
        ),
    );
    return { data: rows.map(present), meta };
  }

  /** The span of area, price and floor over the user's live units (of the chosen complexes): the sliders' ends. */
  async function ranges(user: CurrentUser, buildingIds?: number[]) {
    const [row] = await db
      .select({
        areaMin: sql<string | null>`min(${properties.area})`,
        areaMax: sql<string | null>`max(${properties.area})`,
        priceMin: sql<string | null>`min(${properties.price})`,
        priceMax: sql<string | null>`max(${properties.price})`,
        floorMin: sql<number | null>`min(${properties.floor})`,
        floorMax: sql<number | null>`max(${properties.floor})`,
      })
      .from(properties)
      .where(
        and(
          inBuildingScope(user, properties.buildingId),
          isNull(properties.archivedAt),
          buildingIds?.length ? inArray(properties.buildingId, buildingIds) : undefined,
        ),
      );
    const span = (min: string | number | null, max: string | number | null) =>
      min === null || max === null ? null : { min: Number(min), max: Number(max) };
    return {
      area: span(row.areaMin, row.areaMax),
      price: span(row.priceMin, row.priceMax),
      floor: span(row.floorMin, row.floorMax),
    };
  }

  return { list, ranges };
}
