import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission } from '../../../domain/access';
import { seesEveryonesBonus } from '../../../domain/bonuses';
import { bonusSchemaSchema, bonusTierSchema, saleTargetSchema } from '../../../domain/contracts/bonuses';
import { currentUser } from '../../core/access';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { AppError, forbidden, notFound } from '../../core/errors';
import { idParams, pathId } from '../../core/fields';
import { needs } from '../../core/types';
import { schemaBody, targetBody, targetsQuery, tierBody } from './fields';
import { createBonusesRepository } from './repository';
import { messageSchema } from '../../../domain/contracts/users';
import { recordWrite } from '../../core/activityLog';

const tags = ['bonuses'];

/**
 * Bonuses and sale targets: the schemas with their tiers (GET, POST /bonuses; DELETE /bonuses/{id};
 * POST /bonuses/{bonus_id}/items; DELETE /bonuses/{bonusId}/items/{itemId}) and the monthly targets (GET, POST
 * /sale-targets; DELETE /sale-targets/{id}). Registered only when MODULE_BONUS is on (else 404).
 */
export default async function bonusSchemasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBonusesRepository(app.db);

  app.get(
    '/bonuses',
    {
      config: { access: needs('view_bonus_schemas') },
      schema: { tags, response: dataAnswer(z.array(bonusSchemaSchema)) },
    },
    async () => ({ data: await repo.list() }),
  );

  app.get(
    '/bonuses/:id',
    {
      config: { access: needs('view_bonus_schemas') },
      schema: { tags, params: idParams, response: dataAnswer(bonusSchemaSchema) },
    },
    async (request) => {
      const found = await repo.find(request.params.id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.post(
    '/bonuses',
    {
      config: { access: needs('add_bonus_schemas', 'edit_bonus_schemas') },
      schema: {
        tags,
        body: schemaBody,
        response: { ...dataAnswer(bonusSchemaSchema), ...createdAnswer(bonusSchemaSchema) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = request.body;
      if (!hasPermission(user, input.id ? 'edit_bonus_schemas' : 'add_bonus_schemas')) throw forbidden();
      const saved = await repo.save(user.id, input);
      if (!saved) throw notFound();
      return reply.status(input.id ? 200 : 201).send({ data: saved });
    },
  );

  app.delete(
    '/bonuses/:id',
    {
      config: { access: needs('delete_bonus_schemas') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      if (!(await repo.remove(request.params.id))) throw notFound();
      return { message: request.t('app.deleted') };
    },
  );

  app.post(
    '/bonuses/:bonus_id/items',
    {
      config: { access: needs('add_bonus_schemas', 'edit_bonus_schemas'), recordsItself: true },
      schema: {
        tags,
        params: z.object({ bonus_id: pathId() }),
        body: tierBody,
        response: createdAnswer(bonusTierSchema),
      },
    },
    async (request, reply) => {
      const tier = await repo.addTier(request.params.bonus_id, request.body, recordWrite(request, 201));
      if (!tier) throw notFound();
      return reply.status(201).send({ data: tier });
    },
  );

  app.delete(
    '/bonuses/:bonusId/items/:itemId',
    {
      config: { access: needs('edit_bonus_schemas', 'delete_bonus_schemas') },
      schema: { tags, params: z.object({ bonusId: pathId(), itemId: pathId() }), response: { 200: messageSchema } },
    },
    async (request) => {
      if (!(await repo.removeTier(request.params.bonusId, request.params.itemId))) throw notFound();
      return { message: request.t('app.deleted') };
    },
  );

  app.get(
    '/sale-targets',
    {
      config: { access: needs('view_sale_targets', 'add_sale_targets', 'edit_sale_targets') },
      schema: { tags, querystring: targetsQuery, response: dataAnswer(z.array(saleTargetSchema)) },
    },
    async (request) => {
      const user = currentUser(request);
      const ownOf = seesEveryonesBonus(user) ? undefined : user.id;
      return { data: await repo.targets({ ...request.query, ownOf }) };
    },
  );

  app.post(
    '/sale-targets',
    {
      config: { access: needs('add_sale_targets', 'edit_sale_targets'), recordsItself: true },
      schema: {
        tags,
        body: targetBody,
        response: { ...dataAnswer(saleTargetSchema), ...createdAnswer(saleTargetSchema) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = request.body;
      if (input.user_id && !(await repo.userExists(input.user_id)))
        throw new AppError(422, 'server.invalid_input', {}, { user_id: ['bonuses.unknown_user'] });
      const options = { mayReplace: hasPermission(user, 'edit_sale_targets') };
      const { target, created } = await repo.saveTarget(user.id, input, options, (status) =>
        recordWrite(request, status),
      );
      return reply.status(created ? 201 : 200).send({ data: target });
    },
  );

  app.delete(
    '/sale-targets/:id',
    {
      config: { access: needs('delete_sale_targets') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      if (!(await repo.removeTarget(request.params.id))) throw notFound();
      return { message: request.t('app.deleted') };
    },
  );
}
