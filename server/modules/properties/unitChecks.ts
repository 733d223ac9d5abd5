import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { blocks, buildings, properties, propertyFeatureLinks, propertyFeatures } from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { conflict, invalid, isUniqueViolation, notFound, type AppError } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import type { PropertyInput } from './inputs';

type FieldErrors = NonNullable<AppError['fieldErrors']>;

export const UNIQUE_NUMBER = 'properties_block_no_unique';

/** The unit, if it is in a complex the user may see. */
export const visibleUnit = (user: CurrentUser, id: number) =>
  and(eq(properties.id, id), inBuildingScope(user, properties.buildingId));

/** Another live unit with this number in the same block (or in the complex, for units outside blocks). */
export async function numbersTaken(
  executor: Db | Tx,
  buildingId: number,
  blockId: number | null,
  numbers: string[],
  exceptId?: number,
) {
  if (!numbers.length) return [];
  const rows = await executor
    .select({ no: properties.no })
    .from(properties)
    .where(
      and(
        eq(properties.buildingId, buildingId),
        sql`coalesce(${properties.blockId}, 0) = ${blockId ?? 0}`,
        inArray(properties.no, numbers),
        isNull(properties.archivedAt),
        exceptId ? ne(properties.id, exceptId) : undefined,
      ),
    );
  return rows.map((r) => r.no);
}

/** The field message for a number already used, naming the block (or the complex). */
export async function numberTakenMessage(
  executor: Db | Tx,
  no: string,
  buildingId: number,
  blockId: number | null,
): Promise<[string, Record<string, string>]> {
  if (blockId) {
    const [block] = await executor.select({ name: blocks.name }).from(blocks).where(eq(blocks.id, blockId));
    return ['units.number_taken_block', { no, block: block?.name ?? String(blockId) }];
  }
  const [building] = await executor
    .select({ name: buildings.name })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  return ['units.number_taken_building', { no, building: building?.name ?? String(buildingId) }];
}

/** The complex must be one the user may see, the block must be in it, the number free in it, the features real. */
export async function checkPlacement(
  tx: Tx,
  user: CurrentUser,
  unit: Pick<PropertyInput, 'building_id' | 'block_id' | 'no' | 'features'>,
  exceptId?: number,
) {
  const errors: FieldErrors = {};
  const [building] = await tx
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.id, unit.building_id), inBuildingScope(user, buildings.id)));
  if (!building) errors.building_id = [['validation.unknown_building', { id: unit.building_id }]];
  if (unit.block_id != null) {
    const [block] = await tx.select({ buildingId: blocks.buildingId }).from(blocks).where(eq(blocks.id, unit.block_id));
    if (!block) errors.block_id = ['units.unknown_block'];
    else if (block.buildingId !== unit.building_id) errors.block_id = ['units.block_not_in_building'];
  }
  if (
    building &&
    !errors.block_id &&
    (await numbersTaken(tx, unit.building_id, unit.block_id ?? null, [unit.no], exceptId)).length
  ) {
    errors.no = [await numberTakenMessage(tx, unit.no, unit.building_id, unit.block_id ?? null)];
  }
  const wanted = [...new Set(unit.features ?? [])];
  if (wanted.length) {
    const found = (
      await tx.select({ id: propertyFeatures.id }).from(propertyFeatures).where(inArray(propertyFeatures.id, wanted))
    ).map((f) => f.id);
    const missing = wanted.filter((id) => !found.includes(id));
    if (missing.length) errors.features = missing.map((id) => ['units.unknown_feature', { id }]);
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export async function replaceFeatures(tx: Tx, propertyId: number, featureIds: number[]) {
  await tx.delete(propertyFeatureLinks).where(eq(propertyFeatureLinks.propertyId, propertyId));
  const ids = [...new Set(featureIds)];
  if (ids.length) await tx.insert(propertyFeatureLinks).values(ids.map((featureId) => ({ propertyId, featureId })));
}

/** A race past the number check meets the unique index: it answers the same 422, never a 500. */
export async function numberRace<T>(
  db: Db,
  unit: () => { building_id: number; block_id?: number | null; no: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error, UNIQUE_NUMBER)) throw error;
    const { no, building_id, block_id } = unit();
    throw invalid({ no: [await numberTakenMessage(db, no, building_id, block_id ?? null)] });
  }
}

/** The unit locked for a change: one the user may see, not archived. */
export async function lockVisible(tx: Tx, user: CurrentUser, id: number) {
  const [current] = await tx.select().from(properties).where(visibleUnit(user, id)).for('update');
  if (!current) throw notFound();
  if (current.archivedAt) throw conflict('units.archived');
  return current;
}
