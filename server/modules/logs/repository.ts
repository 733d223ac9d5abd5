import { businessDayEnd, businessDayStart } from '../../../domain/businessDay';
import { and, asc, desc, eq, gte, isNull, lt, or } from 'drizzle-orm';
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
            .select({ log: activityLogs, userName: users.fullName })
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
