/**
 * Where the API's CPU goes under one call's load: starts the API with --cpu-prof on a seeded PostgreSQL
 * database, loads it with 10 connections for 10 s (autocannon), and prints requests/s, p50/p99 and the profile's self
 * time by package and by function. `list` is the side-by-side's sales list, `pay` a payment of 1.00 on a random sale,
 * `sales` the sales list as it opens, `mix` the load mix's four lists and a payment in turn on each connection
 * (CONNECTIONS=50 for bench:load's users).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf npx tsx bench/profile.ts list|sales|pay|totals|properties|customers|mix
 *
 * DURATION (10) seconds are profiled, after WARMUP (5) seconds of the same load.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { payingRequests, sessionFor, waitFor } from './shared';
import { API_NODE_ARGS } from '../scripts/apiProcess';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a seeded PostgreSQL database');
const which = process.argv[2] ?? 'list';
const db = new pg.Client({ connectionString: url });
await db.connect();
const token = await sessionFor(db, 'admin');
const pay = await payingRequests(db);
fs.rmSync('/tmp/prof', { recursive: true, force: true });
const api = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', ...API_NODE_ARGS, 'server/index.ts'], {
  env: {
    ...process.env,
    PORT: '3811',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DEMO: 'false',
    LOG_LEVEL: 'warn',
    CURRENCY_FETCH: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitFor('http://127.0.0.1:3811/api/config');
const y = new Date(Date.now() - 365 * 864e5).toISOString().slice(0, 10);
const paths: Record<string, string> = {
  list: `/api/sales?building_ids[]=1&building_ids[]=2&building_ids[]=3&sale_statuses[]=active&sale_statuses[]=overdue&contract_start_date_from=${y}&page=3&perpage=25`,
  sales: '/api/sales?page=2&perpage=25',
  totals: '/api/sales/totals',
  properties: '/api/properties?page=2&perpage=25',
  customers: '/api/customers?page=2&perpage=25&sort=name&order=asc',
};
// WARMUP seconds of the same load first, outside the profile's window: V8 still optimizes the hot code for a while
const load = (duration: number) =>
  autocannon({
    url: 'http://127.0.0.1:3811',
    connections: Number(process.env.CONNECTIONS ?? 10),
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests:
      which === 'mix'
        ? [
            ...['list', 'customers', 'properties', 'totals'].map((name) => ({
              method: 'GET' as const,
              path: paths[name],
            })),
            { method: 'POST', path: '/api/payments/pay', setupRequest: pay },
          ]
        : [
            which === 'pay'
              ? { method: 'POST', path: '/api/payments/pay', setupRequest: pay }
              : { method: 'GET', path: paths[which] },
          ],
  });
if (Number(process.env.WARMUP ?? 5) > 0) await load(Number(process.env.WARMUP ?? 5));
const result = await load(Number(process.env.DURATION ?? 10));
console.log(
  which,
  result.requests.average,
  'req/s',
  'p50',
  result.latency.p50,
  'p99',
  result.latency.p99,
  'non2xx',
  result.non2xx,
);
api.kill('SIGTERM');
await new Promise((r) => api.on('exit', r));
await db.end();
const file = fs.readdirSync('/tmp/prof')[0];
const prof = JSON.parse(fs.readFileSync(`/tmp/prof/${file}`, 'utf8')) as {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
  endTime: number;
  startTime: number;
};
// only the load's samples: the last `duration` seconds before the server was stopped, not its start-up
const duration = Number(process.env.DURATION ?? 10) * 1e6;
let at = prof.startTime;
const times = prof.timeDeltas.map((delta) => (at += delta));
const from = prof.endTime - duration - 500_000;
const byId = new Map(prof.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
prof.samples.forEach((id, i) => {
  if (times[i] >= from) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map<string, number>();
const pkg = new Map<string, number>();
for (const [id, t] of self) {
  const { functionName, url: u, lineNumber } = byId.get(id)!.callFrame;
  const m = u.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  const p = m
    ? m[1]
    : u.includes('/work/main/')
      ? u
          .replace(/.*\/work\/main\//, '')
          .split('/')
          .slice(0, 3)
          .join('/')
      : u.startsWith('node:')
        ? u
        : functionName.startsWith('(')
          ? functionName
          : 'other';
  pkg.set(p, (pkg.get(p) ?? 0) + t);
  const key = `${functionName || '(anon)'} ${u.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${lineNumber}`;
  fn.set(key, (fn.get(key) ?? 0) + t);
}
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log('by package\n' + top(pkg, 25) + '\nby function\n' + top(fn, 30));
