import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDate, listOf } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { idParams, oneOf, optionalId, optionalText, queryId, requiredId } from '../../core/fields';
import { PAYMENT_MODES } from '../../../domain/sales';
import { invoiceDetailsSchema, invoiceRowSchema } from '../../../domain/contracts/payments';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { createInvoicesRepository } from './repository';

const tags = ['invoices'];
const positiveId = queryId;
const optionalDate = () => z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional());
const createBody = z.object({
  sale_id: requiredId(),
  mode: oneOf(PAYMENT_MODES).optional(),
  installment_id: optionalId(),
  container_installment_id: optionalId(),
  issued_on: optionalDate(),
  due_date: optionalDate(),
  note: optionalText(2000),
});
const listSchema = listQuery.extend({ sale_id: positiveId().optional(), building_ids: listOf(positiveId()) });

/**
 * Invoices: the list, issuing one for an installment or a sale's balance (or, mode 'renovation', for its
 * renovation package's), and one invoice as printed.
 */
export default async function invoicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createInvoicesRepository(app.db);
  const readers = needs('view_sales', 'view_invoices');

  app.get(
    '/invoices',
    { config: { access: readers }, schema: { tags, querystring: listSchema, response: listAnswer(invoiceRowSchema) } },
    async (request) => repo.list(request.query, currentUser(request), request.locale),
  );

  app.get(
    '/invoices/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(invoiceDetailsSchema) } },
    async (request) => ({ data: await repo.get(request.params.id, currentUser(request), request.locale) }),
  );

  app.post(
    '/invoices',
    {
      config: { access: needs('add_invoices'), recordsItself: true },
      schema: {
        tags,
        body: createBody,
        response: { ...dataAnswer(invoiceDetailsSchema), ...createdAnswer(invoiceDetailsSchema) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, reused } = await repo.create(request.body, user, (status) => recordWrite(request, status));
      // an unpaid invoice for the same amount is answered again (200) rather than numbered anew (201)
      return reply.status(reused ? 200 : 201).send({ data: { ...(await repo.get(id, user, request.locale)), reused } });
    },
  );
}
