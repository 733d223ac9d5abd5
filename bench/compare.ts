/**
 * Side by side, on one scale-100 PostgreSQL database and in one run, interleaved over `--rounds` rounds:
 * the project's GET /api/sales with three filters (signed in as an administrator and as a user of three complexes),
 * the bare server of bench/bare.ts answering the same rows with one statement, and pgbench on that statement; Directus
 * where it is installed (`DIRECTUS_URL` and `DIRECTUS_TOKEN` of a Directus serving the same `sales` table). Prints
 * requests/s, p50/p90/p99 (medians of the rounds) and the ratios, then the other hot calls at 1 and 10 connections.
 *
 *   npm run bench -- --compare                                     fresh database bench_sales (seeded at --scale 100)
 *   BENCH_DATABASE_URL=postgres://… npm run bench -- --compare     that database (seeded first if it holds no sales)
 *   npm run bench -- --compare --seconds 5 --rounds 1
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { literalSalesSql } from './bare';
import { benchDatabase, ensureSeeded, sessionFor, startApi, waitFor } from './shared';

const { values } = parseArgs({
  options: {
    compare: { type: 'boolean', default: true },
    scale: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
  },
  strict: false,
});
const scale = Number(values.scale);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const GOAL = { bare: 0.6, directus: 4, p99: 2 };
const run = promisify(execFile);

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const url = await benchDatabase('bench_sales');
const db = new pg.Client({ connectionString: url });
await db.connect();
await ensureSeeded(db, url, scale);
const counts = (
  await db.query(
    `select (select count(*)::int from sales) as sales, (select count(*)::int from installments) as installments,
      (select count(*)::int from properties) as units`,
  )
).rows[0];
console.log(
  `database ${url.replace(/\/\/[^@]*@/, '//')}: ${counts.sales} sales, ${counts.installments} installments, ${counts.units} units`,
);

const complexes = (await db.query('select id from buildings order by id limit 3')).rows.map((r) => r.id as number);
const admin = await sessionFor(db, 'admin');
const scoped = await sessionFor(db, 'accountant', complexes);
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const statuses = ['active', 'overdue'];
const perPage = 25;
const page = 3;
const listQuery = `${complexes.map((c) => `building_ids[]=${c}`).join('&')}&${statuses.map((s) => `sale_statuses[]=${s}`).join('&')}&contract_start_date_from=${yearAgo}&page=${page}&perpage=${perPage}`;

function startBare(port: number): ChildProcess {
  return fork(path.join(import.meta.dirname, 'bare.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BARE_DATABASE_URL: url, BARE_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

interface Figures {
  rps: number;
  p50: number;
  p90: number;
  /** autocannon has no p95: p97.5 bounds it (the pay goal is p95 < 30 ms). */
  p97_5: number;
  p99: number;
  errors: number;
}

async function cannon(
  target: string,
  headers: Record<string, string>,
  options: { connections?: number; seconds?: number; method?: string; body?: () => string } = {},
): Promise<Figures> {
  const result = await autocannon({
    url: target,
    connections: options.connections ?? connections,
    duration: options.seconds ?? seconds,
    method: (options.method ?? 'GET') as 'GET',
    headers,
    ...(options.body && {
      requests: [
        {
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
            body: options.body!(),
          }),
        },
      ],
    }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function pgbench(sqlText: string): Promise<Figures> {
  const file = path.join(os.tmpdir(), `bench-sales-${process.pid}.sql`);
  fs.writeFileSync(file, `${sqlText};\n`);
  const { stdout } = await run(
    'pgbench',
    ['-n', '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', file, url],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error) => ({ stdout: String(error.stdout ?? '') }));
  fs.rmSync(file, { force: true });
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? NaN);
  return { rps: tps, p50: latency, p90: NaN, p97_5: NaN, p99: NaN, errors: 0 };
}

const projectPort = 3781;
const barePort = 3790;
const project = await startApi(url, projectPort, { env: { AUTH_RATE_LIMIT_PER_ADDRESS: '100000' } });
const bare = startBare(barePort);
const stop = () => {
  try {
    process.kill(-project.pid!, 'SIGTERM');
  } catch {
    /* gone */
  }
  bare.kill('SIGTERM');
};
process.on('exit', stop);
await waitFor(`http://127.0.0.1:${barePort}/api/sales?${listQuery}`);

const directus = process.env.DIRECTUS_URL;
const sides: Array<{ name: string; measure: () => Promise<Figures> }> = [
  {
    name: 'project, administrator',
    measure: () =>
      cannon(`http://127.0.0.1:${projectPort}/api/sales?${listQuery}`, { authorization: `Bearer ${admin}` }),
  },
  {
    name: 'project, three complexes',
    measure: () =>
      cannon(`http://127.0.0.1:${projectPort}/api/sales?${listQuery}`, { authorization: `Bearer ${scoped}` }),
  },
  { name: 'bare Node+pg', measure: () => cannon(`http://127.0.0.1:${barePort}/api/sales?${listQuery}`, {}) },
  {
    name: 'pgbench (same SQL)',
    measure: () => pgbench(literalSalesSql(complexes, statuses, yearAgo, perPage, (page - 1) * perPage)),
  },
  ...(directus
    ? [
        {
          name: 'Directus',
          measure: () =>
            cannon(
              `${directus}/items/sales?limit=${perPage}&offset=${(page - 1) * perPage}&sort=-id&meta=filter_count` +
                `&filter[building_id][_in]=${complexes.join(',')}&filter[status][_in]=${statuses.join(',')}` +
                `&filter[contract_start_date][_gte]=${yearAgo}&filter[deleted_at][_null]=true`,
              { authorization: `Bearer ${process.env.DIRECTUS_TOKEN ?? ''}` },
            ),
        },
      ]
    : []),
];
if (!directus) console.log('Directus: not installed here (set DIRECTUS_URL and DIRECTUS_TOKEN to include it)');

console.log(
  `\nGET /api/sales, 3 filters, page ${page} of ${perPage}: ${connections} connections, ${seconds} s × ${rounds} interleaved rounds`,
);
const measured = new Map<string, Figures[]>(sides.map((s) => [s.name, []]));
for (let round = 0; round < rounds; round++)
  for (const side of sides) measured.get(side.name)!.push(await side.measure());

const medians = new Map(
  [...measured].map(([name, list]) => [
    name,
    {
      rps: median(list.map((f) => f.rps)),
      p50: median(list.map((f) => f.p50)),
      p90: median(list.map((f) => f.p90)),
      p97_5: median(list.map((f) => f.p97_5)),
      p99: median(list.map((f) => f.p99)),
      errors: list.reduce((n, f) => n + f.errors, 0),
    },
  ]),
);
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
for (const [name, f] of medians)
  console.log(
    `  ${name.padEnd(26)} ${fmt(f.rps).padStart(8)} req/s   p50 ${fmt(f.p50)} ms   p90 ${fmt(f.p90)} ms   p99 ${fmt(f.p99)} ms   errors ${f.errors}`,
  );
const mine = medians.get('project, administrator')!;
const bareFigures = medians.get('bare Node+pg')!;
const ratio = mine.rps / bareFigures.rps;
console.log(
  `  project ÷ bare: ${ratio.toFixed(2)}x requests/s (goal ≥ ${GOAL.bare}x), p99 ${(mine.p99 / bareFigures.p99).toFixed(2)}x (goal ≤ ${GOAL.p99}x)`,
);
const directusFigures = medians.get('Directus');
if (directusFigures)
  console.log(`  project ÷ Directus: ${(mine.rps / directusFigures.rps).toFixed(2)}x (goal ≥ ${GOAL.directus}x)`);

// The other hot calls, alone, at one connection and at ten.
// payments go to different sales, as at a cashier's desk (one sale would queue every payment on its row lock)
const payable = (
  await db.query(
    `select id, currency from sales where deleted_at is null and status in ('active', 'overdue')
       and price - paid_total >= 1000 order by md5(id::text) limit 2000`,
  )
).rows as Array<{ id: number; currency: string }>;
const sale = payable[0];
let nextSale = 0;
const today = new Date().toISOString().slice(0, 10);
const calls: Array<{ name: string; path: string; body?: () => string }> = [
  { name: 'GET /properties', path: '/api/properties?page=2&perpage=25' },
  { name: 'GET /customers', path: '/api/customers?page=2&perpage=25&sort=name&order=asc' },
  { name: 'GET /sales/totals', path: '/api/sales/totals' },
  { name: 'GET /sales/{id}', path: `/api/sales/${sale.id}` },
  {
    name: 'POST /payments/pay',
    path: '/api/payments/pay',
    body: () => {
      const payee = payable[nextSale++ % payable.length];
      return JSON.stringify({
        sale_id: payee.id,
        amount: 0.01,
        currency: payee.currency,
        paid_on: today,
        mode: 'sale',
      });
    },
  },
];
console.log('\nother calls (administrator), p50 / p97.5 / p99 and requests/s:');
for (const call of calls) {
  const line: string[] = [];
  for (const n of [1, 10]) {
    const f = await cannon(
      `http://127.0.0.1:${projectPort}${call.path}`,
      { authorization: `Bearer ${admin}`, ...(call.body && { 'content-type': 'application/json' }) },
      {
        connections: n,
        seconds: Math.max(3, Math.round(seconds / 2)),
        method: call.body ? 'POST' : 'GET',
        body: call.body,
      },
    );
    line.push(
      `${n} conn: ${fmt(f.p50)} / ${fmt(f.p97_5)} / ${fmt(f.p99)} ms, ${fmt(f.rps)} req/s${f.errors ? `, ${f.errors} errors` : ''}`,
    );
  }
  console.log(`  ${call.name.padEnd(20)} ${line.join('   ')}`);
}

stop();
await db.end();
process.exit(0);
