import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Count = { current: number; ttl: number };
type Answer = (error: Error | null, result?: Count) => void;

/** How long one count may wait on Redis before this call is counted in the process instead. */
const REDIS_WAIT_MS = 250;
/** Distinct keys the process keeps counts of; the oldest are forgotten past it. */
const LOCAL_KEYS = 20_000;

/** INCR with the window set on the first call of it; answers the count and the window's remaining milliseconds. */
const COUNT_SCRIPT = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if current == 1 or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}`;

/** Counts in this process's memory, per key and window. */
function localCounter() {
  const counts = new Map<string, { current: number; endsAt: number }>();
  return (key: string, windowMs: number): Count => {
    const now = Date.now();
    let entry = counts.get(key);
    if (!entry || entry.endsAt <= now) entry = { current: 0, endsAt: now + windowMs };
    entry.current++;
    // kept in the order last counted, so the first key is the one counted longest ago
    counts.delete(key);
    counts.set(key, entry);
    if (counts.size > LOCAL_KEYS) counts.delete(counts.keys().next().value!);
    return { current: entry.current, ttl: entry.endsAt - now };
  };
}

export interface RateLimitStore {
  /** The store class @fastify/rate-limit makes its counters from. */
  Store: new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
  close(): Promise<void>;
}

/**
 * The rate limits' counters: in Redis, shared by every process, while Redis answers; in this process's memory the
 * moment it does not (a closed connection, or no answer within 250 ms), so a limit always holds and no call waits on
 * a Redis that is down. The switch is logged once each way; ioredis keeps reconnecting and the counts go back to
 * Redis when it answers again. Without REDIS_URL the counts are the process's own.
 */
export async function createRateLimitStore(options: {
  redisUrl?: string;
  prefix: string;
  log: FastifyBaseLogger;
}): Promise<RateLimitStore> {
  const countHere = localCounter();
  let redis: (Redis & { countForLimit(key: string, windowMs: number): Promise<[number, number]> }) | undefined;
  let shared = true;
  const fellBack = (error: unknown) => {
    if (!shared) return;
    shared = false;
    options.log.warn(
      { err: error },
      'sign-in limits: Redis does not answer; counted in each process alone until it does',
    );
  };
  if (options.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(options.redisUrl, {
      // a command while disconnected fails at once instead of waiting in a queue for the connection
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    }) as typeof redis;
    redis!.defineCommand('countForLimit', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    redis!.on('error', fellBack);
    redis!.on('close', () => fellBack(new Error('connection closed')));
    redis!.on('ready', () => {
      if (shared) return;
      shared = true;
      options.log.info('sign-in limits: Redis answers again; shared by every process again');
    });
    // the first calls are counted where the others will be: start once Redis has answered or failed to
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1500);
      const settle = () => (clearTimeout(timer), resolve());
      redis!.once('ready', settle);
      redis!.once('error', settle);
    });
  }

  const countShared = async (key: string, windowMs: number): Promise<Count | undefined> => {
    if (!redis || redis.status !== 'ready') return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_WAIT_MS} ms`)), REDIS_WAIT_MS);
    });
    try {
      const [current, ttl] = await Promise.race([redis.countForLimit(options.prefix + key, windowMs), late]);
      return { current, ttl };
    } catch (error) {
      fellBack(error);
      // a connection that stopped answering is dropped, so that ioredis connects again
      if (redis.status === 'ready') redis.disconnect(true);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };

  class Store implements FastifyRateLimitStore {
    incr(key: string, answer: Answer, timeWindow: number) {
      countShared(key, timeWindow).then(
        (count) => answer(null, count ?? countHere(key, timeWindow)),
        (error: Error) => answer(error),
      );
    }
    child() {
      return this;
    }
  }

  return {
    Store,
    async close() {
      redis?.removeAllListeners('close');
      redis?.disconnect();
    },
  };
}
