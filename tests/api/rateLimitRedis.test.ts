import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { startTestApp, type TestApp } from './harness';

/**
 * The sign-in limits per address and per account hold across two API processes sharing one Redis
 * (REDIS_URL): calls alternating between two app instances are counted together. Each run keys its counters under
 * its own REDIS_PREFIX, so parallel runs do not collide. Without Redis (a fresh machine) the suite is skipped; in CI
 * (CI set) a missing Redis fails it.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const reachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(1000);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
  socket.once('error', () => resolve(false));
});
if (!reachable && !process.env.CI)
  console.warn(
    `rate limits across processes: skipped, no Redis at ${REDIS_URL} (set TEST_REDIS_URL or start redis-server)`,
  );

const prefix = `test-${randomUUID()}:`;
const apps: TestApp[] = [];
// each test's apps close after it, so the next test's first app takes the worker's embedded database again instead of
// opening one of its own (2-6 s on PGlite)
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  if (!reachable) return;
  // this run's counters only
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

/** Two app instances (as two processes would be): their own database, their own Redis connection. */
async function twoProcesses(env: Record<string, string>) {
  const pair = [await startTestApp(env), await startTestApp(env)];
  apps.push(...pair);
  return pair;
}

const preAuth = (app: TestApp, email: string, locale = 'en', remoteAddress?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/pre-auth',
    payload: { email, password: 'wrong-pass' },
    headers: { 'content-language': locale },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

it.runIf(!reachable && process.env.CI)('finds Redis in CI', () => {
  expect.fail(`no Redis at ${REDIS_URL}: CI runs the rate limits across processes (start redis-server)`);
});

describe.runIf(reachable)('sign-in rate limits across two processes with REDIS_URL', () => {
  it('refuses the call past the per-address limit, whichever process takes it, with a translated message', async () => {
    const [a, b] = await twoProcesses({
      REDIS_URL,
      REDIS_PREFIX: `${prefix}address:`,
      AUTH_RATE_LIMIT_PER_ADDRESS: '6',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await preAuth(i % 2 ? b : a, `nobody-${i}@demo.ge`)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422]);
    for (const [app, locale, message] of [
      [a, 'en', 'Too many attempts. Please wait and try again.'],
      [b, 'ka', undefined],
    ] as const) {
      const res = await preAuth(app, 'nobody-7@demo.ge', locale);
      expect(res.statusCode).toBe(429);
      const text = res.json().message as string;
      if (message) expect(text).toBe(message);
      else expect(text).toMatch(/[\u10D0-\u10FF]/);
    }
    // the counters are in Redis, under this run's prefix
    const redis = new Redis(REDIS_URL);
    expect((await redis.keys(`${prefix}address:*`)).length).toBeGreaterThan(0);
    await redis.quit();
  });

  it('refuses a call past the per-account limit, whichever process takes it; another account signs in', async () => {
    const [a, b] = await twoProcesses({
      REDIS_URL,
      REDIS_PREFIX: `${prefix}account:`,
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await preAuth(i % 2 ? b : a, 'admin@demo.ge')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    const refused = await preAuth(b, 'Admin@demo.ge ');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait and try again.');
    expect((await b.signIn('accountant@demo.ge')).length).toBeGreaterThan(10);
  });

  it('is counted per process without REDIS_URL (what the shared store prevents)', async () => {
    const [a, b] = await twoProcesses({ AUTH_RATE_LIMIT_PER_ADDRESS: '6', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await preAuth(i % 2 ? b : a, `nobody-${i}@demo.ge`)).statusCode);
    expect(statuses).toEqual(Array(8).fill(422));
  });
});

describe('a Redis that does not answer', () => {
  it('does not lock anyone out: sign-in is answered as without limits', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const app = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `${prefix}down:` });
    apps.push(app);
    const res = await preAuth(app, 'nobody@demo.ge');
    expect(res.statusCode, res.body).toBe(422);
  });
});

const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

/** A port nothing listens on. */
async function sparePort() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A redis-server of the test's own on `port`, once it takes connections. */
async function redisServerOn(port: number): Promise<ChildProcess> {
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  await vi.waitFor(
    async () => {
      const client = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => {});
      try {
        await client.connect();
        expect(await client.ping()).toBe('PONG');
      } finally {
        client.disconnect();
      }
    },
    { timeout: 10_000, interval: 100 },
  );
  return server;
}

const stopRedis = async (server: ChildProcess) => {
  if (server.exitCode !== null || server.signalCode) return;
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
};

async function keysOn(port: number, pattern: string) {
  const client = new Redis({ port });
  try {
    return await client.keys(pattern);
  } finally {
    client.disconnect();
  }
}

it.runIf(!redisServerInstalled && process.env.CI)('finds redis-server in CI', () => {
  expect.fail('no redis-server: CI runs the sign-in limits with a Redis stopped mid-run');
});

describe.runIf(redisServerInstalled)('a Redis stopped mid-run', () => {
  it('limits on the process’s counters at once, says so once, counts in Redis when back, closes at once', async () => {
    const port = await sparePort();
    let redis = await redisServerOn(port);
    const ownPrefix = `${prefix}stopped:`;
    const app = await startTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_PREFIX: ownPrefix,
      AUTH_RATE_LIMIT_PER_ADDRESS: '6',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '3',
    });
    try {
      expect((await preAuth(app, 'nobody-0@demo.ge', 'en', '10.0.0.1')).statusCode).toBe(422);
      expect((await keysOn(port, `${ownPrefix}*`)).length).toBeGreaterThan(0);
      await stopRedis(redis);

      /** The statuses of calls, each of which must be answered within a second. */
      const answers = async (calls: Array<[email: string, address: string]>) => {
        const statuses: number[] = [];
        for (const [email, address] of calls) {
          const started = performance.now();
          const res = await preAuth(app, email, 'en', address);
          expect(performance.now() - started, `${email} from ${address}`).toBeLessThan(1000);
          statuses.push(res.statusCode);
        }
        return statuses;
      };
      // one account from five addresses: its limit of 3 still holds
      const account = await answers([1, 2, 3, 4, 5].map((i) => ['admin@demo.ge', `10.0.1.${i}`]));
      expect(account).toEqual([422, 422, 422, 429, 429]);
      // one address for ten accounts: its limit of 6 still holds
      const address = await answers([...Array(10).keys()].map((i) => [`nobody-${i}@demo.ge`, '10.0.2.1']));
      expect(address).toEqual([...Array(6).fill(422), ...Array(4).fill(429)]);
      const said = (pattern: RegExp) => app.logs.filter((line) => pattern.test(String(line.msg)));
      expect(said(/sign-in limits.*Redis does not answer/)).toHaveLength(1);

      // Redis back on its port: the counters are in it again
      redis = await redisServerOn(port);
      await vi.waitFor(
        async () => {
          await preAuth(app, 'nobody-back@demo.ge', 'en', '10.0.3.1');
          expect((await keysOn(port, `${ownPrefix}*`)).length).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 200 },
      );
      expect(said(/sign-in limits.*Redis answers again/)).toHaveLength(1);

      // down again, with a call on its way: the app closes at once
      await stopRedis(redis);
      const inFlight = preAuth(app, 'nobody-late@demo.ge', 'en', '10.0.4.1');
      const closing = performance.now();
      await app.app.close();
      expect(performance.now() - closing).toBeLessThan(2000);
      expect([422, 429]).toContain((await inFlight).statusCode);
    } finally {
      await stopRedis(redis);
      await app.close();
    }
  }, 60_000);
});
