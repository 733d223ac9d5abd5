import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { agents } from '../../db/schema';
import { idParams } from '../../core/fields';
import { listQuery } from '../../core/paging';
import { recordWrite } from '../../core/activityLog';
import { needs } from '../../core/types';
import { formBoolean } from '../../../domain/validation';
import { registerOwnerFiles } from '../documents';
import { runImport, sendTemplate } from '../../core/imports';
import { AGENT_COLUMNS, agentImportRow, createAgentBody, updateAgentBody } from './fields';
import { createAgentsRepository } from './repository';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { agentSchema } from '../../../domain/contracts/agents';
import { importedSchema } from '../../../domain/contracts/imports';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['agents'];
const agentsQuery = listQuery.extend({ active: formBoolean().optional() });

type AgentRow = typeof agents.$inferSelect;

export const presentAgent = (row: AgentRow) => ({
  id: row.id,
  name: row.name,
  personal_number: row.personalNumber,
  phone: row.phone,
  email: row.email,
  website: row.website,
  fee_percent: row.feePercent === null ? null : Number(row.feePercent),
  iban: row.iban,
  note: row.note,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const readers = needs('view_agents', 'add_agents', 'edit_agents', 'delete_agents');

/** Agents: list, record, create, update, soft delete, Excel import with its template, and the agent's files. */
export default async function agentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createAgentsRepository(app.db);

  app.get(
    '/agents',
    { config: { access: readers }, schema: { tags, querystring: agentsQuery, response: listAnswer(agentSchema) } },
    async (request) => {
      const { rows, meta } = await repo.list(request.query);
      return { data: rows.map(presentAgent), meta };
    },
  );

  // Registered before /agents/:id so 'import' is never read as an id.
  app.get(
    '/agents/import/template',
    { config: { access: needs('add_agents') }, schema: { tags } },
    async (request, reply) => sendTemplate(request, reply, AGENT_COLUMNS, 'agents'),
  );

  app.post(
    '/agents/import',
    {
      config: { access: needs('add_agents'), logAction: 'imported', recordsItself: true },
      schema: { tags, response: createdAnswer(importedSchema) },
    },
    async (request, reply) => {
      const record = recordWrite(request, 201);
      const result = await runImport(app, request, {
        columns: AGENT_COLUMNS,
        schema: agentImportRow,
        insert: (tx, rows) => repo.insertMany(tx, rows),
        record: (tx, answer) => record(tx, { recordId: null, buildingId: null, answer }),
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/agents/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(agentSchema) } },
    async (request) => ({ data: presentAgent(await repo.find(request.params.id)) }),
  );

  app.post(
    '/agents',
    {
      config: { access: needs('add_agents') },
      schema: { tags, body: createAgentBody, response: createdAnswer(agentSchema) },
    },
    async (request, reply) => {
      const row = await repo.create(request.body);
      return reply.status(201).send({ data: presentAgent(row) });
    },
  );

  app.put(
    '/agents/:id',
    {
      config: { access: needs('edit_agents'), recordsItself: true },
      schema: { tags, params: idParams, body: updateAgentBody, response: dataAnswer(agentSchema) },
    },
    async (request) => {
      return { data: presentAgent(await repo.update(request.params.id, request.body, recordWrite(request, 200))) };
    },
  );

  app.delete(
    '/agents/:id',
    {
      config: { access: needs('delete_agents') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(request.params.id);
      return { message: request.t('app.deleted') };
    },
  );

  registerOwnerFiles(app, {
    prefix: '/agents',
    ownerType: 'agent',
    access: { read: readers, write: needs('add_agents', 'edit_agents') },
    ownerVisible: (_request, ownerId) => repo.exists(ownerId),
  });
}
