import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * DESIGN §4: a write repeated with the same Idempotency-Key answers the first result and writes nothing new.
 * The key is claimed before the handler runs, so a concurrent repeat gets 409 instead of a second write.
 */
export const idempotencyPlugin = fp(async (app) => {
  const claimers = new WeakSet<object>();
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !key || !request.user || !WRITES.has(request.method)) return;
    if (key.length > 200) throw new AppError(422, 'server.invalid_input', {}, { 'Idempotency-Key': ['validation.too_long'] });
    const userId = request.user.id;
    const route = `${request.method} ${request.url}`;
    const claimed = await app.db.insert(idempotencyKeys).values({ userId, key, route }).onConflictDoNothing().returning();
    if (claimed.length) {
      claimers.add(request);
      return;
    }
    const [earlier] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!earlier || earlier.statusCode === null || earlier.route !== route) throw new AppError(409, 'server.idempotency_conflict');
    reply.header('idempotent-replayed', 'true').header('content-type', 'application/json; charset=utf-8');
    return reply.status(earlier.statusCode).send(earlier.response ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !request.user || !claimers.has(request)) return payload;
    const where = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key));
    if (reply.statusCode >= 500) {
      await app.db.delete(idempotencyKeys).where(where);
    } else {
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, response: typeof payload === 'string' ? payload : null })
        .where(where);
    }
    return payload;
  });
});
