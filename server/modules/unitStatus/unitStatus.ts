import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { HeldStatus } from '../../../domain/deals';
import type { PropertyStatus } from '../../../domain/inventory';
import { rows, type Db, type Tx } from '../../db/client';
import { buildings, properties } from '../../db/schema';
import { AppError } from '../../core/errors';

/**
 * A unit's status follows its deals: a deal claims a free unit and releases it when it ends, in the
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
  const [claimed] = await claimUnits(tx, [propertyId], to, from);
  return claimed.buildingId;
}

/**
 * `claimUnit` for many units in one statement (a sales import): every one moves from `from` to `to`, or none does
 * and the first that could not is named (409, or 404 when there is no such unit).
 */
export async function claimUnits(tx: Executor, propertyIds: readonly number[], to: HeldStatus, from: PropertyStatus) {
  if (propertyIds.length === 0) return [];
  const claimed = await tx
    .update(properties)
    .set({ status: to })
    .where(and(inArray(properties.id, [...propertyIds]), eq(properties.status, from), isNull(properties.archivedAt)))
    .returning({ id: properties.id, buildingId: properties.buildingId });
  if (claimed.length === propertyIds.length) return claimed;
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

/**
 * The status each unit's live deals give it (null when none holds it): a live sale, then a barter, an active
 * booking, a pending or approved reservation. A unit in a deal status that its deals disagree with is held wrongly.
 */
const heldByDeals = sql`
  select p.id, p.status, case
    when exists (select 1 from sale_properties sp join sales s on s.id = sp.sale_id
                 where sp.property_id = p.id and s.deleted_at is null) then 'sold'
    when exists (select 1 from barter_properties bp where bp.property_id = p.id) then 'barter'
    when exists (select 1 from bookings b where b.property_id = p.id and b.status = 'active') then 'booked'
    when exists (select 1 from pre_sale_bookings r
                 where r.property_id = p.id and r.status in ('pending', 'approved')) then 'pre_booked'
  end as held
  from properties p`;

const disagrees = sql`(u.held is not null and u.status <> u.held)
  or (u.held is null and u.status in ('pre_booked', 'booked', 'sold', 'barter'))`;

/** Units whose stored status is not what their live deals make it (none, when every write kept them in step). */
export async function unitsOutOfStep(db: Executor) {
  return rows<{ id: number; status: string; held: string | null }>(
    db,
    sql`select * from (${heldByDeals}) u where ${disagrees} order by u.id`,
  );
}

/**
 * A reservation once converted by its status alone left its unit pre-booked with no sale behind it: each unit of a
 * converted reservation that its live deals disagree with gets their status back (free when none). Answers how
 * many units it gave back; run on every start, it finds none once done.
 */
export async function releaseStrandedUnits(db: Db) {
  const released = await rows<{ id: number }>(
    db,
    sql`update properties set status = coalesce(u.held, 'free')
      from (${heldByDeals}) u
      where properties.id = u.id and (${disagrees})
        and exists (select 1 from pre_sale_bookings r where r.property_id = u.id and r.status = 'converted')
      returning properties.id`,
  );
  return released.length;
}
