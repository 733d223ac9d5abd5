import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES, fromMinor, toMinor } from '../../../domain/money';
import { isoDate, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { needs } from '../../core/types';
import { scheduleOf } from '../saleLedger';
import { payableSale } from '../payments';
import { oneOf, optionalText, positiveMoney, requiredId, requiredWhole } from '../../core/fields';
import { replaceSchedule } from './repository';
import { createDueInstallmentsRepository } from './dueRepository';
import { INSTALLMENT_STATUSES } from '../../../domain/ledger';
import { listOf } from '../../../domain/validation';
import {
  dueInstallmentSchema,
  dueTotalsSchema,
  plannedInstallmentSchema,
  scheduleReplacedSchema,
} from '../../../domain/contracts/paymentSchedules';
import { listQuery } from '../../core/paging';
import { dataAnswer, listAnswer } from '../../core/answers';
import { optionalDate, queryId } from '../../core/fields';

const tags = ['payment schedules'];
const date = () => z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());
/** Counts are checked by buildSchedule, whose messages say the allowed range. */
const scheduleFields = {
  first_payment_date: date(),
  period_months: requiredWhole(-32768, 32767).default(1),
  payments_count: requiredWhole(-32768, 32767).default(1),
  formula: optionalText(500),
};
const previewBody = z.object({ price: positiveMoney(), currency: oneOf(CURRENCIES).default('USD'), ...scheduleFields });
/** The accountant's list of installments: due period, status, complexes, currencies, customer, manager. */
const dueQuery = listQuery.extend({
  due_from: optionalDate(),
  due_to: optionalDate(),
  statuses: listOf(oneOf(INSTALLMENT_STATUSES)),
  building_ids: listOf(queryId()),
  currencies: listOf(oneOf(CURRENCIES)),
  customer_id: queryId().optional(),
  user_id: queryId().optional(),
});
const replaceBody = z.object({ sale_id: requiredId(), price: positiveMoney().optional(), ...scheduleFields });

/**
 * POST /getPaymentScheduler (a preview) and POST /sales/addPaymentSchedule (a sale's new schedule); and the
 * installments of every sale the user may see, with their totals per currency (GET /payment-schedules).
 */
export default async function paymentSchedulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const due = createDueInstallmentsRepository(app.db);
  const saleReaders = needs('view_sales', 'view_only_own_sales');

  app.get(
    '/payment-schedules',
    {
      config: { access: saleReaders },
      schema: { tags, querystring: dueQuery, response: listAnswer(dueInstallmentSchema) },
    },
    async (request) => due.list(request.query, currentUser(request), request.locale),
  );

  app.get(
    '/payment-schedules/totals',
    {
      config: { access: saleReaders },
      schema: { tags, querystring: dueQuery, response: dataAnswer(dueTotalsSchema) },
    },
    async (request) => ({ data: await due.totals(request.query, currentUser(request)) }),
  );

  app.post(
    '/getPaymentScheduler',
    {
      config: { access: needs('view_sales', 'view_only_own_sales', 'add_sales'), readOnly: true },
      schema: { tags, body: previewBody, response: dataAnswer(z.array(plannedInstallmentSchema)) },
    },
    async (request) => {
      const { price, ...schedule } = request.body;
      return {
        data: scheduleOf({ ...schedule, price: toMinor(price) }).map((i) => ({
          number: i.number,
          due_date: i.due_date,
          amount: fromMinor(i.amount),
        })),
      };
    },
  );

  app.post(
    '/sales/addPaymentSchedule',
    {
      config: { access: needs('edit_sales'), logAction: 'schedule_changed', recordsItself: true },
      schema: { tags, body: replaceBody, response: dataAnswer(scheduleReplacedSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const input = request.body;
      await payableSale(app.db, user, input.sale_id);
      const data = await replaceSchedule(app.db, user, input, recordWrite(request, 200));
      return { data };
    },
  );
}
