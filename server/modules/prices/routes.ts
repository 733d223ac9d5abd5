import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FLOOR_RANGE } from '../../../domain/inventory';
import { CURRENCIES } from '../../../domain/money';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import {
  oneOf,
  optionalId,
  optionalText,
  optionalWhole,
  positiveMoney,
  requiredId,
  idParams,
  queryId,
} from '../../core/fields';
import { createPricesRepository } from './repository';
import { dataAnswer, listAnswer } from '../../core/answers';
import { priceListAppliedSchema, priceListSchema } from '../../../domain/contracts/properties';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['prices'];

/** The add/edit price dialog, sent as a form or JSON. */
const priceFields = {
  building_id: requiredId(),
  block_id: optionalId(),
  floor_from: optionalWhole(...FLOOR_RANGE),
  floor_to: optionalWhole(...FLOOR_RANGE),
  property_id: optionalId(),
  price_per_m2: positiveMoney(),
  currency: oneOf(CURRENCIES).optional(),
  note: optionalText(1000),
};
const createBody = z.object(priceFields);
const updateBody = z.object(priceFields).partial();

/** Price lists: a price per m² for a complex, a block, a floor range or one unit, applied when saved. */
export default async function pricesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createPricesRepository(app.db);

  const id = () => queryId().optional();

  app.get(
    '/prices',
    {
      config: { access: needs('view_prices') },
      schema: {
        tags,
        querystring: listQuery.extend({ building_id: id(), block_id: id() }),
        response: listAnswer(priceListSchema),
      },
    },
    async (request) => repo.list(currentUser(request), request.query),
  );

  app.get(
    '/prices/:id',
    {
      config: { access: needs('view_prices') },
      schema: { tags, params: idParams, response: dataAnswer(priceListSchema) },
    },
    async (request) => ({
      data: await repo.get(currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/prices',
    {
      config: { access: needs('add_prices'), recordsItself: true },
      schema: { tags, body: createBody, response: { 201: priceListAppliedSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await repo.get(user, await repo.create(user, request.body, recordWrite(request, 201)));
      return reply.status(201).send({ data, message: request.t('units.price_applied', { count: data.applied_count }) });
    },
  );

  app.put(
    '/prices/:id',
    {
      config: { access: needs('edit_prices'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: { 200: priceListAppliedSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await repo.update(user, request.params.id, request.body, recordWrite(request, 200));
      const data = await repo.get(user, request.params.id);
      return { data, message: request.t('units.price_applied', { count: data.applied_count }) };
    },
  );

  app.delete(
    '/prices/:id',
    {
      config: { access: needs('delete_prices') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(currentUser(request), request.params.id);
      return { message: request.t('app.deleted') };
    },
  );
}
