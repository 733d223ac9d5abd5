import { isDeepStrictEqual } from 'node:util';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { sha256 } from './crypto';
import { AppError } from './errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A claim still unanswered after this long belongs to a request that died (a crash, a killed process). */
const ABANDONED_AFTER_SECONDS = 60;

/** What makes two requests the same: the body's fields and the uploaded files' names and sizes. */
const fingerprint = (request: FastifyRequest) => {
  const uploads = Object.entries(request.uploads ?? {}).map(([field, files]) => [
    field,
    files.map((f) => [f.filename, f.buffer.length]),
  ]);
  return sha256(JSON.stringify([request.body ?? null, uploads]));
};

/**
 * Records, in the write's own transaction, the answer a repeat of the Idempotency-Key `request` claimed will replay
 * (nothing when it claimed none).
 */
export async function answerKey(tx: Tx, request: FastifyRequest, statusCode: number, answer: unknown) {
  const claim = request.idempotencyClaim;
  if (!claim || !request.user) return;
  const body = JSON.stringify(answer);
  await tx.execute(sql`update idempotency_keys set status_code = ${statusCode}, response = ${body}
    where user_id = ${request.user.id} and key = ${claim.key}`);
  // the route's answer is compared with it once sent; a failure after the commit keeps it
  claim.committed = { statusCode, body };
}

/** Whether two JSON answers say the same, whatever the order of their fields (the answer's schema orders them). */
const sameAnswer = (recorded: string, sent: string | null) => {
  if (sent === null) return false;
  try {
    return isDeepStrictEqual(JSON.parse(recorded), JSON.parse(sent));
  } catch {
    return false;
  }
};

/**
 * A write repeated with the same Idempotency-Key answers the first result and writes nothing new.
 * The key is claimed before the handler runs, so a concurrent repeat gets 409 instead of a second write.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !key || !request.user || !WRITES.has(request.method)) return;
    if (key.length > 200)
      throw new AppError(422, 'server.invalid_input', {}, { 'Idempotency-Key': ['validation.too_long'] });
    const userId = request.user.id;
    const route = `${request.method} ${request.url}`;
    const requestHash = fingerprint(request);
    const claimed = await app.db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyClaim = { key };
      return;
    }
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const [earlier] = await app.db.select().from(idempotencyKeys).where(where);
    if (!earlier) throw new AppError(409, 'server.idempotency_conflict');
    // Stripe's rule: a key names one request; the same key on another route or with another body is a client error.
    if (earlier.route !== route || (earlier.requestHash !== null && earlier.requestHash !== requestHash)) {
      throw new AppError(
        422,
        'server.idempotency_key_reused',
        {},
        { 'Idempotency-Key': ['server.idempotency_key_reused'] },
      );
    }
    if (earlier.statusCode === null) {
      const takenOver = await app.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(), requestHash })
        .where(
          and(
            where,
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`),
          ),
        )
        .returning();
      if (!takenOver.length) throw new AppError(409, 'server.idempotency_conflict');
      request.idempotencyClaim = { key };
      return;
    }
    reply.header('idempotent-replayed', 'true').header('content-type', 'application/json; charset=utf-8');
    return reply.status(earlier.statusCode).send(earlier.response ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim || !request.user) return payload;
    const where = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, claim.key));
    const body = typeof payload === 'string' ? payload : null;
    const committed = claim.committed;
    // answered with the write: nothing to do when the answer is the one recorded; a failure after the commit keeps it
    if (
      committed &&
      (reply.statusCode >= 500 || (committed.statusCode === reply.statusCode && sameAnswer(committed.body, body)))
    )
      return payload;
    if (reply.statusCode >= 500) {
      await app.db.delete(idempotencyKeys).where(where);
    } else {
      await app.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response: body }).where(where);
    }
    return payload;
  });
});
