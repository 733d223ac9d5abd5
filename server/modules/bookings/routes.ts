import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../domain/deals';
import { CURRENCIES } from '../../../domain/money';
import { formBoolean, isoDate, listOf, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { invalid } from '../../core/errors';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { checkParties } from '../preSaleBookings';
import { oneOf, optionalMoney, optionalText, requiredId, idParams, queryId } from '../../core/fields';
import { createBookingsRepository } from './repository';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { bookingSchema } from '../../../domain/contracts/deals';
import { messageSchema } from '../../../domain/contracts/users';
import { recordWrite } from '../../core/activityLog';

const tags = ['bookings'];
const positiveId = queryId;
const date = () => z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());

const fields = {
  customer_id: requiredId(),
  period_from: date(),
  period_to: date(),
  price: optionalMoney(),
  currency: oneOf(CURRENCIES),
  paid: formBoolean(),
  note: optionalText(2000),
};
const createBody = z.object({
  property_id: requiredId(),
  ...fields,
  currency: oneOf(CURRENCIES).default('USD'),
  paid: formBoolean().default(false),
});
const updateBody = z.object({ ...fields, status: oneOf(BOOKING_STATUSES) }).partial();

const listSchema = listQuery.extend({
  status: listOf(oneOf(BOOKING_STATUSES)),
  building_id: positiveId().optional(),
  customer_id: positiveId().optional(),
  property_id: positiveId().optional(),
  paid: formBoolean().optional(),
});

/** The booking period reads forwards: its end is not before its start. */
const checkPeriod = (from: string, to: string) => {
  if (to < from) throw invalid({ period_to: ['deals.period_order'] });
};

/**
 * GET and POST /bookings, GET/PUT/DELETE /bookings/{id}. A booking books its unit (booked) for a
 * customer over a period; cancelling or deleting it gives the unit back, in the same transaction.
 */
export default async function bookingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBookingsRepository(app.db);

  app.get(
    '/bookings',
    {
      config: { access: needs('view_bookings') },
      schema: { tags, querystring: listSchema, response: listAnswer(bookingSchema) },
    },
    async (request) => repo.list(request.query, currentUser(request), request.locale),
  );

  app.get(
    '/bookings/:id',
    {
      config: { access: needs('view_bookings') },
      schema: { tags, params: idParams, response: dataAnswer(bookingSchema) },
    },
    async (request) => ({
      data: await repo.get(request.params.id, currentUser(request), request.locale),
    }),
  );

  app.post(
    '/bookings',
    {
      config: { access: needs('add_bookings'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(bookingSchema) },
    },
    async (request, reply) => {
      const input = request.body;
      checkPeriod(input.period_from, input.period_to);
      const user = currentUser(request);
      await checkParties(app.db, user, input);
      const booking = { ...input, price: input.price ?? 0, note: input.note ?? null };
      const id = await repo.create(booking, user.id, recordWrite(request, 201));
      return reply.status(201).send({ data: await repo.get(id, user, request.locale) });
    },
  );

  app.put(
    '/bookings/:id',
    {
      config: { access: needs('edit_bookings'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: dataAnswer(bookingSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const current = await repo.get(request.params.id, user, request.locale);
      const input = request.body;
      checkPeriod(input.period_from ?? current.period_from, input.period_to ?? current.period_to);
      if (input.customer_id !== undefined) await checkParties(app.db, user, { customer_id: input.customer_id });
      await repo.update(current, { ...input, price: input.price ?? undefined }, recordWrite(request, 200));
      return { data: await repo.get(current.id, user, request.locale) };
    },
  );

  app.delete(
    '/bookings/:id',
    {
      config: { access: needs('delete_bookings'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const current = await repo.get(request.params.id, currentUser(request), request.locale);
      await repo.remove(current, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}
