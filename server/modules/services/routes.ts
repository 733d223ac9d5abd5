import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceSchema } from '../../../domain/contracts/services';
import { CURRENCIES } from '../../../domain/money';
import { SERVICE_UNITS } from '../../../domain/services';
import { formBoolean, requiredText } from '../../../domain/validation';
import { hasPermission } from '../../../domain/access';
import { currentUser } from '../../core/access';
import { forbidden } from '../../core/errors';
import { dataAnswer, listAnswer } from '../../core/answers';
import { idParams, oneOf, optionalId, optionalOneOf, optionalText, positiveMoney, queryId } from '../../core/fields';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { createServicesRepository } from './repository';
import { messageSchema } from '../../../domain/contracts/users';
import { recordWrite } from '../../core/activityLog';

const tags = ['services'];

const servicesQuery = listQuery.extend({
  active: formBoolean().optional(),
  unit: optionalOneOf(SERVICE_UNITS),
  building_id: queryId().optional(),
});

const serviceFields = {
  name_ka: requiredText(255),
  name_en: optionalText(255),
  name_ru: optionalText(255),
  unit: oneOf(SERVICE_UNITS),
  active: formBoolean().default(true),
  prices: z
    .array(z.object({ building_id: optionalId(), price: positiveMoney(), currency: oneOf(CURRENCIES) }))
    .max(200)
    .default([]),
};
/** POST /services: creates a service, or changes it when the body names an id. */
const serviceBody = z.object({ id: optionalId(), ...serviceFields });
const updateBody = z.object(serviceFields);

/**
 * Services: the catalogue of services sold on top of a sale (renovation, parking, storage, furniture), each
 * with a price per complex or for all. A service a container holds cannot be deleted, only deactivated (409).
 * Registered only when MODULE_SERVICES is on.
 */
export default async function servicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createServicesRepository(app.db);
  const readers = needs('view_services', 'add_service_containers', 'view_service_containers');

  app.get(
    '/services',
    { config: { access: readers }, schema: { tags, querystring: servicesQuery, response: listAnswer(serviceSchema) } },
    async (request) => repo.list(request.query, currentUser(request), request.locale),
  );

  app.get(
    '/services/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(serviceSchema) } },
    async (request) => ({ data: await repo.get(request.params.id, currentUser(request), request.locale) }),
  );

  app.post(
    '/services',
    {
      config: { access: needs('add_services', 'edit_services'), recordsItself: true },
      schema: {
        tags,
        body: serviceBody,
        response: { ...dataAnswer(serviceSchema), 201: z.object({ data: serviceSchema }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, ...input } = request.body;
      if (!hasPermission(user, id ? 'edit_services' : 'add_services')) throw forbidden();
      const saved = await repo.save(user, input, id ?? undefined, recordWrite(request, id ? 200 : 201));
      return reply.status(id ? 200 : 201).send({ data: await repo.get(saved, user, request.locale) });
    },
  );

  app.put(
    '/services/:id',
    {
      config: { access: needs('edit_services'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: dataAnswer(serviceSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      await repo.save(user, request.body, request.params.id, recordWrite(request, 200));
      return { data: await repo.get(request.params.id, user, request.locale) };
    },
  );

  app.delete(
    '/services/:id',
    {
      config: { access: needs('delete_services'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(request.params.id, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}
