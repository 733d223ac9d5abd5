import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES } from '../../../domain/money';
import { PAYMENT_MODES } from '../../../domain/sales';
import { isoDate, listOf, V } from '../../../domain/validation';
import {
  paymentCalculationSchema,
  paymentDeletedSchema,
  paymentSchema,
  paymentWrittenSchema,
} from '../../../domain/contracts/payments';
import { dataAnswer, listAnswer } from '../../core/answers';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { oneOf, optionalText, pathId, positiveMoney, queryId, requiredId } from '../../core/fields';
import { registerPaymentImports } from './import';
import { createPaymentsRepository } from './repository';

const tags = ['payments'];
const positiveId = queryId;
const date = () => z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());

const paymentFields = {
  amount: positiveMoney(),
  currency: oneOf(CURRENCIES),
  paid_on: date(),
};
const payBody = z.object({
  sale_id: requiredId(),
  ...paymentFields,
  mode: oneOf(PAYMENT_MODES).default('sale'),
  note: optionalText(2000),
});
const updateBody = z.object({ ...paymentFields, note: optionalText(2000) }).partial();
const paymentParams = z.object({ payment_id: pathId() });
const deleteParams = z.object({ mode: oneOf(PAYMENT_MODES), payment_id: pathId(), sale_id: pathId() });
const listSchema = listQuery.extend({
  sale_id: positiveId().optional(),
  building_ids: listOf(positiveId()),
  currency: oneOf(CURRENCIES).optional(),
  mode: oneOf(PAYMENT_MODES).optional(),
  paid_on_from: isoDate().optional(),
  paid_on_to: isoDate().optional(),
});

/**
 * Payments: the preview of a payment, recording, changing and deleting one (each a locked, settled
 * transaction through the ledger), the list, and the bank-statement imports.
 */
export default async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createPaymentsRepository(app.db);

  app.get(
    '/payments',
    {
      config: { access: needs('view_payments', 'view_sales') },
      schema: { tags, querystring: listSchema, response: listAnswer(paymentSchema) },
    },
    async (request) => repo.list(request.query, currentUser(request), request.locale),
  );

  app.post(
    '/payments/calculatePayment',
    {
      config: { access: needs('add_payments'), readOnly: true },
      schema: { tags, body: payBody.omit({ note: true }), response: dataAnswer(paymentCalculationSchema) },
    },
    async (request) => {
      const { sale_id: saleId, ...input } = request.body;
      return { data: await repo.calculate(currentUser(request), saleId, input) };
    },
  );

  app.post(
    '/payments/pay',
    {
      config: { access: needs('add_payments'), recordsItself: true },
      schema: { tags, body: payBody, response: { 201: paymentWrittenSchema } },
    },
    async (request, reply) => {
      const { sale_id: saleId, ...input } = request.body;
      const answer = await repo.pay(currentUser(request), saleId, input, request.locale, recordWrite(request, 201));
      return reply.status(201).send(answer);
    },
  );

  await registerPaymentImports(app);

  app.put(
    '/payments/:payment_id',
    {
      config: { access: needs('edit_payments'), recordsItself: true },
      schema: { tags, params: paymentParams, body: updateBody, response: { 200: paymentWrittenSchema } },
    },
    async (request) =>
      repo.change(
        currentUser(request),
        request.params.payment_id,
        request.body,
        request.locale,
        recordWrite(request, 200),
      ),
  );

  app.delete(
    '/payments/:mode/:payment_id/:sale_id',
    {
      config: { access: needs('delete_payments'), recordsItself: true },
      schema: { tags, params: deleteParams, response: { 200: paymentDeletedSchema } },
    },
    async (request) => {
      const { mode, payment_id: paymentId, sale_id: saleId } = request.params;
      const target = { mode, paymentId, saleId };
      return repo.remove(currentUser(request), target, request.t('app.deleted'), recordWrite(request, 200));
    },
  );
}
