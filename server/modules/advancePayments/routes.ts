import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES } from '../../../domain/money';
import { isoDate, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { oneOf, optionalId, optionalText, positiveMoney, requiredId, idParams, queryId } from '../../core/fields';
import { createAdvancePaymentsRepository } from './repository';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { advancePaymentSchema } from '../../../domain/contracts/deals';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['advance-payments'];

const fields = {
  customer_id: requiredId(),
  property_id: optionalId(),
  amount: positiveMoney(),
  currency: oneOf(CURRENCIES),
  paid_on: isoDate(),
  note: optionalText(2000),
};
const createBody = z.object(fields);
const updateBody = z.object(fields).partial();

const id = () => queryId().optional();
const listSchema = listQuery
  .extend({ customer_id: id(), property_id: id(), date_from: isoDate().optional(), date_to: isoDate().optional() })
  .superRefine((q, ctx) => {
    if (q.date_from && q.date_to && q.date_from > q.date_to)
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: V.minMax });
  });

/** Advance payments: money a customer paid ahead of a contract; deleting one keeps it (soft delete). */
export default async function advancePaymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createAdvancePaymentsRepository(app.db);

  app.get(
    '/advance-payments',
    {
      config: { access: needs('view_advanced_payments') },
      schema: { tags, querystring: listSchema, response: listAnswer(advancePaymentSchema) },
    },
    async (request) => repo.list(currentUser(request), request.query),
  );

  app.get(
    '/advance-payments/:id',
    {
      config: { access: needs('view_advanced_payments') },
      schema: { tags, params: idParams, response: dataAnswer(advancePaymentSchema) },
    },
    async (request) => ({
      data: await repo.get(currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/advance-payments',
    {
      config: { access: needs('add_advanced_payments'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(advancePaymentSchema) },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await repo.create(currentUser(request), request.body, recordWrite(request, 201)) }),
  );

  app.put(
    '/advance-payments/:id',
    {
      config: { access: needs('edit_advanced_payments'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: dataAnswer(advancePaymentSchema) },
    },
    async (request) => ({
      data: await repo.update(currentUser(request), request.params.id, request.body, recordWrite(request, 200)),
    }),
  );

  app.delete(
    '/advance-payments/:id',
    {
      config: { access: needs('delete_advanced_payments') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(currentUser(request), request.params.id);
      return { message: request.t('app.deleted') };
    },
  );
}
