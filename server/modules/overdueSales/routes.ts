import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { overdueSummary } from '../../../domain/ledger';
import { fromMinor, toDecimalString, toMinor } from '../../../domain/money';
import { listOf, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { invalid } from '../../core/errors';
import { likePattern, listQuery, pageMeta, pageTotal, pageWindow } from '../../core/paging';
import { needs } from '../../core/types';
import { buildings, cancellationNotices, customers, installments, sales, users } from '../../db/schema';
import { payableSale } from '../payments';
import { customerName } from '../preSaleBookings';
import { optionalText, queryId, requiredId } from '../../core/fields';
import { saleVisible } from '../saleLedger';
import { createSalesRepository } from '../sales';
import { writeHistory } from '../saleLedger';
import { todayIso } from '../unitStatus';

const tags = ['overdue sales'];
const positiveId = queryId;
const listSchema = listQuery.extend({
  building_ids: listOf(positiveId()),
  min_days: z.coerce.number({ error: V.invalidType }).int({ error: V.invalidType }).min(0, { error: V.invalidType }).optional(),
});
const noticeBody = z.object({ sale_id: requiredId(), note: optionalText(2000) });

/**
 * SPEC §7 overdue sales: the sales with a late installment, how many days and how much is late (computed from
 * the installments in the same statement as the page), and the cancellation notices recorded for them.
 */
export default async function overdueSalesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = needs('send_cancellation_notification');
  const salesRepo = createSalesRepository(app.db);

  app.get('/overdue-sales', { config: { access }, schema: { tags, querystring: listSchema } }, async (request) => {
    const q = request.query;
    const user = currentUser(request);
    const today = todayIso();
    const late = sql`i.sale_id = ${sales.id} and i.due_date < ${today}::date and i.paid < i.amount`;
    const oldestDue = sql<string | null>`(select min(i.due_date)::text from installments i where ${late})`;
    const daysLate = sql<number>`coalesce(${today}::date - (select min(i.due_date) from installments i where ${late}), 0)::int`;
    const amountOverdue = sql<string>`(select coalesce(sum(i.amount - i.paid), 0) from installments i where ${late})`;
    const filters: Array<SQL | undefined> = [saleVisible(user), eq(sales.status, 'overdue')];
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.min_days !== undefined) filters.push(sql`${daysLate} >= ${q.min_days}`);
    if (q.query) {
      const p = likePattern(q.query);
      filters.push(or(ilike(sales.contractNo, p), ilike(customers.nameKa, p), ilike(customers.nameEn, p), ilike(customers.nameRu, p), ilike(customers.personalNumber, p)));
    }
    const sortBy = q.sort === 'amount_overdue' ? amountOverdue : q.sort === 'id' ? sql`${sales.id}` : daysLate;
    const order = q.sort ? (q.order === 'desc' ? desc(sortBy) : asc(sortBy)) : desc(daysLate);
    const { limit, offset } = pageWindow(q);
    const base = () =>
      app.db
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
          nextDueDate: sql<string | null>`(select min(i.due_date)::text from installments i where i.sale_id = ${sales.id} and i.paid < i.amount)`,
          noticesCount: sql<number>`(select count(*)::int from cancellation_notices n where n.sale_id = ${sales.id})`,
          lastNoticeAt: sql<string | null>`(select max(n.created_at) from cancellation_notices n where n.sale_id = ${sales.id})`,
          total: sql<number>`cast(count(*) over() as integer)`,
        })
        .from(sales)
        .innerJoin(buildings, eq(buildings.id, sales.buildingId))
        .innerJoin(customers, eq(customers.id, sales.customerId))
        .leftJoin(users, eq(users.id, sales.userId))
        .where(and(...filters));
    const rows = await base().orderBy(order, desc(sales.id)).limit(limit).offset(offset);
    const total = await pageTotal(rows, offset, async () => (await base().limit(1))[0]?.total ?? 0);
    const { units } = await salesRepo.detailsOf(app.db, rows.map((r) => r.sale.id));
    const data = rows.map((r) => {
      const price = toMinor(r.sale.price);
      const paid = toMinor(r.sale.paidTotal);
      return {
        id: r.sale.id,
        contract_no: r.sale.contractNo,
        status: r.sale.status,
        building_id: r.sale.buildingId,
        building_name: r.buildingName,
        properties: units.get(r.sale.id) ?? [],
        customer_id: r.sale.customerId,
        customer_name: customerName({ nameKa: r.customerNameKa, nameEn: r.customerNameEn, nameRu: r.customerNameRu }, request.locale),
        customer_personal_number: r.personalNumber,
        customer_phone: r.phones[0] ?? null,
        user_id: r.sale.userId,
        user_name: r.userName,
        price: fromMinor(price),
        currency: r.sale.currency,
        paid_total: fromMinor(paid),
        remaining: fromMinor(Math.max(0, price - paid)),
        contract_start_date: r.sale.contractStartDate,
        next_due_date: r.nextDueDate,
        days_late: Number(r.daysLate),
        amount_overdue: fromMinor(toMinor(r.amountOverdue)),
        oldest_due_date: r.oldestDue,
        notices_count: Number(r.noticesCount),
        last_notice_at: r.lastNoticeAt ? new Date(r.lastNoticeAt).toISOString() : null,
      };
    });
    return { data, meta: pageMeta(q, total, rows.length) };
  });

  app.post('/overdue-sales', { config: { access }, schema: { tags, body: noticeBody } }, async (request, reply) => {
    const user = currentUser(request);
    const sale = await payableSale(app.db, user, request.body.sale_id);
    const today = todayIso();
    const schedule = await app.db.select().from(installments).where(eq(installments.saleId, sale.id));
    const summary = overdueSummary(
      schedule.map((i) => ({ due_date: i.dueDate, amount: toMinor(i.amount), paid: toMinor(i.paid) })),
      today,
    );
    if (summary.days_late <= 0 && summary.amount_overdue <= 0) throw invalid({ sale_id: ['payment_rules.not_overdue'] });
    const notice = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cancellationNotices)
        .values({ saleId: sale.id, daysLate: summary.days_late, amountOverdue: toDecimalString(summary.amount_overdue), note: request.body.note ?? null, createdBy: user.id })
        .returning();
      await writeHistory(tx, {
        saleId: sale.id,
        userId: user.id,
        action: 'cancellation_notice',
        reason: request.body.note ?? null,
        effectiveDate: today,
        changes: [
          { field: 'days_late', from: null, to: summary.days_late },
          { field: 'amount_overdue', from: null, to: toDecimalString(summary.amount_overdue) },
        ],
      });
      return row;
    });
    return reply.status(201).send({
      data: {
        id: notice.id,
        sale_id: notice.saleId,
        days_late: notice.daysLate,
        amount_overdue: fromMinor(toMinor(notice.amountOverdue)),
        oldest_due_date: summary.oldest_due_date,
        note: notice.note,
        created_by_name: user.fullName,
        created_at: notice.createdAt.toISOString(),
      },
    });
  });
}
