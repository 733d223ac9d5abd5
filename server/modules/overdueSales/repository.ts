import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toDecimalString, toMinor } from '../../../domain/money';
import { invalid } from '../../core/errors';
import { inPickedOrder, listPage, totalCount, type ListQuery } from '../../core/paging';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import type { Db } from '../../db/client';
import { buildings, cancellationNotices, customers, sales, users } from '../../db/schema';
import { saleLateness, saleMatching, saleVisible, writeHistory } from '../saleLedger';

/**
 * The overdue sales' queries: the page of late sales with how late and how much, and a cancellation notice recorded.
 */
export function createOverdueSalesRepository(db: Db) {
  /**
   * The visible overdue sales, how late and how much computed from the installments: the page's ids first, ordered by
   * the sort key alone for every overdue sale (with the total beside them), then only those sales with their details.
   */
  async function list(user: CurrentUser, q: ListQuery & { building_ids?: number[]; min_days?: number }, today: string) {
    // a late renovation installment counts too (the sale's renovation containers)
    const { oldestDue, daysLate, amount: amountOverdue } = saleLateness(today, sql`${sales.id}`);
    const filters: Array<SQL | undefined> = [saleVisible(user), eq(sales.status, 'overdue')];
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.min_days !== undefined) filters.push(sql`${daysLate} >= ${q.min_days}`);
    if (q.query) filters.push(saleMatching(q.query));
    const where = and(...filters);
    const details = (ids: number[]) =>
      db
        .select({
          sale: sales,
          buildingName: buildings.name,
          customerNameKa: customers.nameKa,
          customerNameEn: customers.nameEn,
          customerNameRu: customers.nameRu,
          personalNumber: customers.personalNumber,
          phones: customers.phones,
          userName: users.fullName,
          daysLate,
          amountOverdue,
          oldestDue,
          nextDueDate: sql<
            string | null
          >`(select min(i.due_date)::text from installments i where i.sale_id = ${sales.id} and i.paid < i.amount)`,
          noticesCount: sql<number>`(select count(*)::int from cancellation_notices n where n.sale_id = ${sales.id})`,
          lastNoticeAt: sql<
            string | null
          >`(select max(n.created_at) from cancellation_notices n where n.sale_id = ${sales.id})`,
        })
        .from(sales)
        .innerJoin(buildings, eq(buildings.id, sales.buildingId))
        .innerJoin(customers, eq(customers.id, sales.customerId))
        .leftJoin(users, eq(users.id, sales.userId))
        .where(inArray(sales.id, ids));
    const picking = () => db.select({ id: sales.id, total: totalCount }).from(sales).where(where);
    return listPage(
      q,
      {
        columns: { amount_overdue: amountOverdue, id: sql`${sales.id}`, days_late: daysLate },
        fallback: 'days_late',
        newestFirst: true,
        then: desc(sales.id),
      },
      async ({ orderBy, limit, offset }) => {
        const picked = await picking()
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset);
        if (!picked.length) return [];
        const ids = picked.map((p) => p.id);
        const rows = (await details(ids)).map((row) => ({ ...row, total: picked[0].total }));
        return inPickedOrder(ids, rows, (row) => row.sale.id);
      },
      async () => (await picking().limit(1))[0]?.total ?? 0,
    );
  }

  /**
   * Records a cancellation notice for a sale with something late, on its own schedule or its renovation's (422
   * otherwise), and writes it to the sale's history.
   */
  async function recordNotice(
    user: CurrentUser,
    sale: { id: number },
    note: string | null | undefined,
    today: string,
    record: RecordWrite,
  ) {
    const lateness = saleLateness(today, sql`${sale.id}`);
    const [late] = await db
      .select({ daysLate: lateness.daysLate, amount: lateness.amount, oldestDue: lateness.oldestDue })
      .from(sales)
      .where(eq(sales.id, sale.id));
    const summary = {
      days_late: Number(late?.daysLate ?? 0),
      amount_overdue: toMinor(late?.amount ?? 0),
      oldest_due_date: late?.oldestDue ?? null,
    };
    if (summary.days_late <= 0 && summary.amount_overdue <= 0)
      throw invalid({ sale_id: ['payment_rules.not_overdue'] });
    const notice = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cancellationNotices)
        .values({
          saleId: sale.id,
          daysLate: summary.days_late,
          amountOverdue: toDecimalString(summary.amount_overdue),
          note: note ?? null,
          createdBy: user.id,
        })
        .returning();
      await writeHistory(tx, {
        saleId: sale.id,
        userId: user.id,
        action: 'cancellation_notice',
        reason: note ?? null,
        effectiveDate: today,
        changes: [
          { field: 'days_late', from: null, to: summary.days_late },
          { field: 'amount_overdue', from: null, to: toDecimalString(summary.amount_overdue) },
        ],
      });
      // the line names the notice; its record type (overdue-sales) is bound to no complex
      await record(tx, { recordId: row.id, buildingId: null });
      return row;
    });
    return { notice, summary };
  }

  return { list, recordNotice };
}
