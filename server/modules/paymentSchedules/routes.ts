import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES, fromMinor, toMinor } from '../../../domain/money';
import { isoDate, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { needs } from '../../core/types';
import { scheduleOf } from '../saleLedger';
import { payableSale } from '../payments';
import { oneOf, optionalText, positiveMoney, requiredId, requiredWhole } from '../../core/fields';
import { replaceSchedule } from './repository';

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
const replaceBody = z.object({ sale_id: requiredId(), price: positiveMoney().optional(), ...scheduleFields });

/** SPEC §7: POST /getPaymentScheduler (a preview) and POST /sales/addPaymentSchedule (a sale's new schedule). */
export default async function paymentSchedulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/getPaymentScheduler',
    {
      config: { access: needs('view_sales', 'view_only_own_sales', 'add_sales') },
      schema: { tags, body: previewBody },
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
    { config: { access: needs('edit_sales') }, schema: { tags, body: replaceBody } },
    async (request) => {
      const user = currentUser(request);
      const input = request.body;
      await payableSale(app.db, user, input.sale_id);
      const data = await replaceSchedule(app.db, user, input);
      return { data };
    },
  );
}
