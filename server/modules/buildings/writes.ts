import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PROPERTY_STATES } from '../../../domain/inventory';
import { buildingScope, type Principal } from '../../../domain/access';
import { translate, type Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import { blocks, buildings, companies, properties, userBuildings } from '../../db/schema';
import type { RecordWrite } from '../../core/activityLog';
import { inBuildingScope } from '../../core/scope';
import { AppError, conflict, invalid, isUniqueViolation } from '../../core/errors';

export interface BlockInput {
  id?: number | null;
  name: string;
  floors: number;
}

export interface BuildingInput {
  name?: string;
  cad_code?: string | null;
  company_id?: number | null;
  director?: string | null;
  director_pid?: string | null;
  manager_name?: string | null;
  address?: string | null;
  email?: string | null;
  phone?: string | null;
  property_states?: Partial<Record<string, string>>;
  notifiable?: boolean;
  blocks?: BlockInput[];
  /** undefined keeps the facsimile, null removes it. */
  facsimilePath?: string | null;
}

/** The titles a complex shows for each property state: its own, or the catalogue's in the reader's language. */
export const stateTitles = (stored: Partial<Record<string, string>> | undefined, locale: Locale) =>
  Object.fromEntries(
    PROPERTY_STATES.map((state) => [state, stored?.[state]?.trim() || translate(locale, `sites.states.${state}`)]),
  ) as Record<(typeof PROPERTY_STATES)[number], string>;

/** company_id given: it must exist. Not given: the company of this deployment (the oldest), if there is one. */
async function companyFor(tx: Tx, companyId: number | null | undefined) {
  if (companyId) {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw invalid({ company_id: ['sites.unknown_company'] });
    return company.id;
  }
  const [company] = await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  return company?.id ?? null;
}

const columnsOf = (input: BuildingInput, locale: Locale) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.cad_code !== undefined && { cadCode: input.cad_code }),
  ...(input.director !== undefined && { director: input.director }),
  ...(input.director_pid !== undefined && { directorPid: input.director_pid }),
  ...(input.manager_name !== undefined && { managerName: input.manager_name }),
  ...(input.address !== undefined && { address: input.address }),
  ...(input.email !== undefined && { email: input.email }),
  ...(input.phone !== undefined && { phone: input.phone }),
  ...(input.property_states !== undefined && { propertyStates: stateTitles(input.property_states, locale) }),
  ...(input.notifiable !== undefined && { notifiable: input.notifiable }),
  ...(input.facsimilePath !== undefined && { facsimilePath: input.facsimilePath }),
});

/**
 * The blocks given replace the building's set: an entry with an id renames that block, one without makes a
 * new block, and a block left out is deleted unless units stand in it (409 naming the block).
 */
async function replaceBlocks(tx: Tx, buildingId: number, wanted: BlockInput[]) {
  const current = await tx.select().from(blocks).where(eq(blocks.buildingId, buildingId));
  const unknown = wanted
    .map((b, index) => ({ b, index }))
    .filter(({ b }) => b.id && !current.some((c) => c.id === b.id));
  if (unknown.length)
    throw invalid(Object.fromEntries(unknown.map(({ index }) => [`blocks.${index}.id`, ['sites.unknown_block']])));
  const keptIds = wanted.flatMap((b) => (b.id ? [b.id] : []));
  const removed = current.filter((c) => !keptIds.includes(c.id));
  if (removed.length) {
    const used = await tx
      .select({ blockId: properties.blockId, n: sql<number>`cast(count(*) as integer)` })
      .from(properties)
      .where(
        inArray(
          properties.blockId,
          removed.map((b) => b.id),
        ),
      )
      .groupBy(properties.blockId);
    const [first] = used;
    if (first)
      throw conflict('sites.block_has_properties', {
        block: removed.find((b) => b.id === first.blockId)!.name,
        count: first.n,
      });
    await tx.delete(blocks).where(
      inArray(
        blocks.id,
        removed.map((b) => b.id),
      ),
    );
  }
  const renamed = wanted.filter((b) => b.id && current.find((c) => c.id === b.id)!.name !== b.name);
  // Swapping two names must not trip the (building, name) unique index half-way: park the renamed ones first.
  for (const b of renamed)
    await tx
      .update(blocks)
      .set({ name: `#renaming-${b.id}#` })
      .where(eq(blocks.id, b.id!));
  for (const b of wanted.filter((w) => w.id))
    await tx.update(blocks).set({ name: b.name, floors: b.floors, updatedAt: new Date() }).where(eq(blocks.id, b.id!));
  const added = wanted.filter((b) => !b.id);
  if (added.length) await tx.insert(blocks).values(added.map((b) => ({ buildingId, name: b.name, floors: b.floors })));
}

const blockNameTaken = () => invalid({ blocks: ['sites.block_name_taken'] });

/** The building as stored, locked for the rest of the write; 404 outside the user's scope. */
async function lockedBuilding(tx: Tx, id: number, user: Principal) {
  const [current] = await tx
    .select()
    .from(buildings)
    .where(and(eq(buildings.id, id), inBuildingScope(user, buildings.id)))
    .for('update');
  if (!current) throw new AppError(404, 'server.not_found');
  return current;
}

/**
 * Adding, changing and deleting a complex, each in one transaction that records the write (activity log, the complex
 * its own) last: an edit's line keeps the values it replaced.
 */
export function createBuildingWrites(db: Db) {
  async function create(input: BuildingInput & { name: string }, user: Principal, locale: Locale, record: RecordWrite) {
    try {
      return await db.transaction(async (tx) => {
        const companyId = await companyFor(tx, input.company_id);
        const [row] = await tx
          .insert(buildings)
          .values({
            ...columnsOf(input, locale),
            name: input.name,
            companyId,
            propertyStates: stateTitles(input.property_states, locale),
          })
          .returning({ id: buildings.id });
        if (input.blocks?.length)
          await tx
            .insert(blocks)
            .values(input.blocks.map((b) => ({ buildingId: row.id, name: b.name, floors: b.floors })));
        // Whoever made it must be able to see it: a user limited to their buildings gets it assigned.
        if (!buildingScope(user).all)
          await tx.insert(userBuildings).values({ userId: user.id, buildingId: row.id }).onConflictDoNothing();
        await record(tx, { recordId: row.id, buildingId: row.id });
        return row.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw blockNameTaken();
      throw error;
    }
  }

  /** Answers the facsimile the update replaced, so the caller can remove its file once all is saved. */
  async function update(id: number, input: BuildingInput, user: Principal, locale: Locale, record: RecordWrite) {
    try {
      return await db.transaction(async (tx) => {
        const current = await lockedBuilding(tx, id, user);
        const companyId = input.company_id !== undefined ? await companyFor(tx, input.company_id) : undefined;
        await tx
          .update(buildings)
          .set({ ...columnsOf(input, locale), ...(companyId !== undefined && { companyId }), updatedAt: new Date() })
          .where(eq(buildings.id, id));
        if (input.blocks) await replaceBlocks(tx, id, input.blocks);
        await record(tx, { recordId: id, buildingId: id, before: current });
        return { replacedFacsimile: input.facsimilePath !== undefined ? current.facsimilePath : null };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw blockNameTaken();
      throw error;
    }
  }

  /** A building with units (and so with any deal) stays: 409 with its name and how many units it holds. */
  async function remove(id: number, user: Principal, record: RecordWrite) {
    return db.transaction(async (tx) => {
      const current = await lockedBuilding(tx, id, user);
      const units = await tx.$count(properties, eq(properties.buildingId, id));
      if (units) throw conflict('sites.building_has_properties', { building: current.name, count: units });
      // Blocks, bank accounts, price lists and user assignments go with it (ON DELETE CASCADE).
      await tx.delete(buildings).where(eq(buildings.id, id));
      await record(tx, { recordId: id, buildingId: id });
      return { facsimilePath: current.facsimilePath };
    });
  }

  return { create, update, remove };
}
