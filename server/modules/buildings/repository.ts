import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { blocks, buildings, companies, properties } from '../../db/schema';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { AppError } from '../../core/errors';
import type { FileStore } from '../../core/files';
import type { BankAccountsRepository } from '../bankAccounts';
import { createBuildingWrites, stateTitles } from './writes';

export { stateTitles, type BlockInput, type BuildingInput } from './writes';

type BuildingRow = typeof buildings.$inferSelect;

const SORTABLE = {
  id: buildings.id,
  name: buildings.name,
  cad_code: buildings.cadCode,
  address: buildings.address,
  director: buildings.director,
  manager_name: buildings.managerName,
  created_at: buildings.createdAt,
};

export function createBuildingsRepository(db: Db, files: FileStore, accounts: BankAccountsRepository) {
  const liveUnits = isNull(properties.archivedAt);

  /** Blocks of these buildings, with how many units each holds. */
  async function blocksOf(buildingIds: number[]) {
    if (!buildingIds.length)
      return new Map<number, Array<{ id: number; name: string; floors: number | null; properties_count: number }>>();
    const rows = await db
      .select({
        id: blocks.id,
        buildingId: blocks.buildingId,
        name: blocks.name,
        floors: blocks.floors,
        // blocks.id spelled out: drizzle renders ${blocks.id} as a bare "id" inside the subquery.
        properties_count: sql<number>`(select cast(count(*) as integer) from properties p
          where p.block_id = blocks.id and p.archived_at is null)`,
      })
      .from(blocks)
      .where(inArray(blocks.buildingId, buildingIds))
      .orderBy(asc(blocks.name), asc(blocks.id));
    const map = new Map(
      buildingIds.map((id) => [
        id,
        [] as Array<{ id: number; name: string; floors: number | null; properties_count: number }>,
      ]),
    );
    for (const { buildingId, ...block } of rows) map.get(buildingId)?.push(block);
    return map;
  }

  async function unitCounts(buildingIds: number[]) {
    if (!buildingIds.length) return new Map<number, number>();
    const rows = await db
      .select({ buildingId: properties.buildingId, n: sql<number>`cast(count(*) as integer)` })
      .from(properties)
      .where(and(inArray(properties.buildingId, buildingIds), liveUnits))
      .groupBy(properties.buildingId);
    return new Map(rows.map((r) => [r.buildingId, r.n]));
  }

  const present = (
    row: BuildingRow,
    companyName: string | null,
    blockList: Array<{ id: number; name: string; floors: number | null; properties_count: number }>,
    unitCount: number,
    locale: Locale,
  ) => {
    const facsimile = files.signedUrl(row.facsimilePath);
    return {
      id: row.id,
      name: row.name,
      cad_code: row.cadCode,
      company_id: row.companyId,
      company_name: companyName,
      director: row.director,
      director_pid: row.directorPid,
      manager_name: row.managerName,
      address: row.address,
      email: row.email,
      phone: row.phone,
      property_states: stateTitles(row.propertyStates, locale),
      notifiable: row.notifiable,
      // The original client reads facsimile_file_url, the screens facsimile_url: both carry the same signed address
      facsimile_file_url: facsimile,
      facsimile_url: facsimile,
      blocks: blockList,
      blocks_count: blockList.length,
      properties_count: unitCount,
      created_at: row.createdAt.toISOString(),
    };
  };

  const searchOf = (text: string) => {
    const p = likePattern(text);
    return or(
      ilike(buildings.name, p),
      ilike(buildings.address, p),
      ilike(buildings.cadCode, p),
      ilike(buildings.director, p),
      ilike(buildings.managerName, p),
    );
  };

  /** The building cards: scoped, searched, sorted and paged. `brief` answers only id and name (the users form). */
  async function list(q: ListQuery, user: Principal, locale: Locale, brief: boolean) {
    const where = and(inBuildingScope(user, buildings.id), q.query ? searchOf(q.query) : undefined);
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'name', then: asc(buildings.id) },
      ({ orderBy, limit, offset }) =>
        db
          .select({ building: buildings, companyName: companies.name, total: totalCount })
          .from(buildings)
          .leftJoin(companies, eq(companies.id, buildings.companyId))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => db.$count(buildings, where),
    );
    if (brief) return { data: rows.map((r) => ({ id: r.building.id, name: r.building.name })), meta };
    const ids = rows.map((r) => r.building.id);
    const [blockMap, units] = await Promise.all([blocksOf(ids), unitCounts(ids)]);
    return {
      data: rows.map((r) =>
        present(r.building, r.companyName, blockMap.get(r.building.id) ?? [], units.get(r.building.id) ?? 0, locale),
      ),
      meta,
    };
  }

  /** One building in the user's scope, or 404 (another complex's record is not revealed). */
  async function find(id: number, user: Principal) {
    const [row] = await db
      .select({ building: buildings, companyName: companies.name })
      .from(buildings)
      .leftJoin(companies, eq(companies.id, buildings.companyId))
      .where(and(eq(buildings.id, id), inBuildingScope(user, buildings.id)));
    if (!row) throw new AppError(404, 'server.not_found');
    return row;
  }

  /** The detail page: the card's fields, the blocks and the building's bank accounts. */
  async function get(id: number, user: Principal, locale: Locale) {
    const row = await find(id, user);
    const [blockMap, units, bankAccounts] = await Promise.all([
      blocksOf([id]),
      unitCounts([id]),
      accounts.ofBuilding(id, locale),
    ]);
    return {
      ...present(row.building, row.companyName, blockMap.get(id) ?? [], units.get(id) ?? 0, locale),
      bank_accounts: bankAccounts,
    };
  }

  async function brief(id: number, user: Principal) {
    const { building } = await find(id, user);
    return { id: building.id, name: building.name };
  }

  return { list, get, brief, ...createBuildingWrites(db) };
}
