import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import { toDecimalString, toMinor, fromMinor } from '../../../domain/money';
import type { BookingStatus } from '../../../domain/deals';
import type { Db } from '../../db/client';
import { blocks, bookings, buildings, customers, properties } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
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
import { claimUnit, releaseUnit } from '../unitStatus';
import { customerColumns, customerName } from '../preSaleBookings';

export interface BookingInput {
  property_id: number;
  customer_id: number;
  period_from: string;
  period_to: string;
  price: number;
  currency: string;
  paid: boolean;
  note: string | null;
}

export interface BookingFilters {
  status?: BookingStatus[];
  building_id?: number;
  customer_id?: number;
  property_id?: number;
  paid?: boolean;
}

const SORTABLE = {
  id: bookings.id,
  period_from: bookings.periodFrom,
  period_to: bookings.periodTo,
  price: bookings.price,
  property_no: properties.no,
  created_at: bookings.createdAt,
};

export function createBookingsRepository(db: Db) {
  const columns = {
    booking: bookings,
    propertyNo: properties.no,
    buildingId: properties.buildingId,
    buildingName: buildings.name,
    blockName: blocks.name,
    ...customerColumns,
  };
  type Row = {
    booking: typeof bookings.$inferSelect;
    propertyNo: string;
    buildingId: number;
    buildingName: string;
    blockName: string | null;
    customerNameKa: string;
    customerNameEn: string | null;
    customerNameRu: string | null;
  };

  const present = (row: Row, locale: Locale) => ({
    id: row.booking.id,
    property_id: row.booking.propertyId,
    property_no: row.propertyNo,
    building_id: row.buildingId,
    building_name: row.buildingName,
    block_name: row.blockName,
    customer_id: row.booking.customerId,
    customer_name: customerName(
      { nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu },
      locale,
    ),
    period_from: row.booking.periodFrom,
    period_to: row.booking.periodTo,
    price: fromMinor(toMinor(row.booking.price)),
    currency: row.booking.currency,
    paid: row.booking.paid,
    status: row.booking.status as BookingStatus,
    note: row.booking.note,
    created_by: row.booking.createdBy,
    created_at: row.booking.createdAt.toISOString(),
  });

  const base = () =>
    db
      .select({ ...columns, total: totalCount })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .innerJoin(buildings, eq(buildings.id, properties.buildingId))
      .leftJoin(blocks, eq(blocks.id, properties.blockId))
      .innerJoin(customers, eq(customers.id, bookings.customerId));

  async function list(q: ListQuery & BookingFilters, user: Principal, locale: Locale) {
    const { limit, offset } = pageWindow(q);
    const filters: Array<SQL | undefined> = [inBuildingScope(user, properties.buildingId)];
    if (q.status?.length) filters.push(inArray(bookings.status, q.status));
    if (q.building_id !== undefined) filters.push(eq(properties.buildingId, q.building_id));
    if (q.customer_id !== undefined) filters.push(eq(bookings.customerId, q.customer_id));
    if (q.property_id !== undefined) filters.push(eq(bookings.propertyId, q.property_id));
    if (q.paid !== undefined) filters.push(eq(bookings.paid, q.paid));
    if (q.query) {
      const p = likePattern(q.query);
      filters.push(
        or(
          ilike(properties.no, p),
          ilike(customers.nameKa, p),
          ilike(customers.nameEn, p),
          ilike(customers.nameRu, p),
          ilike(buildings.name, p),
          ilike(bookings.note, p),
        ),
      );
    }
    const column = sortColumn(q.sort, SORTABLE, 'id');
    const defaultOrder = !sortsBy(q.sort, SORTABLE);
    const rows = await base()
      .where(and(...filters))
      .orderBy(defaultOrder ? desc(bookings.id) : inOrder(column, q.order), desc(bookings.id))
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
    const [row] = await base().where(and(eq(bookings.id, id), inBuildingScope(user, properties.buildingId)));
    if (!row) throw notFound();
    return present(row, locale);
  }

  const values = (input: Partial<BookingInput>) => ({
    ...(input.customer_id !== undefined && { customerId: input.customer_id }),
    ...(input.period_from !== undefined && { periodFrom: input.period_from }),
    ...(input.period_to !== undefined && { periodTo: input.period_to }),
    ...(input.price !== undefined && { price: toDecimalString(toMinor(input.price)) }),
    ...(input.currency !== undefined && { currency: input.currency }),
    ...(input.paid !== undefined && { paid: input.paid }),
    ...(input.note !== undefined && { note: input.note }),
  });

  /** Books the unit (booked) and writes the booking in one transaction: a unit no longer free writes nothing. */
  async function create(input: BookingInput, userId: number) {
    return db.transaction(async (tx) => {
      await claimUnit(tx, input.property_id, 'booked', 'booking');
      const [row] = await tx
        .insert(bookings)
        .values({
          propertyId: input.property_id,
          customerId: input.customer_id,
          periodFrom: input.period_from,
          periodTo: input.period_to,
          price: '0',
          ...values(input),
          status: 'active',
          createdBy: userId,
        })
        .returning({ id: bookings.id });
      return row.id;
    });
  }

  /** Changes a booking; cancelling gives the unit back, re-activating books it again (if it is still free). */
  async function update(
    current: { id: number; property_id: number; status: BookingStatus },
    input: Partial<BookingInput> & { status?: BookingStatus },
  ) {
    await db.transaction(async (tx) => {
      const status = input.status ?? current.status;
      const [row] = await tx
        .update(bookings)
        .set({ ...values(input), status, updatedAt: new Date() })
        .where(and(eq(bookings.id, current.id), eq(bookings.status, current.status)))
        .returning({ id: bookings.id });
      if (!row) throw conflict();
      if (current.status === 'active' && status === 'cancelled') await releaseUnit(tx, current.property_id, 'booked');
      if (current.status === 'cancelled' && status === 'active')
        await claimUnit(tx, current.property_id, 'booked', 'booking');
    });
  }

  async function remove(current: { id: number; property_id: number }) {
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(bookings)
        .where(eq(bookings.id, current.id))
        .returning({ status: bookings.status });
      if (gone?.status === 'active') await releaseUnit(tx, current.property_id, 'booked');
    });
  }

  return { list, get, create, update, remove };
}
