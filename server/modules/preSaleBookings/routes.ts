import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canChange, PRE_SALE_BOOKING_STATUSES } from '../../../domain/deals';
import { isoDate, listOf, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { AppError, invalid } from '../../core/errors';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { optionalText, queryId, requiredId, idParams } from '../../core/fields';
import { businessToday } from '../../../domain/businessDay';
import { createPreSaleBookingsRepository, expireHolds } from './repository';
import { checkParties } from './shared';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { preSaleBookingSchema } from '../../../domain/contracts/deals';
import { messageSchema } from '../../../domain/contracts/users';
import { recordWrite } from '../../core/activityLog';

const tags = ['pre-sale-bookings'];
const positiveId = queryId;
const status = () => z.enum(PRE_SALE_BOOKING_STATUSES, { error: V.invalidValue });

const listSchema = listQuery.extend({
  status: listOf(status()),
  building_id: positiveId().optional(),
  customer_id: positiveId().optional(),
});

const createBody = z.object({
  property_id: requiredId(),
  customer_id: requiredId(),
  hold_until: z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate()),
  note: optionalText(2000),
});

/**
 * GET and POST /pre-sale-bookings, POST /pre-sale-bookings/{id}/change-status, DELETE /pre-sale-bookings/{id}. A
 * pre-sale booking holds its unit (pre_booked) for a customer until a date; the status changes follow domain/deals'
 * table; a hold past its date expires by itself and frees the unit.
 */
export default async function preSaleBookingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createPreSaleBookingsRepository(app.db);

  app.get(
    '/pre-sale-bookings',
    {
      config: { access: needs('view_pre_sale_bookings') },
      schema: { tags, querystring: listSchema, response: listAnswer(preSaleBookingSchema) },
    },
    async (request) => {
      await expireHolds(app.db, businessToday());
      return repo.list(request.query, currentUser(request), request.locale);
    },
  );

  app.get(
    '/pre-sale-bookings/:id',
    {
      config: { access: needs('view_pre_sale_bookings') },
      schema: { tags, params: idParams, response: dataAnswer(preSaleBookingSchema) },
    },
    async (request) => {
      await expireHolds(app.db, businessToday());
      return { data: await repo.get(request.params.id, currentUser(request), request.locale) };
    },
  );

  app.post(
    '/pre-sale-bookings',
    {
      config: { access: needs('add_pre_sale_bookings'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(preSaleBookingSchema) },
    },
    async (request, reply) => {
      const input = request.body;
      if (input.hold_until < businessToday()) throw invalid({ hold_until: ['deals.hold_in_past'] });
      const user = currentUser(request);
      await checkParties(app.db, user, input);
      const id = await repo.create({ ...input, note: input.note ?? null }, user.id, recordWrite(request, 201));
      return reply.status(201).send({ data: await repo.get(id, user, request.locale) });
    },
  );

  app.post(
    '/pre-sale-bookings/:id/change-status',
    {
      config: { access: needs('edit_pre_sale_bookings'), logAction: 'status_changed', recordsItself: true },
      schema: {
        tags,
        params: idParams,
        body: z.object({ status: status() }),
        response: dataAnswer(preSaleBookingSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const booking = await repo.get(request.params.id, user, request.locale);
      const from = booking.status;
      const to = request.body.status;
      // the sale writes the conversion (POST /sales with pre_sale_booking_id),
      // so the unit is never left held by nothing
      if (to === 'converted')
        throw new AppError(422, 'deals.convert_by_sale', undefined, { status: ['deals.convert_by_sale'] });
      if (!canChange(from, to)) {
        throw new AppError(
          422,
          'deals.status_change',
          { from: request.t(`deals.status.${from}`), to: request.t(`deals.status.${to}`) },
          {
            status: [
              ['deals.status_change', { from: request.t(`deals.status.${from}`), to: request.t(`deals.status.${to}`) }],
            ],
          },
        );
      }
      await repo.changeStatus(booking, from, to, recordWrite(request, 200));
      return { data: await repo.get(booking.id, user, request.locale) };
    },
  );

  app.delete(
    '/pre-sale-bookings/:id',
    {
      config: { access: needs('delete_pre_sale_bookings'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const booking = await repo.get(request.params.id, currentUser(request), request.locale);
      await repo.remove(booking, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}
