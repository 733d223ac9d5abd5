import { businessDayEnd, businessDayStart, businessToday } from '../../../domain/businessDay';
import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { subDays } from 'date-fns';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import type { SaleHistoryAction } from '../../../domain/sales';
import type { Db } from '../../db/client';
import {
  customers,
  documentFiles,
  installments,
  payments,
  properties,
  saleHistories,
  saleProperties,
  sales,
  users,
} from '../../db/schema';
import { notFound } from '../../core/errors';
import { countOrEstimate, filteredBy, likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { lateInstallment, saleMatching, saleVisible, saleVisibleWithCancelled } from '../saleLedger';
import { monthTargets } from '../bonuses';
import type { TargetAchievement } from '../../../domain/contracts/bonuses';
import type { SalesQuery, TrashedQuery } from './fields';
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

/** The sales lists (SPEC §3's filters, the totals, a customer's sales, the month's figures and the history). */
export function createSaleLists(db: Db, reader: SaleReader) {
  const { base, pageRows, presentRows, presentSummarized } = reader;

  const unitOfSale = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(saleProperties)
        .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
        .where(and(eq(saleProperties.saleId, sales.id), condition)),
    );
  const flagged = (flag: boolean | undefined, condition: SQL) =>
    flag === undefined ? undefined : flag ? condition : sql`not (${condition})`;

  /** The conditions of SPEC §3's sale filters. */
  function filtersOf(
    q: SalesQuery & Partial<Pick<TrashedQuery, 'cancellation_date_from' | 'cancellation_date_to'>>,
    today: string,
  ): Array<SQL | undefined> {
    const filters: Array<SQL | undefined> = [];
    if (q.query) filters.push(saleMatching(q.query));
    if (q.id !== undefined) filters.push(eq(sales.id, q.id));
    if (q.contract_no) filters.push(ilike(sales.contractNo, likePattern(q.contract_no)));
    if (q.property_num) filters.push(unitOfSale(eq(properties.no, q.property_num)));
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.customer_id !== undefined) filters.push(eq(sales.customerId, q.customer_id));
    if (q.customer_country) filters.push(eq(customers.country, q.customer_country));
    if (q.customer_citizen) filters.push(eq(customers.citizenship, q.customer_citizen));
    if (q.agent_id !== undefined) filters.push(eq(sales.agentId, q.agent_id));
    if (q.payment_ccy?.length) filters.push(inArray(sales.currency, q.payment_ccy));
    if (q.sale_statuses?.length) filters.push(inArray(sales.status, q.sale_statuses));
    if (q.renovation_statuses?.length) {
      const renovation = {
        none: sql`${sales.renovationPrice} = 0`,
        paid: sql`${sales.renovationPrice} > 0 and ${sales.renovationPaid} >= ${sales.renovationPrice}`,
        debt: sql`${sales.renovationPrice} > 0 and ${sales.renovationPaid} < ${sales.renovationPrice}`,
      };
      filters.push(or(...q.renovation_statuses.map((s) => renovation[s])));
    }
    if (q.contract_type) filters.push(eq(sales.contractType, q.contract_type));
    if (q.block !== undefined) filters.push(unitOfSale(eq(properties.blockId, q.block)));
    if (q.contract_start_date_from) filters.push(gte(sales.contractStartDate, q.contract_start_date_from));
    if (q.contract_start_date_to) filters.push(lte(sales.contractStartDate, q.contract_start_date_to));
    if (q.first_installment_date_from) filters.push(gte(sales.firstPaymentDate, q.first_installment_date_from));
    if (q.first_installment_date_to) filters.push(lte(sales.firstPaymentDate, q.first_installment_date_to));
    if (q.installment_due_from || q.installment_due_to) {
      const dueIn = and(
        eq(installments.saleId, sales.id),
        sql`${installments.paid} < ${installments.amount}`,
        q.installment_due_from ? gte(installments.dueDate, q.installment_due_from) : undefined,
        q.installment_due_to ? lte(installments.dueDate, q.installment_due_to) : undefined,
      );
      filters.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(installments)
            .where(dueIn),
        ),
      );
    }
    if (q.adding_date_from) filters.push(sql`${sales.createdAt} >= ${businessDayStart(q.adding_date_from)}`);
    if (q.adding_date_to) filters.push(sql`${sales.createdAt} < ${businessDayEnd(q.adding_date_to)}`);
    if (q.cancellation_date_from) filters.push(gte(sales.cancellationDate, q.cancellation_date_from));
    if (q.cancellation_date_to) filters.push(lte(sales.cancellationDate, q.cancellation_date_to));
    if (q.activity_type) filters.push(eq(sales.activityType, q.activity_type));
    if (q.info_source) filters.push(eq(customers.infoSource, q.info_source));
    if (q.property_state) filters.push(unitOfSale(eq(properties.state, q.property_state)));
    if (q.property_type) filters.push(unitOfSale(eq(properties.type, q.property_type)));
    filters.push(
      flagged(
        q.has_payments,
        exists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.saleId, sales.id), isNull(payments.voidedAt))),
        ),
      ),
    );
    filters.push(
      flagged(
        q.has_docs,
        exists(
          db
            .select({ one: sql`1` })
            .from(documentFiles)
            .where(and(eq(documentFiles.ownerType, 'sale'), eq(documentFiles.ownerId, sales.id))),
        ),
      ),
    );
    if (q.owner) filters.push(eq(customers.type, q.owner));
    if (q.contract_lang) filters.push(eq(sales.contractLanguage, q.contract_lang));
    // SPEC §3 payment_percent: the customer has paid at least this share of the price.
    if (q.payment_percent !== undefined && q.payment_percent !== null)
      filters.push(sql`${sales.paidTotal} * 100 >= ${sales.price} * ${q.payment_percent}`);
    filters.push(
      flagged(
        q.with_multiple_properties,
        sql`(select count(*) from ${saleProperties} where ${saleProperties.saleId} = ${sales.id}) > 1`,
      ),
    );
    if (q.customer_birth_date) filters.push(eq(customers.birthDate, q.customer_birth_date));
    filters.push(flagged(q.customer_has_phone, sql`jsonb_array_length(${customers.phones}) > 0`));
    filters.push(flagged(q.customer_has_email, sql`jsonb_array_length(${customers.emails}) > 0`));
    if (q.cancellation_candidate !== undefined) {
      // A cancellation candidate is an overdue sale more than 30 days late: its oldest unpaid past-due installment fell due over 30 days ago.
      const monthAgo = subDays(new Date(`${today}T00:00:00Z`), 30)
        .toISOString()
        .slice(0, 10);
      const candidate = and(
        eq(sales.status, 'overdue'),
        exists(
          db
            .select({ one: sql`1` })
            .from(installments)
            .where(and(eq(installments.saleId, sales.id), lateInstallment(monthAgo))),
        ),
      )!;
      filters.push(flagged(q.cancellation_candidate, candidate));
    }
    if (q.user_id !== undefined) filters.push(eq(sales.userId, q.user_id));
    return filters;
  }

  /**
   * Whether the filters read the customer's columns: the count joins customers only then, the page also for a sort by
   * the customer's name. The free text finds its customers by a subquery of its own.
   */
  const filtersReadCustomer = (q: SalesQuery) =>
    Boolean(q.customer_country || q.customer_citizen || q.info_source || q.owner || q.customer_birth_date) ||
    q.customer_has_phone !== undefined ||
    q.customer_has_email !== undefined;
  const readsCustomer = (q: SalesQuery) => filtersReadCustomer(q) || q.sort === 'customer_name';

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
    const matching = (joined: boolean) => {
      const picked = db.select({ id: sales.id }).from(sales);
      return joined ? picked.innerJoin(customers, eq(customers.id, sales.customerId)) : picked;
    };
    // counted beside the page's ids, not after them: a full page needs it, and a short one's count is of a few rows
    const counted = countOrEstimate(db, matching(filtersReadCustomer(q)).where(where), filteredBy(q));
    counted.catch(() => undefined);
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, unsorted: [desc(sales.id)], then: desc(sales.id) },
      async ({ orderBy, limit, offset }) => {
        const ids = (
          await matching(readsCustomer(q))
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset)
        ).map((r) => r.id);
        if (!ids.length) return [];
        const position = new Map(ids.map((id, index) => [id, index]));
        return (await pageRows(ids, today)).sort((a, b) => position.get(a.sale.id)! - position.get(b.sale.id)!);
      },
      () => counted,
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

  /** Each manager's sales signed in the month, per currency, with the month's target and its achievement (bonuses). */
  async function withTargets(user: Principal, month: string) {
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

  return { list, totals, byCustomer, withTargets, histories };
}
