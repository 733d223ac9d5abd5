import { and, desc, eq, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
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
import { blocks, buildings, customers, preSaleBookings, properties } from '../../db/schema';
import {
  inOrder,
  likePattern,
  pageMeta,
  pageWindow,
  sortColumn,
  sortsBy,
  totalCount,
  type ListQuery,
  pageTotal,
} from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { conflict, notFound } from '../../core/errors';
import { claimUnit, releaseUnit } from '../unitStatus';
import { customerColumns, customerName } from './shared';

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
  const columns = {
    booking: preSaleBookings,
    propertyNo: properties.no,
    buildingId: properties.buildingId,
    buildingName: buildings.name,
    blockName: blocks.name,
    propertyStatus: properties.status,
    ...customerColumns,
  };
  type Row = {
    booking: typeof preSaleBookings.$inferSelect;
    propertyNo: string;
    buildingId: number;
    buildingName: string;
    blockName: string | null;
    propertyStatus: string;
    customerNameKa: string;
    customerNameEn: string | null;
    customerNameRu: string | null;
  };

  const present = (row: Row, locale: Locale) => {
    const status = row.booking.status as PreSaleBookingStatus;
    return {
      id: row.booking.id,
      property_id: row.booking.propertyId,
      property_no: row.propertyNo,
      property_status: row.propertyStatus,
      building_id: row.buildingId,
      building_name: row.buildingName,
      block_name: row.blockName,
      customer_id: row.booking.customerId,
      customer_name: customerName(
        { nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu },
        locale,
      ),
      status,
      next_statuses: [...nextStatuses(status)],
      hold_until: row.booking.holdUntil,
      note: row.booking.note,
      created_by: row.booking.createdBy,
      created_at: row.booking.createdAt.toISOString(),
    };
  };

  const base = () =>
    db
      .select({ ...columns, total: totalCount })
      .from(preSaleBookings)
      .innerJoin(properties, eq(properties.id, preSaleBookings.propertyId))
      .innerJoin(buildings, eq(buildings.id, properties.buildingId))
      .leftJoin(blocks, eq(blocks.id, properties.blockId))
      .innerJoin(customers, eq(customers.id, preSaleBookings.customerId));

  async function list(q: ListQuery & PreSaleBookingFilters, user: Principal, locale: Locale) {
    const { limit, offset } = pageWindow(q);
    const filters: Array<SQL | undefined> = [inBuildingScope(user, properties.buildingId)];
    if (q.status?.length) filters.push(inArray(preSaleBookings.status, q.status));
    if (q.building_id !== undefined) filters.push(eq(properties.buildingId, q.building_id));
    if (q.customer_id !== undefined) filters.push(eq(preSaleBookings.customerId, q.customer_id));
    if (q.query) {
      const p = likePattern(q.query);
      filters.push(
        or(
          ilike(properties.no, p),
          ilike(customers.nameKa, p),
          ilike(customers.nameEn, p),
          ilike(customers.nameRu, p),
          ilike(buildings.name, p),
          ilike(preSaleBookings.note, p),
        ),
      );
    }
    const column = sortColumn(q.sort, SORTABLE, 'id');
    const defaultOrder = !sortsBy(q.sort, SORTABLE);
    const rows = await base()
      .where(and(...filters))
      .orderBy(defaultOrder ? desc(preSaleBookings.id) : inOrder(column, q.order), desc(preSaleBookings.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(
      rows,
      { limit, offset },
      async () =>
        (
          await base()
            .where(and(...filters))
            .limit(1)
        )[0]?.total ?? 0,
    );
    return { data: rows.map((r) => present(r, locale)), meta: pageMeta(q, total, rows.length) };
  }

  async function get(id: number, user: Principal, locale: Locale) {
    const [row] = await base().where(and(eq(preSaleBookings.id, id), inBuildingScope(user, properties.buildingId)));
    if (!row) throw notFound();
    return present(row, locale);
  }

  /** Holds the unit (pre_booked) and writes the booking in one transaction: a unit no longer free writes nothing. */
  async function create(
    input: { property_id: number; customer_id: number; hold_until: string; note: string | null },
    userId: number,
  ) {
    return db.transaction(async (tx) => {
      await claimUnit(tx, input.property_id, 'pre_booked', 'pre-sale booking');
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
      return row.id;
    });
  }

  /** Moves a booking from one status to another (409 when someone changed it meanwhile); a hold given up frees its unit. */
  async function changeStatus(
    booking: { id: number; property_id: number },
    from: PreSaleBookingStatus,
    to: PreSaleBookingStatus,
  ) {
    await db.transaction(async (tx) => {
      const changed = await tx
        .update(preSaleBookings)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(preSaleBookings.id, booking.id), eq(preSaleBookings.status, from)))
        .returning({ id: preSaleBookings.id });
      if (!changed.length) throw conflict();
      if (releasesUnit(from, to)) await releaseUnit(tx, booking.property_id, 'pre_booked');
    });
  }

  /** Deletes a booking; a unit it held is free again. */
  async function remove(booking: { id: number; property_id: number }) {
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(preSaleBookings)
        .where(eq(preSaleBookings.id, booking.id))
        .returning({ status: preSaleBookings.status });
      if (gone && holdsUnit(gone.status as PreSaleBookingStatus))
        await releaseUnit(tx, booking.property_id, 'pre_booked');
    });
  }

  return { list, get, create, changeStatus, remove };
}

export type PreSaleBookingsRepository = ReturnType<typeof createPreSaleBookingsRepository>;
