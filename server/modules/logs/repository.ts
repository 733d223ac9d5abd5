import { businessDayEnd, businessDayStart } from '../../../domain/businessDay';
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Db } from '../../db/client';
import { activityLogs, users } from '../../db/schema';
import { countOrEstimate, filteredBy, listPage, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';

export interface LogFilters {
  user_id?: number;
  record_type?: string | null;
  record_id?: string | null;
  action?: string | null;
  date_from?: string | null;
  date_to?: string | null;
}

const SORTS = { id: activityLogs.id, created_at: activityLogs.createdAt, record_type: activityLogs.recordType };

/** A line's record id as a number, where it is one (a sign-in's or an import's may not be). */
const numericId = sql`case when ${activityLogs.recordId} ~ '^[0-9]{1,15}$' then ${activityLogs.recordId}::bigint end`;

/**
 * What a line's record goes by on its own screens, for the types that have one name: a sale's contract number, a
 * unit's number, a complex's, an agent's or an employee's name, a task's title, a ticket's subject. Null for other
 * types and for records deleted since (a customer is named in the reader's language from `customerNames`).
 */
const recordName = sql<string | null>`case ${activityLogs.recordType}
    when 'sales' then (select s.contract_no from sales s where s.id = ${numericId})
    when 'properties' then (select p.no from properties p where p.id = ${numericId})
    when 'buildings' then (select b.name from buildings b where b.id = ${numericId})
    when 'agents' then (select a.name from agents a where a.id = ${numericId})
    when 'users' then (select u.full_name from users u where u.id = ${numericId})
    when 'tasks' then (select t.title from tasks t where t.id = ${numericId})
    when 'tickets' then (select t.subject from tickets t where t.id = ${numericId})
  end`;

/** A customer line's customer, with the names customerName chooses from. */
const customerNames = sql<{ nameKa: string; nameEn: string | null; nameRu: string | null } | null>`case
  when ${activityLogs.recordType} = 'customers' then (select json_build_object('nameKa', c.name_ka,
    'nameEn', c.name_en, 'nameRu', c.name_ru) from customers c where c.id = ${numericId}) end`;

/** Lines about no complex's record, or about one of the reader's complexes. */
const inScope = (reader: Principal) => {
  const scope = inBuildingScope(reader, activityLogs.buildingId);
  return scope && or(isNull(activityLogs.buildingId), scope);
};

/** The activity log's reads; nothing here changes an entry (the log is written only by core/activityLog.ts). */
export function createLogsRepository(db: Db) {
  return {
    async list(reader: Principal, q: ListQuery & LogFilters) {
      const where = and(
        inScope(reader),
        q.user_id ? eq(activityLogs.userId, q.user_id) : undefined,
        q.record_type ? eq(activityLogs.recordType, q.record_type) : undefined,
        q.record_id ? eq(activityLogs.recordId, q.record_id) : undefined,
        q.action ? eq(activityLogs.action, q.action) : undefined,
        q.date_from ? gte(activityLogs.createdAt, businessDayStart(q.date_from)) : undefined,
        q.date_to ? lt(activityLogs.createdAt, businessDayEnd(q.date_to)) : undefined,
      );
      return listPage(
        q,
        { columns: SORTS, fallback: 'id', then: desc(activityLogs.id) },
        ({ orderBy, limit, offset }) =>
          db
            .select({ log: activityLogs, userName: users.fullName, recordName, customerNames })
            .from(activityLogs)
            .leftJoin(users, eq(users.id, activityLogs.userId))
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        () => countOrEstimate(db, db.select({ id: activityLogs.id }).from(activityLogs).where(where), filteredBy(q)),
      );
    },

    /** The record types the log holds (all of them, or one user's). */
    async recordTypes(userId?: number) {
      const rows = await db
        .selectDistinct({ type: activityLogs.recordType })
        .from(activityLogs)
        .where(userId ? eq(activityLogs.userId, userId) : undefined)
        .orderBy(asc(activityLogs.recordType));
      return rows.map((r) => r.type);
    },
  };
}
