import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import { toDecimalString, toMinor, fromMinor } from '../../../domain/money';
import type { BookingStatus } from '../../../domain/deals';
import type { Db } from '../../db/client';
import { bookings, properties } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import type { ListQuery } from '../../core/paging';
import { claimUnit, releaseUnit } from '../unitStatus';
import { dealReads, presentParties, type DealRow } from '../preSaleBookings';
import type { RecordWrite } from '../../core/activityLog';

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
  const reads = dealReads(db, bookings);

  const present = (row: DealRow<typeof bookings>, locale: Locale) => ({
    ...presentParties(row, locale),
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

  async function list(q: ListQuery & BookingFilters, user: Principal, locale: Locale) {
    const { rows, meta } = await reads.list(q, user, SORTABLE, [
      q.property_id === undefined ? undefined : eq(bookings.propertyId, q.property_id),
      q.paid === undefined ? undefined : eq(bookings.paid, q.paid),
    ]);
    return { data: rows.map((r) => present(r, locale)), meta };
  }

  async function get(id: number, user: Principal, locale: Locale) {
    const row = await reads.one(id, user);
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
  async function create(input: BookingInput, userId: number, record: RecordWrite) {
    return db.transaction(async (tx) => {
      const buildingId = await claimUnit(tx, input.property_id, 'booked', 'booking');
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
      await record(tx, { recordId: row.id, buildingId });
      return row.id;
    });
  }

  /** Changes a booking; cancelling gives the unit back, re-activating books it again (if it is still free). */
  async function update(
    current: { id: number; property_id: number; building_id: number; status: BookingStatus },
    input: Partial<BookingInput> & { status?: BookingStatus },
    record: RecordWrite,
  ) {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(bookings).where(eq(bookings.id, current.id)).for('update');
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
      await record(tx, { recordId: current.id, buildingId: current.building_id, before });
    });
  }

  async function remove(current: { id: number; property_id: number; building_id: number }, record: RecordWrite) {
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(bookings)
        .where(eq(bookings.id, current.id))
        .returning({ status: bookings.status });
      if (gone?.status === 'active') await releaseUnit(tx, current.property_id, 'booked');
      await record(tx, { recordId: current.id, buildingId: current.building_id });
    });
  }

  return { list, get, create, update, remove };
}
