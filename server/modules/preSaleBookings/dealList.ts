import { and, desc, eq, ilike, inArray, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import { customerName } from '../../../domain/names';
import type { Db } from '../../db/client';
import {
  blocks,
  buildings,
  customerMatching,
  customers,
  properties,
  type bookings,
  type preSaleBookings,
} from '../../db/schema';
import { likePattern, carriedPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';

/** A table of deals on one unit for one customer: bookings, or reservations (pre-sale bookings). */
type DealTable = typeof bookings | typeof preSaleBookings;

/** The filters every deal list takes. */
export interface DealFilters {
  status?: string[];
  building_id?: number;
  customer_id?: number;
}

/** What every deal row carries besides the deal itself: its unit, complex, block and the customer's names. */
interface DealParties {
  propertyNo: string;
  propertyStatus: string;
  buildingId: number;
  buildingName: string;
  blockName: string | null;
  customerNameKa: string;
  customerNameEn: string | null;
  customerNameRu: string | null;
}

/** A deal as its reads answer it. */
export type DealRow<T extends DealTable> = DealParties & { booking: T['$inferSelect'] };

/** The fields every deal answers: its unit, complex, block and customer (named in the reader's language). */
export const presentParties = (
  row: DealParties & { booking: { id: number; propertyId: number; customerId: number } },
  locale: Locale,
) => ({
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
});

/**
 * The reads bookings and reservations share: a deal with its parties, one by id and the list, both within the user's
 * complexes; the list searched by unit, customer, complex and note, newest first unless sorted otherwise.
 */
export function dealReads<T extends DealTable>(db: Db, deal: T) {
  const table: DealTable = deal;
  const base = () =>
    db
      .select({
        booking: table,
        propertyNo: properties.no,
        propertyStatus: properties.status,
        buildingId: properties.buildingId,
        buildingName: buildings.name,
        blockName: blocks.name,
        customerNameKa: customers.nameKa,
        customerNameEn: customers.nameEn,
        customerNameRu: customers.nameRu,
        total: totalCount,
      })
      .from(table)
      .innerJoin(properties, eq(properties.id, deal.propertyId))
      .innerJoin(buildings, eq(buildings.id, properties.buildingId))
      .leftJoin(blocks, eq(blocks.id, properties.blockId))
      .innerJoin(customers, eq(customers.id, deal.customerId));

  return {
    async one(id: number, user: Principal) {
      const [row] = await base().where(and(eq(deal.id, id), inBuildingScope(user, properties.buildingId)));
      return row as DealRow<T> | undefined;
    },

    /** A page of deals; `narrowed` are the list's own filters beside the shared ones. */
    async list(
      q: ListQuery & DealFilters,
      user: Principal,
      sortable: Record<string, AnyColumn>,
      narrowed: Array<SQL | undefined> = [],
    ) {
      const filters: Array<SQL | undefined> = [inBuildingScope(user, properties.buildingId), ...narrowed];
      if (q.status?.length) filters.push(inArray(deal.status, q.status));
      if (q.building_id !== undefined) filters.push(eq(properties.buildingId, q.building_id));
      if (q.customer_id !== undefined) filters.push(eq(deal.customerId, q.customer_id));
      if (q.query) {
        const p = likePattern(q.query);
        filters.push(or(ilike(properties.no, p), customerMatching(p), ilike(buildings.name, p), ilike(deal.note, p)));
      }
      const where = and(...filters);
      const { rows, meta } = await carriedPage(
        q,
        { columns: sortable, unsorted: [desc(deal.id)], then: desc(deal.id) },
        () => base().where(where),
      );
      return { rows: rows as Array<DealRow<T>>, meta };
    },
  };
}
