import { eq } from 'drizzle-orm';
import { isInDeal, isManualStatus, remainingSplitArea } from '../../../domain/inventory';
import { toDecimalString, toMinor } from '../../../domain/money';
import type { Db } from '../../db/client';
import { properties, propertyFeatureLinks } from '../../db/schema';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import { conflict, invalid, isUniqueViolation, type AppError } from '../../core/errors';
import type { PropertyInput, SplitPart } from './inputs';
import { amount, decimal, pricing } from './pricing';
import {
  checkPlacement,
  lockVisible,
  numberRace,
  numbersTaken,
  numberTakenMessage,
  replaceFeatures,
  UNIQUE_NUMBER,
} from './unitChecks';

type FieldErrors = NonNullable<AppError['fieldErrors']>;

/*
 * A unit's writes, each in one transaction whose last step records it (`record`): the activity-log line names the
 * unit and its complex, and an update keeps the unit as it was.
 */

/** A new unit; answers its id. */
export async function createUnit(db: Db, user: CurrentUser, input: PropertyInput, record: RecordWrite) {
  if (input.status && !isManualStatus(input.status)) throw invalid({ status: ['units.status_by_deal'] });
  return numberRace(
    db,
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
        await record(tx, { recordId: row.id, buildingId: input.building_id });
        return row.id;
      }),
  );
}

/** Only the fields given change. The status moves here only between free and not for sale. */
export async function updateUnit(
  db: Db,
  user: CurrentUser,
  id: number,
  input: Partial<PropertyInput>,
  record: RecordWrite,
) {
  let unit = { building_id: 0, block_id: null as number | null, no: '', features: input.features };
  await numberRace(
    db,
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
        await record(tx, { recordId: id, buildingId: unit.building_id, before: current });
      }),
  );
}

/** A unit in a deal stays: only a free or not-for-sale unit can be deleted. */
export async function removeUnit(db: Db, user: CurrentUser, id: number, record: RecordWrite) {
  await db.transaction(async (tx) => {
    const current = await lockVisible(tx, user, id);
    if (isInDeal(current.status)) throw conflict('units.delete_in_deal');
    await tx.delete(properties).where(eq(properties.id, id));
    await record(tx, { recordId: id, buildingId: current.buildingId });
  });
}

/**
 * One unit into several, in one transaction: the parts take the unit's complex, block, floor, type, state, view,
 * currency, status and features; the unit keeps its history, is archived and leaves sale.
 */
export async function splitUnit(db: Db, user: CurrentUser, id: number, parts: SplitPart[], record: RecordWrite) {
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
      await record(tx, { recordId: id, buildingId: original.buildingId });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, UNIQUE_NUMBER)) throw invalid({ parts: ['units.split_number_taken'] });
      throw error;
    });
}
