import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { HeldStatus } from '../../../domain/deals';
import type { PropertyStatus } from '../../../domain/inventory';
import type { Db, Tx } from '../../db/client';
import { buildings, properties } from '../../db/schema';
import { AppError } from '../../core/errors';
import { businessToday } from '../../../domain/businessDay';

/**
 * A unit's status follows its deals (issue 4): a deal claims a free unit and releases it when it ends, in the
 * deal's own transaction. The claim is one conditional UPDATE, so of two staff claiming the same unit at once
 * exactly one wins; the other gets 409 naming the unit.
 */
type Executor = Db | Tx;

/** "Unit 12 (ვაკის პარკი)": how messages name a unit. */
export async function unitLabel(tx: Executor, propertyId: number) {
  const [row] = await tx
    .select({ no: properties.no, building: buildings.name })
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .where(eq(properties.id, propertyId));
  return row ? { no: row.no, building: row.building } : undefined;
}

/**
 * Moves a free, live unit to `to`, or throws 409 'deals.unit_not_free' naming the unit (404 when there is no
 * such unit). `label` is the kind of deal, for the log only. `from` is the status the unit must have: free,
 * or pre_booked when a sale takes over the unit of its own approved reservation.
 */
export async function claimUnit(
  tx: Executor,
  propertyId: number,
  to: HeldStatus,
  label?: string,
  from: PropertyStatus = 'free',
) {
  void label;
  await claimUnits(tx, [propertyId], to, from);
}

/**
 * `claimUnit` for many units in one statement (a sales import): every one moves from `from` to `to`, or none does
 * and the first that could not is named (409, or 404 when there is no such unit).
 */
export async function claimUnits(tx: Executor, propertyIds: readonly number[], to: HeldStatus, from: PropertyStatus) {
  if (propertyIds.length === 0) return;
  const claimed = await tx
    .update(properties)
    .set({ status: to })
    .where(and(inArray(properties.id, [...propertyIds]), eq(properties.status, from), isNull(properties.archivedAt)))
    .returning({ id: properties.id });
  if (claimed.length === propertyIds.length) return;
  const done = new Set(claimed.map((c) => c.id));
  const unit = await unitLabel(
    tx,
    propertyIds.find((id) => !done.has(id))!,
  );
  if (!unit) throw new AppError(404, 'server.not_found');
  throw new AppError(409, 'deals.unit_not_free', unit);
}

/** Gives a unit back (free) if it still has the status the ending deal gave it; answers whether it did. */
export async function releaseUnit(tx: Executor, propertyId: number, from: PropertyStatus) {
  const released = await tx
    .update(properties)
    .set({ status: 'free' })
    .where(and(eq(properties.id, propertyId), eq(properties.status, from)))
    .returning({ id: properties.id });
  return released.length === 1;
}

/** Today's business date (Tbilisi) as an ISO date. */
export const todayIso = businessToday;
