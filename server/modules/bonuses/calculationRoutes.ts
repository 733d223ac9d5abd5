import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AGENT_FEE_RULES, seesEveryonesBonus } from '../../../domain/bonuses';
import {
  agentPayoutsSchema,
  agentsBonusSchema,
  bonusCalculationSchema,
  bonusMonthSchema,
  bonusSettingsSchema,
} from '../../../domain/contracts/bonuses';
import { z } from 'zod';
import { currentUser } from '../../core/access';
import { dataAnswer } from '../../core/answers';
import { forbidden, notFound } from '../../core/errors';
import { oneOf } from '../../core/fields';
import { needs } from '../../core/types';
import { refuseViewOnly } from '../saleLedger';
import { agentFeeRule, agentsBonus, markAgentFeesPaid, setAgentFeeRule } from './agents';
import { calculateBonus, schemaMonth } from './calculation';
import { agentsBody, byMonthBody, calculateBody, markPaidBody } from './fields';
import { createBonusesRepository } from './repository';
import { recordWrite } from '../../core/activityLog';

const tags = ['bonuses'];
const readers = needs('view_bonus_schemas');

/**
 * The bonus calculations (POST /bonuses/calculateBonus, getBonusByMonth, getAgentsBonus) and the agents' pay
 * screen's writes: marking several fees paid at once, and the agent-fee rule. A manager without the right to see
 * everyone's figures reads only their own (403 for another's).
 */
export default async function bonusCalculationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBonusesRepository(app.db);

  app.post(
    '/bonuses/calculateBonus',
    {
      config: { access: readers, readOnly: true },
      schema: { tags, body: calculateBody, response: dataAnswer(bonusCalculationSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const { bonus_id, user_id, month } = request.body;
      if (user_id !== user.id && !seesEveryonesBonus(user)) throw forbidden();
      const schema = await repo.find(bonus_id);
      if (!schema) throw notFound();
      return { data: await calculateBonus(app.db, user, schema, month, user_id) };
    },
  );

  app.post(
    '/bonuses/getBonusByMonth',
    {
      config: { access: readers, readOnly: true },
      schema: { tags, body: byMonthBody, response: dataAnswer(bonusMonthSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const { month } = request.body;
      const onlyUser = seesEveryonesBonus(user) ? null : user.id;
      const schemas = await repo.coveringMonth(month);
      const figures = [];
      for (const schema of schemas) figures.push(await schemaMonth(app.db, user, schema, month, onlyUser));
      return { data: { month, schemas: figures } };
    },
  );

  app.post(
    '/bonuses/getAgentsBonus',
    {
      config: { access: needs('view_agents', 'view_bonus_schemas'), readOnly: true },
      schema: { tags, body: agentsBody, response: dataAnswer(agentsBonusSchema) },
    },
    async (request) => ({
      data: await agentsBonus(app.db, currentUser(request), request.body.date_from, request.body.date_to),
    }),
  );

  app.post(
    '/bonuses/agents/markPaid',
    {
      config: { access: needs('edit_sales'), logAction: 'marked_paid', recordsItself: true },
      schema: { tags, body: markPaidBody, response: dataAnswer(agentPayoutsSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      refuseViewOnly(user);
      const route = request.routeOptions.url ?? '/api/bonuses/agents/markPaid';
      const meta = { ip: request.ip, route };
      return { data: await markAgentFeesPaid(app.db, user, request.body.sale_ids, meta, recordWrite(request, 200)) };
    },
  );

  app.get(
    '/bonuses/settings',
    { config: { access: readers }, schema: { tags, response: dataAnswer(bonusSettingsSchema) } },
    async () => ({ data: { agent_fee_rule: await agentFeeRule(app.db) } }),
  );

  app.put(
    '/bonuses/settings',
    {
      config: { access: needs('edit_bonus_schemas') },
      schema: {
        tags,
        body: z.object({ agent_fee_rule: oneOf(AGENT_FEE_RULES) }),
        response: dataAnswer(bonusSettingsSchema),
      },
    },
    async (request) => ({ data: { agent_fee_rule: await setAgentFeeRule(app.db, request.body.agent_fee_rule) } }),
  );
}
