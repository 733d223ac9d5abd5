import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { answerKey } from './idempotency';
import { complexOfLine } from './logComplex';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SECRET = /password|token|code|secret/i;
const ACTIONS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

const parse = (payload: unknown): Record<string, unknown> | undefined => {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/** The fields a write sent, secrets masked and files named, for the log's "what changed". */
const changesOf = (request: FastifyRequest): Record<string, unknown> => {
  const body =
    request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)
      ? (request.body as Record<string, unknown>)
      : {};
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) changes[key] = SECRET.test(key) ? '***' : value;
  for (const [key, files] of Object.entries(request.uploads ?? {})) changes[key] = files.map((f) => f.filename);
  return changes;
};

const camel = (field: string) => field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const same = (a: unknown, b: unknown) =>
  String(a ?? '') === String(b ?? '') ||
  (a !== null && b !== null && a !== '' && b !== '' && !Number.isNaN(Number(a)) && Number(a) === Number(b));

/** What the fields a write sent held before it, where they differ (secrets never). */
const oldValuesOf = (before: Record<string, unknown>, changes: Record<string, unknown>) => {
  const old: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    const column = camel(field);
    if (SECRET.test(field) || !(column in before)) continue;
    if (!same(plain(before[column]), value)) old[field] = plain(before[column]);
  }
  return Object.keys(old).length ? old : null;
};

const isLoggedWrite = (request: FastifyRequest) =>
  WRITES.has(request.method) &&
  !!request.routeOptions.url?.startsWith('/api') &&
  !request.routeOptions.config?.readOnly;

/** The record id of a write: its path id, the signed-in user for routes on their own record, or the answer's id. */
function recordIdOf(request: FastifyRequest, answer?: unknown): string | null {
  const params = (request.params ?? {}) as Record<string, string>;
  const data = (answer as { data?: { id?: unknown }; id?: unknown } | undefined) ?? undefined;
  const answerId = typeof answer === 'number' ? answer : (data?.data?.id ?? data?.id);
  const answerUser = (answer as { user?: { id?: number } } | undefined)?.user?.id;
  const ownRecord = request.routeOptions.config?.ownRecord ? request.user?.id : undefined;
  const id =
    params.id ?? Object.entries(params).find(([k]) => /id$/i.test(k))?.[1] ?? ownRecord ?? answerId ?? answerUser;
  return id === undefined || id === null ? null : String(id);
}

/** A route whose write records itself (`recordWrite`) inside its transaction: the plugin writes no line for it. */
const recordsItself = (request: FastifyRequest) => !!request.routeOptions.config?.recordsItself;

const methodOf = (request: FastifyRequest) => request.routeOptions.config?.overrideOf ?? request.method;
const recordTypeOf = (request: FastifyRequest) =>
  request.routeOptions.config?.recordType ?? request.routeOptions.url!.split('/')[2] ?? 'api';

/** The values of a log line. */
function entryOf(
  request: FastifyRequest,
  statusCode: number,
  recordId: string | null,
  userId: number | null,
  buildingId: number | null,
  before: Record<string, unknown> | null = null,
) {
  const method = methodOf(request);
  const route = request.routeOptions.url!;
  const changes = changesOf(request);
  // a create-or-update POST (tasks) that found its record is an update
  const action = request.routeOptions.config?.logAction ?? (method === 'POST' && before ? 'update' : ACTIONS[method]);
  const oldValues = before ? oldValuesOf(before, changes) : null;
  return {
    userId,
    action,
    method,
    route,
    recordType: recordTypeOf(request),
    recordId,
    changes: JSON.stringify(changes),
    oldValues: oldValues === null ? null : JSON.stringify(oldValues),
    statusCode,
    ip: request.ip,
    buildingId,
  };
}

/** Writes a log line. */
const logLine = (db: Db | Tx, e: ReturnType<typeof entryOf>) =>
  db.execute(sql`insert into activity_logs (user_id, action, method, route, record_type, record_id, changes,
      old_values, status_code, ip, building_id)
    values (${e.userId}, ${e.action}, ${e.method}, ${e.route}, ${e.recordType}, ${e.recordId}, ${e.changes}::jsonb,
      ${e.oldValues}::jsonb, ${e.statusCode}, ${e.ip}, ${e.buildingId}::int)`);

/** What a write tells `RecordWrite` once it knows its answer: the record it wrote and that record's complex. */
export interface WriteDone {
  /** The record the line is about; null for a write about many (an import), named by its answer instead. */
  recordId: number | string | null;
  buildingId: number | null;
  /** The record as it was before an update, read under the write's lock: the line keeps the sent fields' old values. */
  before?: Record<string, unknown>;
  /**
   * What the route answers, when the write builds it: the Idempotency-Key replays it. Without it, the key's answer is
   * recorded once the route answered.
   */
  answer?: unknown;
}

/** Records a write inside its own transaction, as its last step: the activity-log line and the key's answer. */
export type RecordWrite = (tx: Tx, done: WriteDone) => Promise<void>;

/**
 * The recording of a write that answers `statusCode`, for a route whose write records itself (`recordsItself`): the
 * route hands it to the write, which calls it last inside its transaction, so the change, its log line and the answer
 * a repeat of its Idempotency-Key replays commit together.
 */
export const recordWrite =
  (request: FastifyRequest, statusCode: number): RecordWrite =>
  async (tx, done) => {
    const recordId = done.recordId === null ? null : String(done.recordId);
    await logLine(tx, entryOf(request, statusCode, recordId, request.user!.id, done.buildingId, done.before));
    if (done.answer !== undefined) await answerKey(tx, request, statusCode, done.answer);
  };

/**
 * Every successful write is recorded with who, what, which record, the fields sent (old → new) and when. A write that
 * opens a transaction records itself (`recordsItself` and `recordWrite`), so the change and its line stand or fall
 * together. A write of one statement is recorded here once it answered: the record named by its path or its answer,
 * and for a delete the record's complex as read just before the handler.
 */
export const activityLogPlugin = fp(async (app) => {
  app.decorateRequest('logComplex', null);

  app.addHook('preHandler', async (request) => {
    if (!isLoggedWrite(request) || recordsItself(request) || methodOf(request) !== 'DELETE') return;
    request.logComplex = {
      buildingId: await complexOfLine(app.db, request, recordTypeOf(request), recordIdOf(request)),
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isLoggedWrite(request) || recordsItself(request) || reply.statusCode >= 400) return payload;
    // An Idempotency-Key replay repeats the first answer; the write it reports is already in the log.
    if (reply.getHeader('idempotent-replayed')) return payload;
    const answer = parse(payload);
    const recordId = recordIdOf(request, answer);
    const userId = request.user?.id ?? (answer?.user as { id?: number } | undefined)?.id ?? null;
    const complex = request.logComplex
      ? request.logComplex.buildingId
      : await complexOfLine(app.db, request, recordTypeOf(request), recordId);
    await logLine(app.db, entryOf(request, reply.statusCode, recordId, userId, complex));
    return payload;
  });
});
