/**
 * CPU a request of each call of the load mix (issues 15 and 18): each call alone at `--connections` for `--seconds`
 * against one API process on a seeded PostgreSQL database, after `--warmup` seconds of itself (V8 optimizes the hot
 * code for the first seconds of a load), printing requests/s, p50/p97.5 and the CPU milliseconds one request costs
 * PostgreSQL, the API and the load generator.
 *
 * `--against DIR` starts a second API from another checkout (a `git worktree` of the commit before a change, with its
 * own node_modules) and measures the two in alternating rounds (`--rounds`), printing each one's medians: this
 * machine's speed drifts by a third within minutes, so two runs one after the other cannot tell a 10 % change.
 * Two processes of the same code differ by up to a tenth, each keeping its own (V8 optimizes each one's code its own
 * way): `--instances N` starts N processes of each checkout and takes the median over all of them. `--together` loads
 * the two sides at the same time instead (the API's CPU of each is then measured under the same machine
 * conditions; PostgreSQL's is the two's together). `--against-env NAME=VALUE` (repeatable) sets the second API's
 * environment (alone: this checkout against itself, say with other NODE_OPTIONS).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf npx tsx bench/cpu.ts [--seconds 10] [--warmup 5]
 *     [--connections 10] [--against ../before] [--against-env NAME=VALUE] [--rounds 5] [--instances 3] [--together]
 *     [list customers properties totals config pay sale]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSeconds, payingRequests, salesListPath, sessionFor, startApi } from './shared';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    against: { type: 'string' },
    'against-env': { type: 'string', multiple: true },
    rounds: { type: 'string', default: '5' },
    together: { type: 'boolean', default: false },
    instances: { type: 'string', default: '1' },
  },
});
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a seeded PostgreSQL database');
const db = new pg.Client({ connectionString: url });
await db.connect();
const token = await sessionFor(db, 'admin');
const pay = await payingRequests(db);
const salesList = await salesListPath(db);
const saleIds = (
  await db.query('select id from sales where deleted_at is null order by md5(id::text) limit 200')
).rows.map((r: { id: number }) => r.id);
let nextSale = 0;
const CALLS: Record<string, autocannon.Request> = {
  list: { method: 'GET', path: salesList },
  customers: { method: 'GET', path: '/api/customers?page=2&perpage=25&sort=name&order=asc' },
  properties: { method: 'GET', path: '/api/properties?page=2&perpage=25' },
  totals: { method: 'GET', path: '/api/sales/totals' },
  config: { method: 'GET', path: '/api/config' },
  pay: { method: 'POST', path: '/api/payments/pay', setupRequest: pay },
  sale: {
    method: 'GET',
    path: '/api/sales',
    setupRequest: (request) => ({ ...request, path: `/api/sales/${saleIds[nextSale++ % saleIds.length]}` }),
  },
};
const which = positionals.length ? positionals : Object.keys(CALLS);
const againstEnv = Object.fromEntries(
  (values['against-env'] ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const compared = Boolean(values.against || values['against-env']);
const instances = Number(values.instances);
interface Api {
  side: number;
  port: number;
  pid: number;
}
const sides = compared
  ? ['this checkout', [values.against, ...(values['against-env'] ?? [])].filter(Boolean).join(' ')]
  : ['this checkout'];
const apis: Api[] = [];
for (let i = 0; i < instances; i++)
  for (const side of sides.keys()) {
    const port = 3731 + apis.length;
    const child = await startApi(url, port, side ? { root: values.against, env: againstEnv } : {});
    apis.push({ side, port, pid: child.pid! });
  }

const load = (port: number, name: string, duration: number) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(values.connections),
    duration,
    headers: { authorization: `Bearer ${token}`, 'content-language': 'en' },
    requests: [CALLS[name]],
  });

interface Round {
  rps: number;
  p50: number;
  p97: number;
  non2xx: number;
  postgres: number;
  api: number;
  loadGenerator: number;
}
async function measure(api: Api, name: string): Promise<Round> {
  const before = cpuSeconds(api.pid);
  const result = await load(api.port, name, Number(values.seconds));
  const after = cpuSeconds(api.pid);
  const n = Math.max(1, result.requests.total);
  const ms = (who: keyof typeof after) => ((after[who] - before[who]) * 1000) / n;
  return {
    rps: result.requests.total / Number(values.seconds),
    p50: result.latency.p50,
    p97: result.latency.p97_5,
    non2xx: result.non2xx,
    postgres: ms('postgres'),
    api: ms('api'),
    loadGenerator: ms('loadGenerator'),
  };
}

/**
 * Every API loaded at the same time, each by its own connections: they share whatever the machine gives at that
 * moment, so its drift cancels out of the comparison. The API's CPU is each one's own; PostgreSQL's and the load
 * generator's are all of them together, shared out by requests.
 */
async function measureTogether(name: string): Promise<Round[]> {
  const before = apis.map((api) => cpuSeconds(api.pid));
  const results = await Promise.all(apis.map((api) => load(api.port, name, Number(values.seconds))));
  const after = apis.map((api) => cpuSeconds(api.pid));
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const shared = (who: 'postgres' | 'loadGenerator') => ((after[0][who] - before[0][who]) * 1000) / Math.max(1, total);
  return results.map((result, i) => ({
    rps: result.requests.total / Number(values.seconds),
    p50: result.latency.p50,
    p97: result.latency.p97_5,
    non2xx: result.non2xx,
    postgres: shared('postgres'),
    api: ((after[i].api - before[i].api) * 1000) / Math.max(1, result.requests.total),
    loadGenerator: shared('loadGenerator'),
  }));
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const rounds = apis.length > 1 ? Number(values.rounds) : 1;
for (const name of which) {
  for (const api of apis) if (Number(values.warmup) > 0) await load(api.port, name, Number(values.warmup));
  const seen = sides.map(() => [] as Round[]);
  for (let round = 0; round < rounds; round++)
    if (values.together) (await measureTogether(name)).forEach((r, i) => seen[apis[i].side].push(r));
    // A B, B A, A B, …: whichever goes second in a round measured about 8 % cheaper here (A against itself)
    else for (const api of round % 2 ? [...apis].reverse() : apis) seen[api.side].push(await measure(api, name));
  for (const [side, label] of sides.entries()) {
    const of = (key: keyof Round) => median(seen[side].map((r) => r[key]));
    const over = seen[side].length > 1 ? `, median of ${seen[side].length}` : '';
    console.log(
      `${name.padEnd(11)} ${of('rps').toFixed(0).padStart(5)} req/s  p50 ${String(of('p50')).padStart(3)} ms  p97.5 ${String(of('p97')).padStart(3)} ms  non2xx ${of('non2xx')}  CPU a request: PostgreSQL ${of('postgres').toFixed(2)} ms, API ${of('api').toFixed(2)} ms, load generator ${of('loadGenerator').toFixed(2)} ms${compared || over ? `  (${label}${over})` : ''}`,
    );
  }
}
for (const api of apis) process.kill(-api.pid, 'SIGTERM');
await db.end();
