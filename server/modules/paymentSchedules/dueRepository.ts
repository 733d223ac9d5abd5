import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import { daysLate, installmentStatus, type InstallmentStatus } from '../../../domain/ledger';
import { fromMinor, toMinor, type Currency } from '../../../domain/money';
import type { DueInstallment, DueTotals } from '../../../domain/contracts/paymentSchedules';
import type { Locale } from '../../../i18n';
import { rows as rowsOf, type Db } from '../../db/client';
import { customers, installments, sales } from '../../db/schema';
import { countOrEstimate, filteredBy, inOrder, listPage, type ListQuery } from '../../core/paging';
import { installmentInStatus, lateInstallment, saleMatching, saleVisible } from '../saleLedger';
import { customerName } from '../../../domain/names';
import { businessToday } from '../../../domain/businessDay';

/** The filters of the accountant's list of installments ("what falls due"). */
export interface DueFilters {
  due_from?: string | null;
  due_to?: string | null;
  statuses?: InstallmentStatus[];
  building_ids?: number[];
  currencies?: Currency[];
  customer_id?: number;
  user_id?: number;
}

const SORTABLE = {
  due_date: installments.dueDate,
  amount: installments.amount,
  paid: installments.paid,
  number: installments.number,
  contract_no: sales.contractNo,
};

/** The installments of live sales the user may see, under the list's filters (the customers join for the search). */
function matching(q: DueFilters & Pick<ListQuery, 'query'>, user: Principal, today: string): SQL | undefined {
  return and(
    saleVisible(user),
    q.due_from ? gte(installments.dueDate, q.due_from) : undefined,
    q.due_to ? lte(installments.dueDate, q.due_to) : undefined,
    q.statuses?.length ? or(...q.statuses.map((status) => installmentInStatus(status, today))) : undefined,
    q.building_ids?.length ? inArray(sales.buildingId, q.building_ids) : undefined,
    q.currencies?.length ? inArray(sales.currency, q.currencies) : undefined,
    q.customer_id !== undefined ? eq(sales.customerId, q.customer_id) : undefined,
    q.user_id !== undefined ? eq(sales.userId, q.user_id) : undefined,
    q.query ? saleMatching(q.query) : undefined,
  );
}

export function createDueInstallmentsRepository(db: Db) {
  /** The customers a count or a sum joins: only when the search needs their names. */
  const customersFor = (q: Pick<ListQuery, 'query'>) =>
    q.query ? sql` inner join customers on customers.id = sales.customer_id` : sql``;
  /** The tables a count or a sum of installments reads. */
  const joined = (q: Pick<ListQuery, 'query'>) =>
    sql`installments inner join sales on sales.id = installments.sale_id${customersFor(q)}`;

  /** GET /payment-schedules: a page of installments, by due date unless sorted otherwise. */
  async function list(q: ListQuery & DueFilters, user: Principal, locale: Locale) {
    const today = businessToday();
    const where = matching(q, user, today);
    const { rows: found, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'due_date', then: inOrder(installments.id, q.order) },
      ({ orderBy, limit, offset }) =>
        db
          .select({
            id: installments.id,
            saleId: installments.saleId,
            number: installments.number,
            dueDate: installments.dueDate,
            amount: installments.amount,
            paid: installments.paid,
            contractNo: sales.contractNo,
            currency: sales.currency,
            buildingId: sales.buildingId,
            buildingName: sql<string | null>`(select b.name from buildings b where b.id = ${sales.buildingId})`,
            customerId: sales.customerId,
            nameKa: customers.nameKa,
            nameEn: customers.nameEn,
            nameRu: customers.nameRu,
            userId: sales.userId,
            userName: sql<string | null>`(select u.full_name from users u where u.id = ${sales.userId})`,
          })
          .from(installments)
          .innerJoin(sales, eq(sales.id, installments.saleId))
          .innerJoin(customers, eq(customers.id, sales.customerId))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => countOrEstimate(db, sql`select 1 from ${joined(q)} where ${where ?? sql`true`}`, filteredBy(q)),
    );
    const data = found.map((row): DueInstallment => {
      const amount = toMinor(row.amount);
      const paid = toMinor(row.paid);
      const status = installmentStatus({ due_date: row.dueDate, amount, paid }, today);
      return {
        id: row.id,
        sale_id: row.saleId,
        contract_no: row.contractNo,
        number: row.number,
        due_date: row.dueDate,
        amount: fromMinor(amount),
        paid: fromMinor(paid),
        remaining: fromMinor(Math.max(0, amount - paid)),
        currency: row.currency as Currency,
        status,
        days_late: status === 'late' ? daysLate(row.dueDate, today) : 0,
        building_id: row.buildingId,
        building_name: row.buildingName,
        customer_id: row.customerId,
        customer_name: customerName(row, locale),
        user_id: row.userId,
        user_name: row.userName,
      };
    });
    return { data, meta };
  }

  /**
   * GET /payment-schedules/totals: the same installments summed per currency. Filtered by nothing an installment
   * carries (due dates, statuses), every installment of each matching sale counts, and the sale's kept totals say
   * the same (its schedule's count, sum and paid; `amount_overdue` what its late installments lack, kept by the ledger
   * and the daily sweep): the sales are summed then, not the installments, ten or more for each sale.
   */
  async function totals(q: ListQuery & DueFilters, user: Principal): Promise<DueTotals> {
    const today = businessToday();
    const where = matching(q, user, today) ?? sql`true`;
    const bySale = !q.due_from && !q.due_to && !q.statuses?.length;
    const summed = await rowsOf<{
      currency: Currency;
      count: number;
      amount: string;
      paid: string;
      late: string;
    }>(
      db,
      bySale
        ? sql`select sales.currency, sum(sales.payments_count)::int as count, sum(sales.price)::text as amount,
              sum(sales.paid_total)::text as paid, sum(sales.amount_overdue)::text as late
            from sales${customersFor(q)}
            where ${where} group by sales.currency order by sales.currency`
        : sql`select sales.currency, count(*)::int as count, sum(installments.amount)::text as amount,
              sum(installments.paid)::text as paid,
              coalesce(sum(installments.amount - installments.paid)
                filter (where ${lateInstallment(today)}), 0)::text as late
            from ${joined(q)} where ${where}
            group by sales.currency order by sales.currency`,
    );
    return {
      by_currency: summed.map((row) => {
        const amount = toMinor(row.amount);
        const paid = toMinor(row.paid);
        return {
          currency: row.currency,
          count: row.count,
          amount: fromMinor(amount),
          paid: fromMinor(paid),
          remaining: fromMinor(amount - paid),
          late: fromMinor(toMinor(row.late)),
        };
      }),
    };
  }

  return { list, totals };
}
