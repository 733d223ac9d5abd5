import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { agents } from '../../db/schema';
import { notFound } from '../../core/errors';
import { idParams } from '../../core/fields';
import { likePattern, listQuery, pageMeta, pageWindow, sortColumn, totalCount, pageTotal } from '../../core/paging';
import { needs } from '../../core/types';
import { formBoolean } from '../../../domain/validation';
import { registerOwnerFiles } from '../documents';
import { runImport, sendTemplate } from '../../core/imports';
import { AGENT_COLUMNS, agentImportRow, agentValues, createAgentBody, updateAgentBody } from './fields';

const tags = ['agents'];
const agentsQuery = listQuery.extend({ active: formBoolean().optional() });

const SORTABLE = {
  id: agents.id,
  name: agents.name,
  personal_number: agents.personalNumber,
  phone: agents.phone,
  email: agents.email,
  fee_percent: agents.feePercent,
  active: agents.active,
  created_at: agents.createdAt,
};

type AgentRow = typeof agents.$inferSelect;

export const presentAgent = (row: AgentRow) => ({
  id: row.id,
  name: row.name,
  personal_number: row.personalNumber,
  phone: row.phone,
  email: row.email,
  fee_percent: row.feePercent === null ? null : Number(row.feePercent),
  iban: row.iban,
  note: row.note,
  active: row.active,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

const readers = needs('view_agents', 'add_agents', 'edit_agents', 'delete_agents');

/** SPEC §7 agents: list, record, create, update, soft delete, Excel import with its template, and the agent's files. */
export default async function agentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const live = (id: number) => and(eq(agents.id, id), isNull(agents.deletedAt));
  const find = async (id: number) => {
    const [row] = await app.db.select().from(agents).where(live(id));
    if (!row) throw notFound();
    return row;
  };

  app.get('/agents', { config: { access: readers }, schema: { tags, querystring: agentsQuery } }, async (request) => {
    const q = request.query;
    const { limit, offset } = pageWindow(q);
    const text = q.query ? likePattern(q.query) : undefined;
    const where = and(
      isNull(agents.deletedAt),
      text ? or(ilike(agents.name, text), ilike(agents.personalNumber, text), ilike(agents.phone, text), ilike(agents.email, text)) : undefined,
      q.active === undefined ? undefined : eq(agents.active, q.active),
    );
    const column = sortColumn(q.sort, SORTABLE, 'id');
    const rows = await app.db
      .select({ agent: agents, total: totalCount })
      .from(agents)
      .where(where)
      .orderBy(q.order === 'desc' ? desc(column) : asc(column), asc(agents.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, offset, () => app.db.$count(agents, where));
    return { data: rows.map((r) => presentAgent(r.agent)), meta: pageMeta(q, total, rows.length) };
  });

  // Registered before /agents/:id so 'import' is never read as an id.
  app.get('/agents/import/template', { config: { access: needs('add_agents') }, schema: { tags } }, async (request, reply) =>
    sendTemplate(request, reply, AGENT_COLUMNS, 'agents'),
  );

  app.post('/agents/import', { config: { access: needs('add_agents') }, schema: { tags } }, async (request, reply) => {
    const result = await runImport(app, request, {
      columns: AGENT_COLUMNS,
      schema: agentImportRow,
      insert: async (tx, rows) => {
        if (rows.length) await tx.insert(agents).values(rows.map((r) => ({ ...agentValues(r), name: r.name, active: r.active ?? true })));
      },
    });
    return reply.status(201).send(result);
  });

  app.get('/agents/:id', { config: { access: readers }, schema: { tags, params: idParams } }, async (request) => ({
    data: presentAgent(await find(request.params.id)),
  }));

  app.post('/agents', { config: { access: needs('add_agents') }, schema: { tags, body: createAgentBody } }, async (request, reply) => {
    const [row] = await app.db
      .insert(agents)
      .values({ ...agentValues(request.body), name: request.body.name, active: request.body.active ?? true })
      .returning();
    return reply.status(201).send({ data: presentAgent(row) });
  });

  app.put('/agents/:id', { config: { access: needs('edit_agents') }, schema: { tags, params: idParams, body: updateAgentBody } }, async (request) => {
    await find(request.params.id);
    const [row] = await app.db
      .update(agents)
      .set({ ...agentValues(request.body), updatedAt: new Date() })
      .where(live(request.params.id))
      .returning();
    return { data: presentAgent(row) };
  });

  app.delete('/agents/:id', { config: { access: needs('delete_agents') }, schema: { tags, params: idParams } }, async (request) => {
    await find(request.params.id);
    await app.db.update(agents).set({ deletedAt: sql`now()`, updatedAt: new Date() }).where(live(request.params.id));
    return { message: request.t('app.deleted') };
  });

  registerOwnerFiles(app, {
    prefix: '/agents',
    ownerType: 'agent',
    access: { read: readers, write: needs('add_agents', 'edit_agents') },
    ownerVisible: async (_request, ownerId) => (await app.db.$count(agents, live(ownerId))) > 0,
  });
}
