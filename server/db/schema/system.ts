/** The activity log, idempotency keys and server-wide settings. */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Every write: who, what, which record, the fields sent, when. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    /** For an update: what the changed fields held before the write (read just before the handler ran). */
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    statusCode: smallint('status_code').notNull(),
    ip: text('ip'),
    /** The complex of the record the line is about (only those who see it read the line); null: none. */
    buildingId: integer('building_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_logs_record_idx').on(t.recordType, t.recordId),
    index('activity_logs_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Answers already given to writes that carried an Idempotency-Key. statusCode null: still being processed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** sha256 of the request's body: the same key with another body is refused (422). */
    requestHash: text('request_hash'),
    statusCode: smallint('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Server-wide values that must survive restarts and be shared by every process (the signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
