import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isInDeal, isManualStatus, remainingSplitArea } from '../../../domain/inventory';
import { toDecimalString, toMinor } from '../../../domain/money';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import {
  blocks,
  buildings,
  properties,
  propertyFeatureGroups,
  propertyFeatureLinks,
  propertyFeatures,
} from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { conflict, invalid, isUniqueViolation, notFound, type AppError } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import type { PropertyInput, SplitPart } from './inputs';
import { createPropertiesList, present, withNames } from './list';
import { amount, decimal, pricing } from './pricing';

export type { PropertyFilters, PropertyInput, SplitPart } from './inputs';
import { localName } from '../features';

type FieldErrors = NonNullable<AppError['fieldErrors']>;

const UNIQUE_NUMBER = 'properties_block_no_unique';

export function createPropertiesRepository(db: Db) {
  const visible = (user: CurrentUser, id: number) =>
    and(eq(properties.id, id), inBuildingScope(user, properties.buildingId));

  const { list, ranges } = createPropertiesList(db);

  /** One unit as its page shows it: names of its complex and block, its features, and where a split left it. */
  async function get(user: CurrentUser, id: number, locale: Locale) {
    const [row] = await withNames(db).where(visible(user, id));
    if (!row) throw notFound();
    const [featureRows, parts, parent] = await Promise.all([
      db
        .select({ feature: propertyFeatures, group: propertyFeatureGroups })
        .from(propertyFeatureLinks)
        .innerJoin(propertyFeatures, eq(propertyFeatures.id, propertyFeatureLinks.featureId))
        .leftJoin(propertyFeatureGroups, eq(propertyFeatureGroups.id, propertyFeatures.groupId))
        .where(eq(propertyFeatureLinks.propertyId, id))
        .orderBy(asc(propertyFeatureGroups.id), asc(propertyFeatures.id)),
      db
        .select({ id: properties.id, no: properties.no, area: properties.area, status: properties.status })
        .from(properties)
        .where(eq(properties.parentId, id))
        .orderBy(asc(properties.id)),
      row.property.parentId
        ? db
            .select({ id: properties.id, no: properties.no })
            .from(properties)
            .where(eq(properties.id, row.property.parentId))
            .then((r) => r[0] ?? null)
        : Promise.resolve(null),
    ]);
    return {
      ...present(row),
      features: featureRows.map((f) => f.feature.id),
      feature_list: featureRows.map((f) => ({
        id: f.feature.id,
        name: localName(f.feature, locale),
        group_id: f.group?.id ?? null,
        group_name: f.group ? localName(f.group, locale) : null,
      })),
      parent,
      parts: parts.map((p) => ({ ...p, area: Number(p.area) })),
    };
  }

  /** Another live unit with this number in the same block (or in the complex, for units outside blocks). */
  async function numbersTaken(
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
  async function numberTakenMessage(
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
  async function checkPlacement(
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
      const [block] = await tx
        .select({ buildingId: blocks.buildingId })
        .from(blocks)
        .where(eq(blocks.id, unit.block_id));
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

  async function replaceFeatures(tx: Tx, propertyId: number, featureIds: number[]) {
    await tx.delete(propertyFeatureLinks).where(eq(propertyFeatureLinks.propertyId, propertyId));
    const ids = [...new Set(featureIds)];
    if (ids.length) await tx.insert(propertyFeatureLinks).values(ids.map((featureId) => ({ propertyId, featureId })));
  }

  /** A race past the number check meets the unique index: it answers the same 422, never a 500. */
  async function numberRace<T>(
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

  async function lockVisible(tx: Tx, user: CurrentUser, id: number) {
    const [current] = await tx.select().from(properties).where(visible(user, id)).for('update');
    if (!current) throw notFound();
    if (current.archivedAt) throw conflict('units.archived');
    return current;
  }

  async function create(user: CurrentUser, input: PropertyInput, locale: Locale) {
    if (input.status && !isManualStatus(input.status)) throw invalid({ status: ['units.status_by_deal'] });
    const id = await numberRace(
      () => input,
      () =>
        db.transaction(async (tx) => {
          await checkPlacement(tx, user, input);
          const price = pricing(input.area, input.price_per_m2, input.price);
          const [row] = await tx
            .insert(properties)
            .values({
              buildingId: input.building_id,
              blockId: input.block_id ?? null,
              no: input.no,
              floor: input.floor,
              area: decimal(input.area),
              rooms: input.rooms ?? null,
              type: input.type ?? 'apartment',
              state: input.state ?? 'black_frame',
              view: input.view ?? null,
              status: input.status ?? 'free',
              ...price,
              currency: input.currency ?? 'USD',
              cadCode: input.cad_code ?? null,
              description: input.description ?? null,
            })
            .returning({ id: properties.id });
          await replaceFeatures(tx, row.id, input.features ?? []);
          return row.id;
        }),
    );
    return get(user, id, locale);
  }

  /** Only the fields given change. The status moves here only between free and not for sale. */
  async function update(user: CurrentUser, id: number, input: Partial<PropertyInput>, locale: Locale) {
    let unit = { building_id: 0, block_id: null as number | null, no: '', features: input.features };
    await numberRace(
      () => unit,
      () =>
        db.transaction(async (tx) => {
          const current = await lockVisible(tx, user, id);
          if (
            input.status !== undefined &&
            input.status !== current.status &&
            !(isManualStatus(input.status) && isManualStatus(current.status))
          ) {
            throw invalid({ status: ['units.status_by_deal'] });
          }
          unit = {
            building_id: input.building_id ?? current.buildingId,
            block_id: input.block_id !== undefined ? input.block_id : current.blockId,
            no: input.no ?? current.no,
            features: input.features,
          };
          await checkPlacement(tx, user, unit, id);
          const area = input.area ?? Number(current.area);
          const perM2 = input.price_per_m2 !== undefined ? input.price_per_m2 : amount(current.pricePerM2);
          // A new area or price per m² reprices the unit unless a price comes with it.
          const price =
            input.price !== undefined
              ? input.price
              : input.area !== undefined || input.price_per_m2 !== undefined
                ? null
                : amount(current.price);
          await tx
            .update(properties)
            .set({
              buildingId: unit.building_id,
              blockId: unit.block_id,
              no: unit.no,
              area: decimal(area),
              ...pricing(area, perM2, price),
              ...(input.floor !== undefined && { floor: input.floor }),
              ...(input.rooms !== undefined && { rooms: input.rooms }),
              ...(input.type !== undefined && { type: input.type }),
              ...(input.state !== undefined && { state: input.state }),
              ...(input.view !== undefined && { view: input.view }),
              ...(input.status !== undefined && { status: input.status }),
              ...(input.currency !== undefined && { currency: input.currency }),
              ...(input.cad_code !== undefined && { cadCode: input.cad_code }),
              ...(input.description !== undefined && { description: input.description }),
              updatedAt: new Date(),
            })
            .where(eq(properties.id, id));
          if (input.features !== undefined) await replaceFeatures(tx, id, input.features);
        }),
    );
    return get(user, id, locale);
  }

  /** A unit in a deal stays: only a free or not-for-sale unit can be deleted. */
  async function remove(user: CurrentUser, id: number) {
    await db.transaction(async (tx) => {
      const current = await lockVisible(tx, user, id);
      if (isInDeal(current.status)) throw conflict('units.delete_in_deal');
      await tx.delete(properties).where(eq(properties.id, id));
    });
  }

  /**
   * One unit into several, in one transaction: the parts take the unit's complex, block, floor, type, state, view,
   * currency, status and features; the unit keeps its history, is archived and leaves sale.
   */
  async function split(user: CurrentUser, id: number, parts: SplitPart[], locale: Locale) {
    await db
      .transaction(async (tx) => {
        const original = await lockVisible(tx, user, id);
        if (!isManualStatus(original.status)) throw conflict('units.split_in_deal');
        const errors: FieldErrors = {};
        const left = remainingSplitArea(
          original.area,
          parts.map((p) => p.area),
        );
        if (left !== 0) {
          const total = parts.reduce((sum, p) => sum + toMinor(p.area), 0);
          errors.parts = [
            ['units.split_areas', { total: toDecimalString(total), area: toDecimalString(toMinor(original.area)) }],
          ];
        }
        const numbers = parts.map((p) => p.no);
        const taken = await numbersTaken(tx, original.buildingId, original.blockId, numbers, original.id);
        for (const [index, no] of numbers.entries()) {
          if (numbers.indexOf(no) !== index) errors[`parts.${index}.no`] = ['units.split_duplicate_no'];
          else if (taken.includes(no))
            errors[`parts.${index}.no`] = [await numberTakenMessage(tx, no, original.buildingId, original.blockId)];
        }
        if (Object.keys(errors).length) throw invalid(errors);

        await tx
          .update(properties)
          .set({ archivedAt: new Date(), status: 'not_for_sale', updatedAt: new Date() })
          .where(eq(properties.id, id));
        const originalPerM2 = amount(original.pricePerM2);
        const created = await tx
          .insert(properties)
          .values(
            parts.map((part) => ({
              buildingId: original.buildingId,
              blockId: original.blockId,
              no: part.no,
              floor: original.floor,
              area: decimal(part.area),
              rooms: part.rooms ?? null,
              type: original.type,
              state: original.state,
              view: original.view,
              status: original.status,
              ...pricing(part.area, part.price_per_m2 ?? originalPerM2, null),
              currency: original.currency,
              parentId: original.id,
            })),
          )
          .returning({ id: properties.id });
        const featureIds = (
          await tx
            .select({ featureId: propertyFeatureLinks.featureId })
            .from(propertyFeatureLinks)
            .where(eq(propertyFeatureLinks.propertyId, id))
        ).map((f) => f.featureId);
        if (featureIds.length) {
          await tx
            .insert(propertyFeatureLinks)
            .values(created.flatMap((part) => featureIds.map((featureId) => ({ propertyId: part.id, featureId }))));
        }
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, UNIQUE_NUMBER)) throw invalid({ parts: ['units.split_number_taken'] });
        throw error;
      });
    return get(user, id, locale);
  }

  return { list, ranges, get, create, update, remove, split };
}

export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;
