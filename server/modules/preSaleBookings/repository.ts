import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import {
  HOLDING_STATUSES,
  holdsUnit,
  nextStatuses,
  releasesUnit,
  type PreSaleBookingStatus,
} from '../../../domain/deals';
import type { Db } from '../../db/client';
import { preSaleBookings, properties } from '../../db/schema';
import type { ListQuery } from '../../core/paging';
import { conflict, notFound } from '../../core/errors';
import { claimUnit, releaseUnit } from '../unitStatus';
import { dealReads, presentParties, type DealRow } from './dealList';
import type { RecordWrite } from '../../core/activityLog';

export interface PreSaleBookingFilters {
  status?: PreSaleBookingStatus[];
  building_id?: number;
  customer_id?: number;
}

const SORTABLE = {
  id: preSaleBookings.id,
  hold_until: preSaleBookings.holdUntil,
  status: preSaleBookings.status,
  property_no: properties.no,
  created_at: preSaleBookings.createdAt,
};

/**
 * Every pending or approved hold whose last day has passed becomes expired and its unit free again, in one
 * transaction. Answers how many holds expired.
 */
export async function expireHolds(db: Db, today: string) {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(preSaleBookings)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(and(inArray(preSaleBookings.status, [...HOLDING_STATUSES]), lt(preSaleBookings.holdUntil, today)))
      .returning({ propertyId: preSaleBookings.propertyId });
    for (const { propertyId } of expired) await releaseUnit(tx, propertyId, 'pre_booked');
    return expired.length;
  });
}

export function createPreSaleBookingsRepository(db: Db) {
  const reads = dealReads(db, preSaleBookings);

  const present = (row: DealRow<typeof preSaleBookings>, locale: Locale) => {
    const status = row.booking.status as PreSaleBookingStatus;
    return {
      ...presentParties(row, locale),
      property_status: row.propertyStatus,
      status,
      next_statuses: [...nextStatuses(status)],
      hold_until: row.booking.holdUntil,
      note: row.booking.note,
      created_by: row.booking.createdBy,
      created_at: row.booking.createdAt.toISOString(),
    };
  };

  async function list(q: ListQuery & PreSaleBookingFilters, user: Principal, locale: Locale) {
    const { rows, meta } = await reads.list(q, user, SORTABLE);
    return { data: rows.map((r) => present(r, locale)), meta };
  }

  async function get(id: number, user: Principal, locale: Locale) {
    const row = await reads.one(id, user);
    if (!row) throw notFound();
    return present(row, locale);
  }

  /** Holds the unit (pre_booked) and writes the booking in one transaction: a unit no longer free writes nothing. */
  async function create(
    input: { property_id: number; customer_id: number; hold_until: string; note: string | null },
    userId: number,
    record: RecordWrite,
  ) {
    return db.transaction(async (tx) => {
      const buildingId = await claimUnit(tx, input.property_id, 'pre_booked', 'pre-sale booking');
      const [row] = await tx
        .insert(preSaleBookings)
        .values({
          propertyId: input.property_id,
          customerId: input.customer_id,
          holdUntil: input.hold_until,
          note: input.note,
          createdBy: userId,
        })
        .returning({ id: preSaleBookings.id });
      await record(tx, { recordId: row.id, buildingId });
      return row.id;
    });
  }

  /**
   * Moves a booking from one status to another (409 when someone changed it meanwhile); a hold given up frees its unit.
   */
  async function changeStatus(
    booking: { id: number; property_id: number; building_id: number },
    from: PreSaleBookingStatus,
    to: PreSaleBookingStatus,
    record: RecordWrite,
  ) {
    await db.transaction(async (tx) => {
      const changed = await tx
        .update(preSaleBookings)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(preSaleBookings.id, booking.id), eq(preSaleBookings.status, from)))
        .returning({ id: preSaleBookings.id });
      if (!changed.length) throw conflict();
      if (releasesUnit(from, to)) await releaseUnit(tx, booking.property_id, 'pre_booked');
      await record(tx, { recordId: booking.id, buildingId: booking.building_id });
    });
  }

  /** Deletes a booking; a unit it held is free again. */
  async function remove(booking: { id: number; property_id: number; building_id: number }, record: RecordWrite) {
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(preSaleBookings)
        .where(eq(preSaleBookings.id, booking.id))
        .returning({ status: preSaleBookings.status });
      if (gone && holdsUnit(gone.status as PreSaleBookingStatus))
        await releaseUnit(tx, booking.property_id, 'pre_booked');
      await record(tx, { recordId: booking.id, buildingId: booking.building_id });
    });
  }

  return { list, get, create, changeStatus, remove };
}

export type PreSaleBookingsRepository = ReturnType<typeof createPreSaleBookingsRepository>;
