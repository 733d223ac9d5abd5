import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { toMinor } from '../../../domain/money';
import type { Principal } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { customers, installments, payments, sales } from '../../db/schema';
import { notFound } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import { countOrEstimate, filteredBy, inOrder, inPickedOrder, listPage, type ListQuery } from '../../core/paging';
import { saleInScope, saleMatching, visibleSale } from '../saleLedger';
import { converted, paymentPreview, remainingOf, type PaymentFilters, type PaymentInput } from './paymentRules';
import { paymentRows, presentPayment } from './present';
import { changePayment, deletePayment, pay } from './writes';

const SORTABLE = {
  id: payments.id,
  paid_on: payments.paidOn,
  amount: payments.amount,
  credited: payments.credited,
  created_at: payments.createdAt,
};

export function createPaymentsRepository(db: Db) {
  const base = () => paymentRows(db);

  async function list(q: ListQuery & PaymentFilters, user: Principal, locale: Locale) {
    const filters: Array<SQL | undefined> = [saleInScope(user)];
    if (q.sale_id !== undefined) filters.push(eq(payments.saleId, q.sale_id));
    // a complex's payments picked through its sales' ids: joined by the complex, PostgreSQL walked the whole payments
    // index in the page's order looking for the complex's few (one complex's first page by amount: 17 → 2 ms)
    if (q.building_ids?.length) {
      const complexesSales = db.select({ id: sales.id }).from(sales).where(inArray(sales.buildingId, q.building_ids));
      filters.push(sql`${payments.saleId} = any(array(${complexesSales}))`);
    }
    if (q.currency) filters.push(eq(payments.currency, q.currency));
    if (q.mode) filters.push(eq(payments.mode, q.mode));
    if (q.paid_on_from) filters.push(gte(payments.paidOn, q.paid_on_from));
    if (q.paid_on_to) filters.push(lte(payments.paidOn, q.paid_on_to));
    if (q.query) filters.push(saleMatching(q.query, (p) => ilike(payments.note, p)));
    const where = and(...filters);
    const matching = () => {
      const picked = db.select({ id: payments.id }).from(payments).innerJoin(sales, eq(sales.id, payments.saleId));
      return q.query ? picked.innerJoin(customers, eq(customers.id, sales.customerId)) : picked;
    };
    // counted beside the page's ids, as the sales list is; the ids through the sale alone, then only those payments
    // with their sale, complex and customer
    const counted = countOrEstimate(db, matching().where(where), filteredBy(q));
    counted.catch(() => undefined);
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, then: inOrder(payments.id, q.order), unsorted: [desc(payments.id)] },
      async ({ orderBy, limit, offset }) => {
        const ids = (
          await matching()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset)
        ).map((r) => r.id);
        if (!ids.length) return [];
        return inPickedOrder(ids, await base().where(inArray(payments.id, ids)), (row) => row.payment.id);
      },
      () => counted,
    );
    return { data: rows.map((r) => presentPayment(r, locale)), meta };
  }

  async function get(id: number, user: Principal, locale: Locale) {
    const [row] = await base().where(and(eq(payments.id, id), saleInScope(user)));
    if (!row) throw notFound();
    return presentPayment(row, locale);
  }

  /**
   * POST /payments/calculatePayment:
   * what a payment would be worth in the sale's currency and which installments it would fill.
   */
  async function calculate(user: Principal, saleId: number, input: PaymentInput) {
    const sale = await visibleSale(db, user, saleId);
    const { amount, credited, rate, rate_date } = await converted(db, sale, input);
    const remaining = remainingOf(sale, input.mode);
    const schedule =
      input.mode === 'sale'
        ? await db.select().from(installments).where(eq(installments.saleId, saleId)).orderBy(asc(installments.number))
        : [];
    return paymentPreview({
      amount,
      currency: input.currency,
      saleCurrency: sale.currency,
      rate,
      rateDate: rate_date,
      credited,
      remaining,
      schedule,
      paidBefore: input.mode === 'sale' ? toMinor(sale.paidTotal) : 0,
    });
  }

  return {
    list,
    get,
    calculate,
    pay: (user: CurrentUser, saleId: number, input: PaymentInput, locale: Locale, record: RecordWrite) =>
      pay(db, user, saleId, input, locale, record),
    change: (
      user: Principal,
      paymentId: number,
      input: Partial<Omit<PaymentInput, 'mode'>>,
      locale: Locale,
      record: RecordWrite,
    ) => changePayment(db, user, paymentId, input, locale, record),
    remove: (user: Principal, target: Parameters<typeof deletePayment>[2], message: string, record: RecordWrite) =>
      deletePayment(db, user, target, message, record),
  };
}
