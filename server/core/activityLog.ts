import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { eq, getTableColumns } from 'drizzle-orm';
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

const MAX_ID = 2147483647;
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

/** DESIGN §4: every successful write is recorded with who, what, which record, the fields and when. */
export const activityLogPlugin = fp(async (app) => {
  app.decorateRequest('logBefore', null);

  // An update (PUT, PATCH, or a create-or-update POST naming its id) of a record kind with a table: the row as it is
  // just before the handler runs, so the log can show every changed field as old → new. This read is not inside the
  // handler's transaction (README, Decisions).
  app.addHook('preHandler', async (request) => {
    if (!WRITES.has(request.method) || !request.routeOptions.url?.startsWith('/api')) return;
    const method = request.routeOptions.config?.overrideOf ?? request.method;
    const body = bodyOf(request);
    const params = (request.params ?? {}) as Record<string, string>;
    if (method === 'DELETE' || (method === 'POST' && body.id == null)) return;
    const table = TABLES[request.routeOptions.config?.recordType ?? request.routeOptions.url.split('/')[2] ?? ''];
    const idColumn = table ? (getTableColumns(table) as Record<string, PgColumn>).id : undefined;
    const raw = params.id ?? Object.entries(params).find(([k]) => /id$/i.test(k))?.[1] ?? body.id;
    const id = Number(raw);
    if (!table || !idColumn || !Number.isInteger(id) || id <= 0 || id > MAX_ID) return;
    const [row] = await app.db.select().from(table).where(eq(idColumn, id));
    if (row) request.logBefore = row as Record<string, unknown>;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const method = request.routeOptions.config?.overrideOf ?? request.method;
    if (!WRITES.has(request.method) || reply.statusCode >= 400 || !request.routeOptions.url?.startsWith('/api'))
      return payload;
    // An Idempotency-Key replay repeats the first answer; the write it reports is already in the log.
    if (reply.getHeader('idempotent-replayed')) return payload;
    if (request.routeOptions.config?.readOnly) return payload;
    const route = request.routeOptions.url;
    const answer = parse(payload);
    const params = (request.params ?? {}) as Record<string, string>;
    const answerData = answer?.data as { id?: unknown } | undefined;
    const answerUser = answer?.user as { id?: number } | undefined;
    const ownRecord = request.routeOptions.config?.ownRecord ? request.user?.id : undefined;
    const recordId =
      params.id ??
      Object.entries(params).find(([k]) => /id$/i.test(k))?.[1] ??
      ownRecord ??
      answerData?.id ??
      answerUser?.id;
    const userId = request.user?.id ?? answerUser?.id ?? null;
    const changes = changesOf(request);
    // POST tasks with an id (SPEC §4's one call) changes a record: an update
    const action = method === 'POST' && request.logBefore ? 'update' : ACTIONS[method];
    await app.db.insert(activityLogs).values({
      userId,
      action: request.routeOptions.config?.recordType === 'auth' ? route.replace('/api/', '') : action,
      method,
      route,
      recordType: request.routeOptions.config?.recordType ?? route.split('/')[2] ?? 'api',
      recordId: recordId === undefined || recordId === null ? null : String(recordId),
      changes,
      oldValues: request.logBefore ? oldValuesOf(request.logBefore, changes) : null,
      statusCode: reply.statusCode,
      ip: request.ip,
    });
    return payload;
  });
});
