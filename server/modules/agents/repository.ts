import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { agents } from '../../db/schema';
import { notFound } from '../../core/errors';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { agentValues, type AgentInput } from './fields';

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

const live = (id: number) => and(eq(agents.id, id), isNull(agents.deletedAt));

/** The agents' queries: list, record, create, update, soft delete and the rows of an import. */
export function createAgentsRepository(db: Db) {
  async function find(id: number) {
    const [row] = await db.select().from(agents).where(live(id));
    if (!row) throw notFound();
    return row;
  }

  return {
    find,
    async list(q: ListQuery & { active?: boolean }) {
      const text = q.query ? likePattern(q.query) : undefined;
      const where = and(
        isNull(agents.deletedAt),
        text
          ? or(
              ilike(agents.name, text),
              ilike(agents.personalNumber, text),
              ilike(agents.phone, text),
              ilike(agents.email, text),
            )
          : undefined,
        q.active === undefined ? undefined : eq(agents.active, q.active),
      );
      const { rows, meta } = await listPage(
        q,
        { columns: SORTABLE, fallback: 'id', then: asc(agents.id) },
        ({ orderBy, limit, offset }) =>
          db
            .select({ agent: agents, total: totalCount })
            .from(agents)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        () => db.$count(agents, where),
      );
      return { rows: rows.map((r) => r.agent), meta };
    },
    async insertMany(tx: Tx, rows: ReadonlyArray<Partial<AgentInput> & { name: string; active?: boolean }>) {
      if (rows.length)
        await tx
          .insert(agents)
          .values(rows.map((r) => ({ ...agentValues(r), name: r.name, active: r.active ?? true })));
    },
    async create(input: AgentInput) {
      const [row] = await db
        .insert(agents)
        .values({ ...agentValues(input), name: input.name, active: input.active ?? true })
        .returning();
      return row;
    },
    /** Only the fields given change; the line keeps the agent as it was (`record`, in the same transaction). */
    async update(id: number, input: Partial<AgentInput>, record: RecordWrite) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(agents).where(live(id)).for('update');
        if (!before) throw notFound();
        const [row] = await tx
          .update(agents)
          .set({ ...agentValues(input), updatedAt: new Date() })
          .where(live(id))
          .returning();
        await record(tx, { recordId: id, buildingId: null, before });
        return row;
      });
    },
    async remove(id: number) {
      await find(id);
      await db
        .update(agents)
        .set({ deletedAt: sql`now()`, updatedAt: new Date() })
        .where(live(id));
    },
    exists: async (id: number) => (await db.$count(agents, live(id))) > 0,
  };
}
