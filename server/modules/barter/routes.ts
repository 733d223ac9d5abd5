import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCIES } from '../../../domain/money';
import { formIdList, isoDate, requiredName } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { registerOwnerFiles } from '../documents';
import { oneOf, optionalId, optionalText, positiveMoney, idParams, queryId } from '../../core/fields';
import { createBarterRepository } from './repository';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { barterDetailSchema, barterSchema } from '../../../domain/contracts/deals';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['barter'];

const fields = {
  counterparty: requiredName(255),
  customer_id: optionalId(),
  description: optionalText(2000),
  value: positiveMoney(),
  currency: oneOf(CURRENCIES),
  agreed_on: isoDate(),
  property_ids: formIdList().pipe(z.array(z.number()).min(1, { error: 'barter.no_units' })),
};
const createBody = z.object(fields);
const updateBody = z.object(fields).partial();

const listSchema = listQuery.extend({
  status: z.string().trim().max(20).optional(),
  building_id: queryId().optional(),
});

/** Barter deals: units given for goods or works; each unit is claimed as 'barter' while the deal holds it. */
export default async function barterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBarterRepository(app.db);

  app.get(
    '/barter',
    {
      config: { access: needs('view_barters') },
      schema: { tags, querystring: listSchema, response: listAnswer(barterSchema) },
    },
    async (request) => repo.list(currentUser(request), request.query),
  );

  app.get(
    '/barter/:id',
    {
      config: { access: needs('view_barters') },
      schema: { tags, params: idParams, response: dataAnswer(barterDetailSchema) },
    },
    async (request) => ({
      data: await repo.get(currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/barter',
    {
      config: { access: needs('add_barters'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(barterDetailSchema) },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await repo.create(currentUser(request), request.body, recordWrite(request, 201)) }),
  );

  app.put(
    '/barter/:id',
    {
      config: { access: needs('edit_barters'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: dataAnswer(barterDetailSchema) },
    },
    async (request) => ({
      data: await repo.update(currentUser(request), request.params.id, request.body, recordWrite(request, 200)),
    }),
  );

  app.delete(
    '/barter/:id',
    {
      config: { access: needs('delete_barters'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(currentUser(request), request.params.id, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );

  // The deal's documents (contracts, acts), seen by whoever sees the deal.
  registerOwnerFiles(fastify, {
    prefix: '/barter',
    ownerType: 'barter',
    access: { read: needs('view_barters'), write: needs('add_barters', 'edit_barters') },
    ownerVisible: (request, ownerId) => repo.visible(currentUser(request), ownerId),
  });
}
