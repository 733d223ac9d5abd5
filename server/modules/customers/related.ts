import { and, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { hasPermission } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import {
  advancePayments,
  barterProperties,
  barters,
  bookings,
  buildings,
  documentFiles,
  preSaleBookings,
  properties,
} from '../../db/schema';
import type { FileStore } from '../../core/files';
import { inBuildingScope } from '../../core/scope';
import type { CurrentUser } from '../../core/types';

/** The customer page's tabs: deals, advance payments and documents, each within what the reader may see. */
export function createCustomerRelated<Customer>(
  db: Db,
  files: FileStore,
  get: (user: CurrentUser, id: number, locale: Locale) => Promise<Customer>,
) {
  /**
   * A barter shows on a customer's page only to who may read barters, and only when one of its units is in the
   * user's building scope (as GET /barter decides); its documents follow it.
   */
  const barterVisible = (user: CurrentUser): SQL | undefined => {
    if (!hasPermission(user, 'view_barters')) return sql`false`;
    const scope = inBuildingScope(user, properties.buildingId);
    if (!scope) return undefined;
    return exists(
      db
        .select({ one: sql`1` })
        .from(barterProperties)
        .innerJoin(properties, eq(properties.id, barterProperties.propertyId))
        .where(and(eq(barterProperties.barterId, barters.id), scope)),
    );
  };

  /** The customer page's tabs: deals (reservations, bookings, barters), advance payments and documents. */
  async function related(user: CurrentUser, id: number, locale: Locale) {
    const customer = await get(user, id, locale);
    const scope = inBuildingScope(user, properties.buildingId);
    const [reservations, bookingRows, barterRows, payments] = await Promise.all([
      db
        .select({
          id: preSaleBookings.id,
          status: preSaleBookings.status,
          hold_until: preSaleBookings.holdUntil,
          property_id: preSaleBookings.propertyId,
          property_no: properties.no,
          building_name: buildings.name,
          created_at: preSaleBookings.createdAt,
        })
        .from(preSaleBookings)
        .innerJoin(properties, eq(properties.id, preSaleBookings.propertyId))
        .innerJoin(buildings, eq(buildings.id, properties.buildingId))
        .where(and(eq(preSaleBookings.customerId, id), scope))
        .orderBy(desc(preSaleBookings.createdAt)),
      db
        .select({
          id: bookings.id,
          status: bookings.status,
          period_from: bookings.periodFrom,
          period_to: bookings.periodTo,
          price: bookings.price,
          currency: bookings.currency,
          paid: bookings.paid,
          property_id: bookings.propertyId,
          property_no: properties.no,
          building_name: buildings.name,
          created_at: bookings.createdAt,
        })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .innerJoin(buildings, eq(buildings.id, properties.buildingId))
        .where(and(eq(bookings.customerId, id), scope))
        .orderBy(desc(bookings.createdAt)),
      db
        .select({
          id: barters.id,
          counterparty: barters.counterparty,
          description: barters.description,
          value: barters.value,
          currency: barters.currency,
          agreed_on: barters.agreedOn,
          status: barters.status,
          created_at: barters.createdAt,
        })
        .from(barters)
        .where(and(eq(barters.customerId, id), barterVisible(user)))
        .orderBy(desc(barters.agreedOn)),
      db
        .select({
          id: advancePayments.id,
          amount: advancePayments.amount,
          currency: advancePayments.currency,
          paid_on: advancePayments.paidOn,
          note: advancePayments.note,
          property_id: advancePayments.propertyId,
          property_no: properties.no,
          building_id: properties.buildingId,
        })
        .from(advancePayments)
        .leftJoin(properties, eq(properties.id, advancePayments.propertyId))
        .where(
          and(
            eq(advancePayments.customerId, id),
            isNull(advancePayments.deletedAt),
            scope ? or(isNull(advancePayments.propertyId), scope) : undefined,
          ),
        )
        .orderBy(desc(advancePayments.paidOn)),
    ]);
    const barterIds = barterRows.map((b) => b.id);
    const documents = await db
      .select()
      .from(documentFiles)
      .where(
        or(
          and(inArray(documentFiles.ownerType, ['customer', 'customers']), eq(documentFiles.ownerId, id)),
          barterIds.length
            ? and(inArray(documentFiles.ownerType, ['barter', 'barters']), inArray(documentFiles.ownerId, barterIds))
            : undefined,
        ),
      )
      .orderBy(desc(documentFiles.createdAt));
    const iso = (d: Date) => d.toISOString();
    return {
      customer,
      reservations: reservations.map((r) => ({ ...r, created_at: iso(r.created_at) })),
      bookings: bookingRows.map((b) => ({ ...b, price: Number(b.price), created_at: iso(b.created_at) })),
      barters: barterRows.map((b) => ({ ...b, value: Number(b.value), created_at: iso(b.created_at) })),
      payments: payments.map((p) => ({ ...p, amount: Number(p.amount) })),
      documents: documents.map((d) => ({
        id: d.id,
        owner_type: d.ownerType,
        owner_id: d.ownerId,
        original_name: d.originalName,
        title: d.title,
        mimetype: d.mimetype,
        size: d.size,
        active: d.active,
        url: files.signedUrl(d.path),
        created_at: iso(d.createdAt),
      })),
    };
  }

  return related;
}
