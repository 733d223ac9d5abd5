import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../db/client';
import { MAX_ID } from '../../domain/validation';

/**
 * The complex an activity-log line is about, so that only those who may see that complex read it. A line names its
 * record by type and id; the kinds below are the records bound to a complex, each with the statement finding it.
 */
type Kind =
  | 'sale'
  | 'payment'
  | 'container'
  | 'invoice'
  | 'unit'
  | 'booking'
  | 'reservation'
  | 'barter'
  | 'price'
  | 'complex'
  | 'bankAccount'
  | 'advancePayment'
  | 'task'
  | 'comment'
  | 'messageLog';

const COMPLEX_OF: Record<Kind, (id: number) => SQL> = {
  sale: (id) => sql`select building_id from sales where id = ${id}`,
  payment: (id) => sql`select s.building_id from payments p join sales s on s.id = p.sale_id where p.id = ${id}`,
  container: (id) => sql`select building_id from service_containers where id = ${id}`,
  invoice: (id) => sql`select s.building_id from invoices i join sales s on s.id = i.sale_id where i.id = ${id}`,
  unit: (id) => sql`select building_id from properties where id = ${id}`,
  booking: (id) =>
    sql`select p.building_id from bookings b join properties p on p.id = b.property_id where b.id = ${id}`,
  reservation: (id) =>
    sql`select p.building_id from pre_sale_bookings b join properties p on p.id = b.property_id where b.id = ${id}`,
  // a barter of units in several complexes is shown to whoever sees any of them; its lines go with the first
  barter: (id) => sql`select min(p.building_id) as building_id from barter_properties bp
    join properties p on p.id = bp.property_id where bp.barter_id = ${id}`,
  price: (id) => sql`select building_id from price_lists where id = ${id}`,
  complex: (id) => sql`select id as building_id from buildings where id = ${id}`,
  bankAccount: (id) => sql`select building_id from bank_accounts where id = ${id}`,
  advancePayment: (id) =>
    sql`select p.building_id from advance_payments a join properties p on p.id = a.property_id where a.id = ${id}`,
  task: (id) => sql`select building_id from tasks where id = ${id}`,
  comment: (id) => sql`select case c.model
      when 'sale' then (select building_id from sales where id = c.model_id)
      when 'booking' then (select p.building_id from bookings b join properties p on p.id = b.property_id
        where b.id = c.model_id)
      when 'pre_sale_booking' then (select p.building_id from pre_sale_bookings b
        join properties p on p.id = b.property_id where b.id = c.model_id)
      when 'barter' then (select min(p.building_id) from barter_properties bp join properties p on p.id = bp.property_id
        where bp.barter_id = c.model_id)
    end as building_id from comments c where c.id = ${id}`,
  messageLog: (id) =>
    sql`select s.building_id from notification_logs n join sales s on s.id = n.sale_id where n.id = ${id}`,
};

/** What a line's id names, by its record type. */
const KIND_OF_TYPE: Record<string, Kind> = {
  sales: 'sale',
  payments: 'payment',
  containers: 'container',
  invoices: 'invoice',
  properties: 'unit',
  bookings: 'booking',
  'pre-sale-bookings': 'reservation',
  barter: 'barter',
  prices: 'price',
  buildings: 'complex',
  'bank-accounts': 'bankAccount',
  'advance-payments': 'advancePayment',
  tasks: 'task',
  comments: 'comment',
  'notification-logs': 'messageLog',
};

/** A comment's or a custom field value's record, by the kind its path names. */
const KIND_OF_MODEL: Record<string, Kind> = {
  sale: 'sale',
  booking: 'booking',
  pre_sale_booking: 'reservation',
  barter: 'barter',
  unit: 'unit',
  complex: 'complex',
};

type Request = Pick<FastifyRequest, 'params' | 'body' | 'routeOptions'>;
const fieldsOf = (value: unknown) =>
  (value && typeof value === 'object' && !Buffer.isBuffer(value) ? value : {}) as Record<string, unknown>;

/** Routes whose line's id is not their record type's, or that name their record elsewhere. */
const BY_ROUTE: Record<string, (request: Request) => { kind: Kind | undefined; id: unknown }> = {
  '/api/payments/pay': (r) => ({ kind: 'sale', id: fieldsOf(r.body).sale_id }),
  '/api/payments/importFromExcel': (r) => ({ kind: 'sale', id: fieldsOf(r.body).sale_id }),
  '/api/payments/:mode/:payment_id/:sale_id': (r) => ({ kind: 'sale', id: fieldsOf(r.params).sale_id }),
  '/api/containers/pay': (r) => ({ kind: 'container', id: fieldsOf(r.body).container_id }),
  '/api/containers/deletePayment/:id': (r) => ({ kind: 'payment', id: fieldsOf(r.params).id }),
  '/api/comments/:model/:model_id': (r) => ({
    kind: KIND_OF_MODEL[String(fieldsOf(r.params).model)],
    id: fieldsOf(r.params).model_id,
  }),
  '/api/custom-fields/values/:recordKind/:recordId': (r) => ({
    kind: KIND_OF_MODEL[String(fieldsOf(r.params).recordKind)],
    id: fieldsOf(r.params).recordId,
  }),
};

/** The complex-bound record a write's log line is about (its `recordId` as the line names it), or null. */
function loggedRecord(request: Request, recordType: string, recordId: string | null) {
  const named = BY_ROUTE[request.routeOptions.url ?? '']?.(request) ?? { kind: KIND_OF_TYPE[recordType], id: recordId };
  const id = Number(named.id);
  return named.kind && Number.isInteger(id) && id > 0 && id <= MAX_ID ? { kind: named.kind, id } : null;
}

/** The complex of the record a log line is about; null for a line about no complex's record (or one gone). */
export async function complexOfLine(
  db: Db | Tx,
  request: Request,
  recordType: string,
  recordId: string | null,
): Promise<number | null> {
  const record = loggedRecord(request, recordType, recordId);
  if (!record) return null;
  const [found] = await rows<{ building_id: number | null }>(db, COMPLEX_OF[record.kind](record.id));
  return found?.building_id ?? null;
}
