/**
 * Prints the speed of every report on PostgreSQL at `--scale N` (100: 15,000 sales, about 300,000
 * installments, 182,000 payments): p50 and p95 of each call, through the whole HTTP path, against the target
 * p95 < 300 ms. Each report (and the home dashboard) is asked for this year in GEL by an administrator (every complex).
 *
 *   npm run bench:reports                                   fresh database bench_reports on postgres@127.0.0.1:5432
 *   BENCH_DATABASE_URL=postgres://… npm run bench:reports   that database (the seed adds to what it holds)
 *   npm run bench:reports -- --scale 10 --requests 20
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sha256 } from '../server/core/crypto';
import { openDatabase } from '../server/db/client';
import { prepareDatabase } from '../server/db/setup';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    requests: { type: 'string', default: '30' },
    currency: { type: 'string', default: 'GEL' },
    /** With BENCH_DATABASE_URL: measure what the database holds, seeding nothing. */
    reuse: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const requests = Number(values.requests);
const TARGET = 300;

const root = path.resolve(import.meta.dirname, '..');
const rows = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function benchDatabase(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('drop database if exists bench_reports with (force)');
  await admin.query('create database bench_reports');
  await admin.end();
  return 'postgres://postgres@127.0.0.1:5432/bench_reports';
}

const url = await benchDatabase();
console.log(`database: ${url.replace(/\/\/[^@]*@/, '//')}`);
if (!(values.reuse && process.env.BENCH_DATABASE_URL)) {
  const seedStarted = performance.now();
  const seeded = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/db/seed/cli.ts', '--scale', String(scale)],
    { cwd: root, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' }, maxBuffer: 16 * 1024 * 1024 },
  );
  process.stdout.write(seeded.stdout.replace(/^/gm, '  '));
  console.log(`seed --scale ${scale}: ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
}

const config = loadConfig({ ...process.env, DATABASE_URL: url, DEMO: 'false', LOG_LEVEL: 'warn' });
// a reused database is measured as it is (not migrated again)
const database = values.reuse ? await openDatabase(config) : await prepareDatabase(config);
try {
  const db = database.db;
  await db.execute(sql`analyze`);
  const [counts] = await rows<{ sales: number; installments: number; payments: number }>(
    db,
    sql`select (select count(*)::int from sales) as sales, (select count(*)::int from installments) as installments,
      (select count(*)::int from payments) as payments`,
  );
  console.log(
    `the database holds ${counts.sales} sales, ${counts.installments} installments, ${counts.payments} payments`,
  );
  // the figures swing with whatever else the machine runs: say how busy it was
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${availableParallelism()} cores`,
  );
  const [user] = await rows<{ id: number }>(
    db,
    sql`insert into users (full_name, email, password_hash) values ('Bench', ${`bench-${randomUUID()}@demo.ge`}, 'x') returning id`,
  );
  await db.execute(
    sql`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = 'admin'`,
  );
  const token = randomBytes(24).toString('base64url');
  await db.execute(
    sql`insert into sessions (user_id, token_hash, expires_at) values (${user.id}, ${sha256(token)}, now() + interval '1 hour')`,
  );
  const headers = { authorization: `Bearer ${token}`, 'content-language': 'en' };
  const app = await buildApp({ config, database });
  await app.ready();

  const year = new Date().getFullYear();
  const body = { currency: values.currency };
  const calls: Array<{ method: 'GET' | 'POST'; url: string }> = [
    ...[
      '/reporting',
      '/reporting/manager-report',
      '/reporting/revenue-by-scheduler',
      '/reporting/monthlyReporting',
      '/reporting/getFinanceSummaryReport',
      '/reporting/cash-flow',
      '/sales/getReport',
      '/payment-scheduler/forReporting',
      '/sales/bookings-report',
      '/payments/forReporting',
    ].map((u) => ({ method: 'POST' as const, url: u })),
    { method: 'GET', url: '/reporting/getYearsRange' },
    { method: 'GET', url: `/reporting/pie/${year}` },
    { method: 'GET', url: '/reporting/dashboard' },
  ];
  let missed = 0;
  for (const call of calls) {
    const ask = () =>
      app.inject({
        method: call.method,
        url: `/api${call.url}${call.method === 'GET' ? `?currency=${values.currency}` : ''}`,
        headers,
        ...(call.method === 'POST' ? { payload: body } : {}),
      });
    const first = await ask();
    if (first.statusCode !== 200) {
      console.log(`${call.method} ${call.url}: FAILED, answered ${first.statusCode}: ${first.body.slice(0, 300)}`);
      missed += 1;
      continue;
    }
    for (let i = 0; i < 2; i++) await ask();
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const res = await ask();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${call.url} answered ${res.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 >= TARGET) missed += 1;
    console.log(
      `${`${call.method} ${call.url}`.padEnd(42)} p50 ${ms(percentile(times, 50)).padStart(9)}, p95 ${ms(p95).padStart(9)}` +
        `   target p95 < ${TARGET} ms: ${p95 < TARGET ? 'meets' : 'MISSES'}`,
    );
  }
  console.log(missed ? `${missed} report(s) miss the target` : 'every report meets the target');
  await app.close();
} finally {
  await database.close();
}
