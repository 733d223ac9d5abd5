import { and, desc, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import { toDecimalString, toMinor, type Currency } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { advancePayments, blocks, buildings, customerMatching, customers, properties } from '../../db/schema';
import type { CurrentUser } from '../../core/types';
import { invalid, notFound } from '../../core/errors';
import { carriedPage, likePattern, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';

export interface AdvancePaymentInput {
  customer_id: number;
  property_id?: number | null;
  amount: number;
  currency: Currency;
  paid_on: string;
  note?: string | null;
}

export interface AdvancePaymentFilters extends ListQuery {
  customer_id?: number;
  property_id?: number;
  date_from?: string;
  date_to?: string;
}

const SORTABLE = {
  id: advancePayments.id,
  amount: advancePayments.amount,
  paid_on: advancePayments.paidOn,
  customer_name: customers.nameKa,
  created_at: advancePayments.createdAt,
};

/** Payments taken ahead of a contract; one bound to a unit follows the unit's building scope. */
export function createAdvancePaymentsRepository(db: Db) {
  /** A payment without a unit is seen by everyone with the permission; one with a unit only inside the scope. */
  const inScope = (user: CurrentUser) => {
    const scope = inBuildingScope(user, properties.buildingId);
    return scope ? or(isNull(advancePayments.propertyId), scope) : undefined;
  };

  const select = (executor: Db | Tx) =>
    executor
      .select({
        payment: advancePayments,
        customerName: customers.nameKa,
        unitNo: properties.no,
        buildingId: properties.buildingId,
        buildingName: buildings.name,
        blockName: blocks.name,
        total: totalCount,
      })
      .from(advancePayments)
      .innerJoin(customers, eq(customers.id, advancePayments.customerId))
      .leftJoin(properties, eq(properties.id, advancePayments.propertyId))
      .leftJoin(buildings, eq(buildings.id, properties.buildingId))
      .leftJoin(blocks, eq(blocks.id, properties.blockId));

  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const present = (r: Row) => ({
    id: r.payment.id,
    customer_id: r.payment.customerId,
    customer_name: r.customerName,
    property_id: r.payment.propertyId,
    property_label: r.unitNo ? [r.buildingName, r.blockName, `№${r.unitNo}`].filter(Boolean).join(', ') : null,
    amount: Number(r.payment.amount),
    currency: r.payment.currency,
    paid_on: r.payment.paidOn,
    note: r.payment.note,
    created_at: r.payment.createdAt.toISOString(),
    updated_at: r.payment.updatedAt.toISOString(),
  });

  async function list(user: CurrentUser, q: AdvancePaymentFilters) {
    const filters: Array<SQL | undefined> = [isNull(advancePayments.deletedAt), inScope(user)];
    if (q.customer_id) filters.push(eq(advancePayments.customerId, q.customer_id));
    if (q.property_id) filters.push(eq(advancePayments.propertyId, q.property_id));
    if (q.date_from) filters.push(gte(advancePayments.paidOn, q.date_from));
    if (q.date_to) filters.push(lte(advancePayments.paidOn, q.date_to));
    if (q.query) filters.push(customerMatching(likePattern(q.query)));
    const { rows, meta } = await carriedPage(
      q,
      { columns: SORTABLE, fallback: 'paid_on', newestFirst: true, then: desc(advancePayments.id) },
      () => select(db).where(and(...filters)),
    );
    return { data: rows.map(present), meta };
  }

  /** A live payment the user sees, as stored with its names; 404 otherwise. */
  async function find(user: CurrentUser, id: number, executor: Db | Tx = db) {
    const [row] = await select(executor).where(
      and(eq(advancePayments.id, id), isNull(advancePayments.deletedAt), inScope(user)),
    );
    if (!row) throw notFound();
    return row;
  }

  async function get(user: CurrentUser, id: number, executor: Db | Tx = db) {
    return present(await find(user, id, executor));
  }

  /**
   * Records the write last in its transaction, with the payment's unit's complex (none without a unit), and answers
   * it as the route does: a repeat of the Idempotency-Key replays that answer.
   */
  async function recorded(tx: Tx, user: CurrentUser, id: number, record: RecordWrite) {
    const row = await find(user, id, tx);
    const answer = { data: present(row) };
    await record(tx, { recordId: id, buildingId: row.buildingId, answer });
    return answer.data;
  }

  async function check(tx: Tx, user: CurrentUser, input: Partial<AdvancePaymentInput>) {
    const errors: Record<string, string[]> = {};
    if (input.customer_id !== undefined) {
      const [c] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, input.customer_id), isNull(customers.deletedAt)));
      if (!c) errors.customer_id = ['advance_payments.unknown_customer'];
    }
    if (input.property_id) {
      const [p] = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, input.property_id), inBuildingScope(user, properties.buildingId)));
      if (!p) errors.property_id = ['advance_payments.unknown_unit'];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  const columns = (input: Partial<AdvancePaymentInput>) => {
    const set: Partial<typeof advancePayments.$inferInsert> = {};
    if (input.customer_id !== undefined) set.customerId = input.customer_id;
    if (input.property_id !== undefined) set.propertyId = input.property_id;
    if (input.amount !== undefined) set.amount = toDecimalString(toMinor(input.amount));
    if (input.currency !== undefined) set.currency = input.currency;
    if (input.paid_on !== undefined) set.paidOn = input.paid_on;
    if (input.note !== undefined) set.note = input.note;
    return set;
  };

  async function create(user: CurrentUser, input: AdvancePaymentInput, record: RecordWrite) {
    return db.transaction(async (tx) => {
      await check(tx, user, input);
      const [row] = await tx
        .insert(advancePayments)
        .values({
          ...columns(input),
          customerId: input.customer_id,
          amount: toDecimalString(toMinor(input.amount)),
          paidOn: input.paid_on,
          createdBy: user.id,
        })
        .returning();
      return recorded(tx, user, row.id, record);
    });
  }

  async function update(user: CurrentUser, id: number, input: Partial<AdvancePaymentInput>, record: RecordWrite) {
    return db.transaction(async (tx) => {
      await get(user, id, tx);
      await check(tx, user, input);
      await tx
        .update(advancePayments)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(eq(advancePayments.id, id));
      return recorded(tx, user, id, record);
    });
  }

  async function remove(user: CurrentUser, id: number) {
    await get(user, id);
    await db.update(advancePayments).set({ deletedAt: new Date() }).where(eq(advancePayments.id, id));
  }

  return { list, get, create, update, remove };
}
