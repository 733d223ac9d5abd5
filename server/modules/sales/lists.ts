import { businessToday } from '../../../domain/businessDay';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import type { SaleHistoryAction } from '../../../domain/sales';
import type { Db } from '../../db/client';
import { customers, saleHistories, sales, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import {
  countOrEstimate,
  filteredBy,
  inOrder,
  inPickedOrder,
  listPage,
  totalCount,
  type ListQuery,
} from '../../core/paging';
import { saleVisible, saleVisibleWithCancelled } from '../saleLedger';
import { monthTargets } from '../bonuses';
import type { TargetAchievement } from '../../../domain/contracts/bonuses';
import type { SalesQuery, TrashedQuery } from './fields';
import { createSaleFilters } from './filters';
import { money, type SaleReader } from './present';
import { summable, summedTotals, type CurrencyTotals } from './summed';

const SORTABLE = {
  id: sales.id,
  contract_no: sales.contractNo,
  contract_start_date: sales.contractStartDate,
  price: sales.price,
  paid_total: sales.paidTotal,
  created_at: sales.createdAt,
  customer_name: customers.nameKa,
  status: sales.status,
  cancellation_date: sales.cancellationDate,
};

/** The sales lists (the list with its filters, the totals, a customer's sales, the month's figures and the history). */
export function createSaleLists(db: Db, reader: SaleReader) {
  const { base, pageRows, presentRows, presentSummarized } = reader;

  const { filtersOf, filtersReadCustomer, readsCustomer } = createSaleFilters(db);

  /**
   * One page of sales: a narrow query picks the page's ids under the filters, then the page's rows, units and
   * schedules load by id, while the total counts the sales table under the filters, only when the page is full.
   */
  async function list(
    user: Principal,
    q: SalesQuery & Partial<TrashedQuery>,
    locale: Locale,
    options: { trashed?: boolean } = {},
  ) {
    const today = businessToday();
    const where = and(saleVisible(user, options), ...filtersOf(q, today));
    const searched = Boolean(q.query);
    const matching = (joined: boolean) => {
      const picked = db.select({ id: sales.id, total: searched ? totalCount : sql<null>`null` }).from(sales);
      return joined ? picked.innerJoin(customers, eq(customers.id, sales.customerId)) : picked;
    };
    // A search's matches are counted by the statement that picks the page (counting them apart ran the search twice);
    // otherwise the total is counted beside the page's ids, not after them: a full page needs it.
    const counted = searched
      ? undefined
      : countOrEstimate(db, matching(filtersReadCustomer(q)).where(where), filteredBy(q));
    counted?.catch(() => undefined);
    let carried: number | undefined;
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, unsorted: [desc(sales.id)], then: inOrder(sales.id, q.order) },
      async ({ orderBy, limit, offset }) => {
        const picked = await matching(readsCustomer(q))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset);
        carried = picked[0]?.total ?? undefined;
        const ids = picked.map((r) => r.id);
        if (!ids.length) return [];
        return inPickedOrder(ids, await pageRows(ids, today), (row) => row.sale.id);
      },
      // a search's page past its end carries no count: counted then
      async () => counted ?? carried ?? countOrEstimate(db, matching(filtersReadCustomer(q)).where(where), true),
    );
    return { data: presentSummarized(rows, locale, today), meta };
  }

  /**
   * Count, price, paid, remaining and overdue of the filtered sales, per currency, summed in the database to the cent.
   * Overdue is each sale's `amount_overdue`, kept by the ledger and the daily sweep as its status is (summing the late
   * installments here cost most of the call). Filtered by nothing but complexes,
   * statuses, currencies and the manager, the sums kept per complex, manager, currency and status answer (summed.ts).
   */
  async function totals(user: Principal, q: SalesQuery) {
    const rows = summable(q) ? await summedTotals(db, user, q) : await summedSales(user, q);
    return {
      count: rows.reduce((n, r) => n + r.count, 0),
      by_currency: rows.map((r) => ({
        currency: r.currency,
        count: r.count,
        price: money(r.price),
        paid_total: money(r.paidTotal),
        remaining: money(r.remaining),
        amount_overdue: money(r.amountOverdue),
      })),
    };
  }

  /** The totals of `totals` summed over the filtered sales themselves. */
  async function summedSales(user: Principal, q: SalesQuery): Promise<CurrencyTotals[]> {
    const where = and(saleVisible(user), ...filtersOf(q, businessToday()));
    const summed = db
      .select({
        currency: sales.currency,
        count: sql<number>`cast(count(*) as integer)`,
        price: sql<string>`coalesce(sum(${sales.price}), 0)`,
        paidTotal: sql<string>`coalesce(sum(${sales.paidTotal}), 0)`,
        remaining: sql<string>`coalesce(sum(greatest(${sales.price} - ${sales.paidTotal}, 0)), 0)`,
        amountOverdue: sql<string>`coalesce(sum(${sales.amountOverdue}), 0)`,
      })
      .from(sales);
    return (filtersReadCustomer(q) ? summed.innerJoin(customers, eq(customers.id, sales.customerId)) : summed)
      .where(where)
      .groupBy(sales.currency)
      .orderBy(asc(sales.currency));
  }

  /** A customer's sales the user may see; cancelled ones too for those who may see cancelled sales. */
  async function byCustomer(user: Principal, customerId: number, locale: Locale) {
    const visible = saleVisibleWithCancelled(user);
    const rows = await base()
      .where(and(eq(sales.customerId, customerId), visible))
      .orderBy(desc(sales.id))
      .limit(1000);
    return presentRows(db, rows, locale);
  }

  async function histories(user: Principal, q: ListQuery & { sale_id?: number }) {
    const visible = saleVisibleWithCancelled(user);
    if (q.sale_id !== undefined) {
      const [sale] = await db
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.id, q.sale_id), visible));
      if (!sale) throw notFound();
    }
    const where = and(visible, q.sale_id !== undefined ? eq(saleHistories.saleId, q.sale_id) : undefined);
    const { rows, meta } = await listPage(
      q,
      { columns: {}, unsorted: [desc(saleHistories.createdAt), desc(saleHistories.id)] },
      ({ orderBy, limit, offset }) =>
        db
          .select({ history: saleHistories, userName: users.fullName, total: totalCount })
          .from(saleHistories)
          .innerJoin(sales, eq(sales.id, saleHistories.saleId))
          .leftJoin(users, eq(users.id, saleHistories.userId))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () =>
        db
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(saleHistories)
          .innerJoin(sales, eq(sales.id, saleHistories.saleId))
          .where(where)
          .then((r) => r[0].n),
    );
    return {
      data: rows.map(({ history: h, userName }) => ({
        id: h.id,
        sale_id: h.saleId,
        action: h.action as SaleHistoryAction,
        user_id: h.userId,
        user_name: userName,
        changes: h.changes,
        reason: h.reason,
        effective_date: h.effectiveDate,
        created_at: h.createdAt.toISOString(),
      })),
      meta,
    };
  }

  const withTargets = (user: Principal, month: string) => salesWithTargets(db, user, month);

  return { list, totals, byCustomer, withTargets, histories };
}

/** Each manager's sales signed in the month, per currency, with the month's target and its achievement (bonuses). */
export async function salesWithTargets(db: Db, user: Principal, month: string) {
  const from = `${month}-01`;
  const rows = await db
    .select({
      userId: sales.userId,
      userName: users.fullName,
      currency: sales.currency,
      count: sql<number>`cast(count(*) as integer)`,
      price: sql<string>`sum(${sales.price})`,
    })
    .from(sales)
    .leftJoin(users, eq(users.id, sales.userId))
    .where(
      and(
        saleVisible(user),
        gte(sales.contractStartDate, from),
        sql`${sales.contractStartDate} < (${from}::date + interval '1 month')`,
      ),
    )
    .groupBy(sales.userId, users.fullName, sales.currency)
    .orderBy(asc(users.fullName), asc(sales.currency));
  const byUser = new Map<
    number | null,
    {
      user_id: number | null;
      user_name: string | null;
      sales_count: number;
      by_currency: Array<{ currency: string; price: number }>;
      target: TargetAchievement | null;
    }
  >();
  const targets = await monthTargets(db, user, month);
  for (const r of rows) {
    const entry = byUser.get(r.userId) ?? {
      user_id: r.userId,
      user_name: r.userName,
      sales_count: 0,
      by_currency: [],
      target: (r.userId !== null && targets.get(r.userId)?.target) || null,
    };
    entry.sales_count += r.count;
    entry.by_currency.push({ currency: r.currency, price: money(r.price) });
    byUser.set(r.userId, entry);
  }
  for (const [userId, t] of targets)
    if (!byUser.has(userId))
      byUser.set(userId, {
        user_id: userId,
        user_name: t.user_name,
        sales_count: 0,
        by_currency: [],
        target: t.target,
      });
  return [...byUser.values()];
}
