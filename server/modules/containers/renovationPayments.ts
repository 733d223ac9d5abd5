import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { ContainerPayment } from '../../../domain/contracts/containers';
import { fromMinor, toMinor } from '../../../domain/money';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import { customers, payments, sales } from '../../db/schema';
import { listPage, type ListQuery } from '../../core/paging';
import { paymentRows, presentPayment, type PaymentRow } from '../payments';
import { saleMatching, saleVisible } from '../saleLedger';

export interface RenovationPaymentFilters {
  building_ids?: number[];
  sale_id?: number;
  container_id?: number;
  currency?: string;
  paid_on_from?: string;
  paid_on_to?: string;
}

const PAYMENT_SORTABLE = { id: payments.id, paid_on: payments.paidOn, amount: payments.amount };

/** A renovation payment as the API answers it: a payment as the payments module shows it, with its container. */
export const presentRenovationPayment = (row: PaymentRow, locale: Locale): ContainerPayment => {
  const { mode: _mode, source: _source, ...payment } = presentPayment(row, locale);
  return { ...payment, container_id: row.payment.containerId };
};

/** One renovation payment as its answer shows it (a payment just written, read inside the write). */
export async function renovationPayment(executor: Db | Tx, paymentId: number, locale: Locale) {
  const [row] = await paymentRows(executor).where(and(eq(payments.id, paymentId), eq(payments.mode, 'renovation')));
  return presentRenovationPayment(row, locale);
}

/** The renovation payments' reads: a container's payments and the list of every one with its totals. */
export function createRenovationPaymentReads(db: Db) {
  /** A container's payments, oldest first. */
  async function paymentsOf(containerId: number, locale: Locale) {
    const paid = await paymentRows(db)
      .where(eq(payments.containerId, containerId))
      .orderBy(asc(payments.paidOn), asc(payments.id));
    return paid.map((p) => presentRenovationPayment(p, locale));
  }

  /** Every renovation payment the user may see, with the totals per currency over the whole filter. */
  async function renovationPayments(q: ListQuery & RenovationPaymentFilters, user: Principal, locale: Locale) {
    const filters: Array<SQL | undefined> = [eq(payments.mode, 'renovation'), saleVisible(user)];
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.sale_id !== undefined) filters.push(eq(payments.saleId, q.sale_id));
    if (q.container_id !== undefined) filters.push(eq(payments.containerId, q.container_id));
    if (q.currency) filters.push(eq(payments.currency, q.currency));
    if (q.paid_on_from) filters.push(sql`${payments.paidOn} >= ${q.paid_on_from}`);
    if (q.paid_on_to) filters.push(sql`${payments.paidOn} <= ${q.paid_on_to}`);
    if (q.query) filters.push(saleMatching(q.query));
    const totals = db
      .select({
        currency: payments.currency,
        amount: sql<string>`coalesce(sum(${payments.amount}), 0)`,
        count: sql<number>`cast(count(*) as integer)`,
      })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .where(and(...filters, sql`${payments.voidedAt} is null`))
      .groupBy(payments.currency)
      .orderBy(asc(payments.currency))
      .then((found) => found);
    const [{ rows, meta }, summed] = await Promise.all([
      listPage(
        q,
        { columns: PAYMENT_SORTABLE, unsorted: [desc(payments.id)], then: desc(payments.id) },
        ({ orderBy, limit, offset }) =>
          paymentRows(db)
            .where(and(...filters))
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        async () => (await totals).reduce((s, t) => s + t.count, 0),
      ),
      totals,
    ]);
    return {
      data: rows.map((r) => presentRenovationPayment(r, locale)),
      meta: {
        ...meta,
        totals: summed.map((t) => ({ currency: t.currency, amount: fromMinor(toMinor(t.amount)), count: t.count })),
      },
    };
  }

  return { paymentsOf, renovationPayments };
}
