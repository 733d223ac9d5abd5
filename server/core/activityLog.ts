import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { activityLogs } from '../db/schema';

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

/** DESIGN §4: every successful write is recorded with who, what, which record, the fields and when. */
export const activityLogPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const method = request.routeOptions.config?.overrideOf ?? request.method;
    if (!WRITES.has(request.method) || reply.statusCode >= 400 || !request.routeOptions.url?.startsWith('/api'))
      return payload;
    // An Idempotency-Key replay repeats the first answer; the write it reports is already in the log.
    if (reply.getHeader('idempotent-replayed')) return payload;
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
    await app.db.insert(activityLogs).values({
      userId,
      action: request.routeOptions.config?.recordType === 'auth' ? route.replace('/api/', '') : ACTIONS[method],
      method,
      route,
      recordType: request.routeOptions.config?.recordType ?? route.split('/')[2] ?? 'api',
      recordId: recordId === undefined || recordId === null ? null : String(recordId),
      changes: changesOf(request),
      statusCode: reply.statusCode,
      ip: request.ip,
    });
    return payload;
  });
});
