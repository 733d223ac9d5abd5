import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromMinor, toMinor } from '../../../domain/money';
import { listOf } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { payableSale } from '../payments';
import { customerName } from '../../../domain/names';
import { optionalText, queryId, queryWhole, requiredId } from '../../core/fields';
import { createSalesRepository } from '../sales';
import { businessToday } from '../../../domain/businessDay';
import { createOverdueSalesRepository } from './repository';
import { listAnswer } from '../../core/answers';
import { cancellationNoticeSchema, overdueSaleSchema } from '../../../domain/contracts/sales';

const tags = ['overdue sales'];
const positiveId = queryId;
const listSchema = listQuery.extend({
  building_ids: listOf(positiveId()),
  min_days: queryWhole(0).optional(),
});
const noticeBody = z.object({ sale_id: requiredId(), note: optionalText(2000) });

/**
 * Overdue sales: the sales with a late installment, how many days and how much is late (computed from
 * the installments in the same statement as the page), and the cancellation notices recorded for them.
 */
export default async function overdueSalesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = needs('send_cancellation_notification');
  const salesRepo = createSalesRepository(app.db);
  const repo = createOverdueSalesRepository(app.db);

  app.get(
    '/overdue-sales',
    { config: { access }, schema: { tags, querystring: listSchema, response: listAnswer(overdueSaleSchema) } },
    async (request) => {
      const q = request.query;
      const user = currentUser(request);
      const today = businessToday();
      const { rows, meta } = await repo.list(user, q, today);
      const { units } = await salesRepo.detailsOf(
        app.db,
        rows.map((r) => r.sale.id),
      );
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
          customer_name: customerName(
            { nameKa: r.customerNameKa, nameEn: r.customerNameEn, nameRu: r.customerNameRu },
            request.locale,
          ),
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
      return { data, meta };
    },
  );

  app.post(
    '/overdue-sales',
    {
      config: { access, logAction: 'cancellation_notice_recorded', recordsItself: true },
      schema: { tags, body: noticeBody, response: { 201: cancellationNoticeSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const sale = await payableSale(app.db, user, request.body.sale_id);
      const today = businessToday();
      const record = recordWrite(request, 201);
      const { notice, summary } = await repo.recordNotice(user, sale, request.body.note, today, record);
      // the notice goes to the customer on every channel that reaches them
      const messages = await app.customerMessages.sendAboutSale(user, { kind: 'cancellation', saleId: sale.id });
      await app.customerMessages.wake();
      return reply.status(201).send({
        messages,
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
    },
  );
}
