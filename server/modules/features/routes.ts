import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText } from '../../../domain/validation';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { optionalId, optionalText, idParams, queryId } from '../../core/fields';
import { createFeaturesRepository } from './repository';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { featureGroupSchema, featureSchema } from '../../../domain/contracts/features';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['property features'];

const nameFields = {
  name_ka: requiredText(120),
  name_en: optionalText(120),
  name_ru: optionalText(120),
};
const groupBody = z.object(nameFields);
const featureBody = z.object({ ...nameFields, group_id: optionalId() });

/** Property feature groups and features: the /features page and the ticks on the unit form. */
export default async function featuresRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createFeaturesRepository(app.db);

  // The unit form lists the features to tick: whoever adds or edits units reads them too.
  const readers = needs('view_property_features', 'add_properties', 'edit_properties');

  app.get(
    '/property-feature-groups',
    { config: { access: readers }, schema: { tags, querystring: listQuery, response: listAnswer(featureGroupSchema) } },
    async (request) => repo.listGroups(request.query, request.locale),
  );

  app.get(
    '/property-feature-groups/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(featureGroupSchema) } },
    async (request) => ({
      data: await repo.getGroup(request.params.id, request.locale),
    }),
  );

  app.post(
    '/property-feature-groups',
    {
      config: { access: needs('add_property_features') },
      schema: { tags, body: groupBody, response: createdAnswer(featureGroupSchema) },
    },
    async (request, reply) => reply.status(201).send({ data: await repo.createGroup(request.body, request.locale) }),
  );

  app.put(
    '/property-feature-groups/:id',
    {
      config: { access: needs('edit_property_features') },
      schema: { tags, params: idParams, body: groupBody.partial(), response: dataAnswer(featureGroupSchema) },
    },
    async (request) => ({
      data: await repo.updateGroup(request.params.id, request.body, request.locale),
    }),
  );

  app.delete(
    '/property-feature-groups/:id',
    {
      config: { access: needs('delete_property_features') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.removeGroup(request.params.id);
      return { message: request.t('app.deleted') };
    },
  );

  app.get(
    '/property-features',
    {
      config: { access: readers },
      schema: {
        tags,
        querystring: listQuery.extend({
          group_id: queryId().optional(),
        }),
        response: listAnswer(featureSchema),
      },
    },
    async (request) => repo.listFeatures(request.query, request.locale),
  );

  app.get(
    '/property-features/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(featureSchema) } },
    async (request) => ({
      data: await repo.getFeature(request.params.id, request.locale),
    }),
  );

  app.post(
    '/property-features',
    {
      config: { access: needs('add_property_features') },
      schema: { tags, body: featureBody, response: createdAnswer(featureSchema) },
    },
    async (request, reply) => reply.status(201).send({ data: await repo.createFeature(request.body, request.locale) }),
  );

  app.put(
    '/property-features/:id',
    {
      config: { access: needs('edit_property_features') },
      schema: { tags, params: idParams, body: featureBody.partial(), response: dataAnswer(featureSchema) },
    },
    async (request) => ({
      data: await repo.updateFeature(request.params.id, request.body, request.locale),
    }),
  );

  app.delete(
    '/property-features/:id',
    {
      config: { access: needs('delete_property_features') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.removeFeature(request.params.id);
      return { message: request.t('app.deleted') };
    },
  );
}
