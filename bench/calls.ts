/**
 * For each call of the load mix, how many SQL statements one request runs and how long it takes at one
 * connection (p50/p95 of `--requests` in a row), on a PostgreSQL database already seeded (`npm run db:seed -- --scale
 * 100` into it first). Run it before and after a change to see what the change bought.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf npx tsx bench/calls.ts [--requests 100] [--statements]
 *
 * --statements prints, under each call, the mean time and count per request of each statement it ran; --only TEXT
 * runs the calls whose name holds TEXT. --write keeps the figures (docs/figures/calls-scale-N.json, N read from the
 * database's sales) and rebuilds the growth table of docs/performance.md from every scale kept.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sha256 } from '../server/core/crypto';
import { prepareDatabase } from '../server/db/setup';
import { rows } from '../server/db/client';
import { businessToday } from '../domain/businessDay';
import { keepRun, keptRuns, writeSection } from './figures';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100' },
    statements: { type: 'boolean', default: false },
    only: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a seeded PostgreSQL database');

// Every statement any pooled client sends passes here; with --statements, each one's time is summed by its text.
let statements = 0;
const byStatement = new Map<string, { n: number; ms: number }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  if (!values.statements) return (query as (...a: unknown[]) => unknown).apply(this, args);
  const text = String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text)
    .replace(/\s+/g, ' ')
    .slice(0, 110);
  const started = performance.now();
  const record = () => {
    const seen = byStatement.get(text) ?? { n: 0, ms: 0 };
    byStatement.set(text, { n: seen.n + 1, ms: seen.ms + performance.now() - started });
  };
  // the pool sends its statements with a callback, a transaction's client without one
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function')
    args[last] = (...answer: unknown[]) => {
      record();
      return (callback as (...a: unknown[]) => unknown)(...answer);
    };
  const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
  return answer instanceof Promise ? answer.finally(record) : answer;
} as typeof query;

const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  DEMO: 'false',
  LOG_LEVEL: 'warn',
  CURRENCY_FETCH: 'off',
});
const database = await prepareDatabase(config);
const db = database.db;
await db.execute(sql`analyze`);
const [user] = await rows<{ id: number }>(
  db,
  sql`insert into users (full_name, email, password_hash) values ('Bench', ${`bench-${randomUUID()}@demo.ge`}, 'x') returning id`,
);
await db.execute(sql`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = 'admin'`);
const token = randomBytes(24).toString('base64url');
await db.execute(
  sql`insert into sessions (user_id, token_hash, expires_at) values (${user.id}, ${sha256(token)}, now() + interval '1 hour')`,
);
const headers = { authorization: `Bearer ${token}`, 'content-language': 'en' };
const complexes = await rows<{ id: number }>(db, sql`select id from buildings order by id limit 3`);
const payable = await rows<{ id: number; currency: string }>(
  db,
  sql`select id, currency from sales where deleted_at is null and status in ('active', 'overdue') and price - paid_total >= 1000 order by md5(id::text) limit ${requests + 10}`,
);
const app = await buildApp({ config, database });
await app.ready();

const CALLS: Array<{ name: string; url: string | (() => string); body?: (i: number) => object }> = [
  {
    name: 'GET /sales (filters)',
    url: `/api/sales?${complexes.map((c) => `building_ids[]=${c.id}`).join('&')}&sale_statuses[]=active&sale_statuses[]=overdue&page=3&perpage=25`,
  },
  { name: 'GET /sales', url: '/api/sales?page=2&perpage=25' },
  { name: 'GET /customers', url: '/api/customers?page=2&perpage=25&sort=name&order=asc' },
  { name: 'GET /properties', url: '/api/properties?page=2&perpage=25' },
  { name: 'GET /sales/totals', url: '/api/sales/totals' },
  { name: 'GET /payments', url: '/api/payments?page=2&perpage=25' },
  { name: 'GET /sales/{id}', url: () => `/api/sales/${payable[0].id}` },
  { name: 'GET /reporting/dashboard', url: '/api/reporting/dashboard' },
  { name: 'GET /user', url: '/api/user' },
  { name: 'GET /payment-schedules', url: '/api/payment-schedules?page=1&perpage=10' },
  {
    name: 'GET /payment-schedules (filters)',
    url: () =>
      `/api/payment-schedules?due_from=${businessToday().slice(0, 8)}01&due_to=${businessToday().slice(0, 8)}28&statuses[]=unpaid&statuses[]=partial` +
      `&building_ids[]=${complexes[0].id}&currencies[]=USD&page=1&perpage=10`,
  },
  { name: 'GET /payment-schedules late', url: '/api/payment-schedules?statuses[]=late&page=1&perpage=10' },
  { name: 'GET /payment-schedules/totals', url: '/api/payment-schedules/totals' },
  {
    name: 'GET /payment-schedules/totals (filters)',
    url: () => `/api/payment-schedules/totals?due_from=${businessToday()}&statuses[]=late&statuses[]=unpaid`,
  },
  {
    name: 'POST /payments/pay',
    url: '/api/payments/pay',
    body: (i) => {
      const sale = payable[i % payable.length];
      return {
        sale_id: sale.id,
        amount: 1,
        currency: sale.currency,
        paid_on: businessToday(),
        mode: 'sale',
        note: 'bench',
      };
    },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
interface CallFigure {
  call: string;
  statements: number;
  p50: number;
  p95: number;
}
const measured: CallFigure[] = [];
console.log(`${requests} requests each, one at a time, signed in as an administrator`);
for (const call of CALLS.filter((c) => !values.only || c.name.includes(values.only))) {
  const send = (i: number) =>
    app.inject({
      method: call.body ? 'POST' : 'GET',
      url: typeof call.url === 'string' ? call.url : call.url(),
      headers: call.body ? { ...headers, 'idempotency-key': randomUUID() } : headers,
      payload: call.body?.(i),
    });
  const first = await send(requests);
  if (first.statusCode >= 300) {
    console.log(`${call.name}: answered ${first.statusCode}: ${first.body.slice(0, 300)}`);
    continue;
  }
  statements = 0;
  byStatement.clear();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await send(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  measured.push({
    call: call.name,
    statements: Number((statements / requests).toFixed(1)),
    p50: Number(percentile(times, 50).toFixed(1)),
    p95: Number(percentile(times, 95).toFixed(1)),
  });
  console.log(
    `${call.name.padEnd(24)} ${(statements / requests).toFixed(1).padStart(5)} statements  ` +
      `p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
  );
  for (const [text, seen] of byStatement)
    console.log(`    ${(seen.ms / seen.n).toFixed(2).padStart(6)} ms × ${(seen.n / requests).toFixed(1)}  ${text}`);
}
if (values.write) {
  // the seed writes 150 sales per unit of its scale
  const [{ sales }] = await rows<{ sales: number }>(db, sql`select count(*)::int as sales from sales`);
  keepRun('calls', Math.max(1, Math.round(sales / 150)), measured);
  writeSection('calls', growthTable(keptRuns<CallFigure[]>('calls')));
  console.log('kept in docs/figures and written into docs/performance.md');
}
await app.close();
await database.close();

/** Each call's statements and p50 / p95 at every scale kept, with the day and the machine's load of each run. */
function growthTable(runs: ReturnType<typeof keptRuns<CallFigure[]>>) {
  const calls = [...new Set(runs.flatMap((run) => run.results.map((r) => r.call)))];
  const head = `| call | ${runs.map((run) => `scale ${run.scale}`).join(' | ')} |`;
  const rule = `|---|${runs.map(() => '---|').join('')}`;
  const lines = calls.map((call) => {
    const cells = runs.map((run) => {
      const figure = run.results.find((r) => r.call === call);
      return figure ? `${figure.p50} / ${figure.p95} ms (${figure.statements})` : '';
    });
    return `| ${call} | ${cells.join(' | ')} |`;
  });
  const when = runs
    .map((run) => `scale ${run.scale} on ${run.day} (${run.cores} cores, load average ${run.load})`)
    .join('; ');
  return [
    `\`npx tsx bench/calls.ts --write\`: each call alone at one connection as an administrator, p50 / p95 and (in`,
    `brackets) the SQL statements one request runs. Measured ${when}.`,
    '',
    head,
    rule,
    ...lines,
  ].join('\n');
}
