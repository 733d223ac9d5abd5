import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  activityLogs,
  agents,
  barters,
  bookings,
  buildings,
  customers,
  properties,
  sales,
  tasks,
  tickets,
  users,
} from '../db/schema';
import { rows, type Db, type Tx } from '../db/client';
import { MAX_ID } from '../../domain/validation';
import { answerKey, idempotencyAnswer, keyAnswer, type KeyAnswer } from './idempotency';
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

/** The tables an update's old values are read from, by the log's record type. */
const TABLES: Record<string, PgTable> = {
  sales,
  customers,
  agents,
  barter: barters,
  bookings,
  buildings,
  properties,
  users,
  tasks,
  tickets,
};

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)
    ? (request.body as Record<string, unknown>)
    : {};
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

/** What a transaction returned as the JSON its handler would answer, when it is an object that serialises. */
const answerBody = (result: unknown): string | undefined => {
  if (result === null || typeof result !== 'object') return undefined;
  try {
    return JSON.stringify(result);
  } catch {
    return undefined;
  }
};

/** The request (and its reply) a handler runs for, so a transaction it opens can write the log entry with the write. */
const handling = new AsyncLocalStorage<{ request: FastifyRequest; reply: FastifyReply }>();

/** Runs `work` as no request's: background jobs a request kicks write their own entries, never the request's. */
export const outsideRequest = <T>(work: () => T): T => handling.exit(work);

const isLoggedWrite = (request: FastifyRequest) =>
  WRITES.has(request.method) &&
  !!request.routeOptions.url?.startsWith('/api') &&
  !request.routeOptions.config?.readOnly;

/** The table and id of the record an update (PUT, PATCH, or a create-or-update POST naming its id) changes. */
function updatedRecord(request: FastifyRequest) {
  const method = request.routeOptions.config?.overrideOf ?? request.method;
  const body = bodyOf(request);
  const params = (request.params ?? {}) as Record<string, string>;
  if (method === 'DELETE' || (method === 'POST' && body.id == null)) return null;
  const table = TABLES[request.routeOptions.config?.recordType ?? request.routeOptions.url!.split('/')[2] ?? ''];
  const idColumn = table ? (getTableColumns(table) as Record<string, PgColumn>).id : undefined;
  const raw = params.id ?? Object.entries(params).find(([k]) => /id$/i.test(k))?.[1] ?? body.id;
  const id = Number(raw);
  if (!table || !idColumn || !Number.isInteger(id) || id <= 0 || id > MAX_ID) return null;
  return { table, idColumn, id };
}

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

/** A route whose write records itself (`recordWrite`): the plugin neither reads before it nor wraps its transaction. */
const recordsItself = (request: FastifyRequest) => !!request.routeOptions.config?.recordsItself;

const methodOf = (request: FastifyRequest) => request.routeOptions.config?.overrideOf ?? request.method;
const recordTypeOf = (request: FastifyRequest) =>
  request.routeOptions.config?.recordType ?? request.routeOptions.url!.split('/')[2] ?? 'api';

/** The complex of the record a write's line is about: as read before a delete, else read now. */
const complexOf = async (db: Db | Tx, request: FastifyRequest, recordId: string | null) =>
  request.logComplex ? request.logComplex.buildingId : complexOfLine(db, request, recordTypeOf(request), recordId);

/** The values of a log line (`logInsert`). */
function entryOf(
  request: FastifyRequest,
  statusCode: number,
  recordId: string | null,
  userId: number | null,
  buildingId: number | null,
  before = request.logBefore,
) {
  const method = methodOf(request);
  const route = request.routeOptions.url!;
  const changes = changesOf(request);
  // POST tasks with an id (SPEC §4's one call) changes a record: an update
  const action = request.routeOptions.config?.logAction ?? (method === 'POST' && before ? 'update' : ACTIONS[method]);
  const oldValues = before ? oldValuesOf(before, changes) : null;
  return {
    userId,
    action: request.routeOptions.config?.recordType === 'auth' ? route.replace('/api/', '') : action,
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

type LogEntry = ReturnType<typeof entryOf>;

/** The insert of a log line, answering its id. */
export const logInsert = (e: LogEntry) =>
  sql`insert into activity_logs (user_id, action, method, route, record_type, record_id, changes,
      old_values, status_code, ip, building_id)
    values (${e.userId}, ${e.action}, ${e.method}, ${e.route}, ${e.recordType}, ${e.recordId}, ${e.changes}::jsonb,
      ${e.oldValues}::jsonb, ${e.statusCode}, ${e.ip}, ${e.buildingId}::int)
    returning id`;

/** Writes a log line, with the Idempotency-Key's answer in the same statement when there is one; answers its id. */
async function logLine(db: Db | Tx, entry: LogEntry, answer: KeyAnswer | null = null) {
  const answered = answer ? sql`with answered as (${idempotencyAnswer(answer)}) ` : sql``;
  const [line] = await rows<{ id: number | string }>(db, sql`${answered}${logInsert(entry)}`);
  return Number(line.id);
}

/** What a write tells `RecordWrite` once it knows its answer: the record it wrote and that record's complex. */
export interface WriteDone {
  recordId: number | string;
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

/** Writes the activity-log line of a write that answers `statusCode`, in the write's transaction. */
export async function logWrite(tx: Tx, request: FastifyRequest, statusCode: number, done: WriteDone) {
  const recordId = String(done.recordId);
  const entry = entryOf(request, statusCode, recordId, request.user!.id, done.buildingId, done.before ?? null);
  const id = await logLine(tx, entry);
  request.logged = { id, recordId, statusCode };
}

/**
 * The recording of a write that answers `statusCode`, for a route whose write records itself (`recordsItself`): the
 * route hands it to the write, which calls it last inside its transaction, so the change, its log line and the answer
 * a repeat of its Idempotency-Key replays commit together.
 */
export const recordWrite =
  (request: FastifyRequest, statusCode: number): RecordWrite =>
  async (tx, done) => {
    await logWrite(tx, request, statusCode, done);
    if (done.answer !== undefined) await answerKey(tx, request, statusCode, done.answer);
  };

/**
 * DESIGN §4: every successful write is recorded with who, what, which record, the fields (old → new) and when.
 * A signed-in write that opens a transaction is logged inside it: the first transaction of the handler reads the
 * updated record under lock first (its old values) and writes the entry just before it commits, so the write and its
 * entry stand or fall together. Writes without a transaction (one statement) are logged once they answered.
 */
export const activityLogPlugin = fp(async (app) => {
  app.decorateRequest('logBefore', null);
  app.decorateRequest('logged', null);
  app.decorateRequest('logComplex', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const handler = route.handler;
    route.handler = function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
      return handling.run({ request, reply }, () => handler.call(this as never, request, reply));
    } as typeof route.handler;
  });

  const db = app.db as Db & { transaction: Db['transaction'] };
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    const current = handling.getStore();
    const request = current?.request;
    if (!request || !request.user || request.logged || !isLoggedWrite(request) || recordsItself(request))
      return transaction(work, config);
    // the Idempotency-Key answer recorded with the write, known once the transaction committed
    let answered: { statusCode: number; body: string } | undefined;
    return transaction(async (tx) => {
      if (request.logged) return work(tx);
      const record = updatedRecord(request);
      if (record) {
        const [row] = await tx.select().from(record.table).where(eq(record.idColumn, record.id)).for('update');
        if (row) request.logBefore = row as Record<string, unknown>;
      }
      const result = await work(tx);
      const statusCode = current.reply.statusCode;
      const recordId = recordIdOf(request, result);
      const entry = entryOf(request, statusCode, recordId, request.user!.id, await complexOf(tx, request, recordId));
      // a handler that answers what its transaction returned has its Idempotency-Key answer recorded with the write,
      // in the log line's statement (core/idempotency.ts)
      const body = request.idempotencyClaim ? answerBody(result) : undefined;
      const answer = body === undefined ? null : keyAnswer(request, statusCode, body);
      request.logged = { id: await logLine(tx, entry, answer), recordId, statusCode };
      if (answer) answered = { statusCode, body: body! };
      return result;
    }, config).then((result) => {
      if (answered && request.idempotencyClaim) request.idempotencyClaim.committed = answered;
      return result;
    });
  }) as Db['transaction'];

  // Writes that open no transaction: the record as it was just before the handler (README, Decisions); and for a
  // delete, the complex of what it deletes while it is still there.
  app.addHook('preHandler', async (request) => {
    if (!isLoggedWrite(request) || recordsItself(request)) return;
    if (methodOf(request) === 'DELETE')
      request.logComplex = {
        buildingId: await complexOfLine(app.db, request, recordTypeOf(request), recordIdOf(request)),
      };
    const record = updatedRecord(request);
    if (!record) return;
    const [row] = await app.db.select().from(record.table).where(eq(record.idColumn, record.id));
    if (row) request.logBefore = row as Record<string, unknown>;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isLoggedWrite(request) || reply.statusCode >= 400) return payload;
    // An Idempotency-Key replay repeats the first answer; the write it reports is already in the log.
    if (reply.getHeader('idempotent-replayed')) return payload;
    const answer = parse(payload);
    const recordId = recordIdOf(request, answer);
    if (request.logged) {
      // written with the write; the answer may name what the transaction could not know yet
      const { id, statusCode } = request.logged;
      if (recordId !== request.logged.recordId || statusCode !== reply.statusCode) {
        const complex = recordId !== request.logged.recordId ? await complexOf(app.db, request, recordId) : null;
        await app.db.execute(
          sql`update ${activityLogs} set record_id = ${recordId}, status_code = ${reply.statusCode},
            building_id = coalesce(building_id, ${complex}::int) where id = ${id}`,
        );
      }
      return payload;
    }
    const userId = request.user?.id ?? (answer?.user as { id?: number } | undefined)?.id ?? null;
    const complex = await complexOf(app.db, request, recordId);
    await logLine(app.db, entryOf(request, reply.statusCode, recordId, userId, complex));
    return payload;
  });
});
