/**
 * Load (issue 15): `--users` signed-in users at once for `--seconds` on a mix of list reads and payments, at
 * `--scale N` on PostgreSQL, against one API process and then two behind one port (scripts/cluster.ts).
 * Prints requests/s, p50/p95/p99 overall and for payments, and the count of errors, beside the target.
 *
 *   npm run bench:load                                    fresh database bench_load on postgres@127.0.0.1:5432
 *   BENCH_DATABASE_URL=postgres://… npm run bench:load    that database as it is (seeded with --scale first if empty)
 *   npm run bench:load -- --scale 10 --users 20 --seconds 20 --processes 1
 *   npm run bench:load -- --against ../before --rounds 2    this checkout and another one (its own node_modules), alternately
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, cpuSeconds, ensureSeeded, payingRequests, salesListPath, sessionFor, startApi } from './shared';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    users: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    processes: { type: 'string', default: '1,2' },
    against: { type: 'string' },
    rounds: { type: 'string', default: '1' },
  },
});
const scale = Number(values.scale);
const users = Number(values.users);
const seconds = Number(values.seconds);
const TARGET_P95 = 100;

const url = await benchDatabase('bench_load', { fresh: !process.env.BENCH_DATABASE_URL });
const db = new pg.Client({ connectionString: url });
await db.connect();
await ensureSeeded(db, url, scale);
const counts = (
  await db.query(
    'select (select count(*)::int from sales) as sales, (select count(*)::int from properties) as units, (select count(*)::int from customers) as customers',
  )
).rows[0];
console.log(`database: ${counts.sales} sales, ${counts.units} units, ${counts.customers} customers`);

// One administrator session per simulated user, so every request goes through sign-in lookup, access and scope.
const tokens: string[] = [];
for (let i = 0; i < users; i++) tokens.push(await sessionFor(db, 'admin'));
const payment = await payingRequests(db, { note: 'load' });
const salesList = await salesListPath(db);

/** The mix each user repeats: four list reads, then a payment of 1.00 on a random sale with a balance. */
const MIX = [
  {
    name: 'GET /sales (filters)',
    path: salesList,
  },
  { name: 'GET /customers', path: '/api/customers?page=2&perpage=25&sort=name&order=asc' },
  { name: 'GET /properties', path: '/api/properties?page=2&perpage=25' },
  { name: 'GET /sales/totals', path: '/api/sales/totals' },
  { name: 'POST /payments/pay', path: '/api/payments/pay', pay: true },
];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN;

async function run(processes: number, root?: string) {
  const port = 3700 + processes;
  const api = await startApi(url, port, { processes, root });
  if (root) console.log(`\n(${root})`);
  const times = new Map<string, number[]>(MIX.map((m) => [m.name, []]));
  const errors = new Map<string, number>();
  const sent = new Map<object, number>();
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const before = cpuSeconds(api.pid!);
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${port}`,
      connections: users,
      duration: seconds,
      requests: MIX.map((m) => ({
        method: m.pay ? 'POST' : 'GET',
        path: m.path,
        setupRequest: (request: autocannon.Request) => (m.pay ? payment(request) : request),
      })),
      setupClient: (client: autocannon.Client) => {
        client.setHeaders({ authorization: `Bearer ${tokens[sent.size % tokens.length]}`, 'content-language': 'en' });
        sent.set(client, 0);
      },
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (client: object, statusCode: number, _bytes: number, responseTime: number) => {
    const n = sent.get(client) ?? 0;
    sent.set(client, n + 1);
    const name = MIX[n % MIX.length].name;
    times.get(name)!.push(responseTime);
    if (statusCode >= 400) errors.set(`${name} ${statusCode}`, (errors.get(`${name} ${statusCode}`) ?? 0) + 1);
  });
  const result = await done;
  const after = cpuSeconds(api.pid!);
  process.kill(-api.pid!, 'SIGTERM');

  const all = [...times.values()].flat().sort((a, b) => a - b);
  const pay = times.get('POST /payments/pay')!.sort((a, b) => a - b);
  const p95 = percentile(all, 95);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0) + result.errors + result.timeouts;
  console.log(
    `\n${processes} API process${processes > 1 ? 'es' : ''}, ${users} users, ${seconds} s: ${(all.length / seconds).toFixed(0)} requests/s, ${all.length} requests, ${errorCount} errors`,
  );
  console.log(
    `  all:      p50 ${percentile(all, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms`,
  );
  console.log(
    `  payments: p50 ${percentile(pay, 50).toFixed(0)} ms, p95 ${percentile(pay, 95).toFixed(0)} ms, p99 ${percentile(pay, 99).toFixed(0)} ms (${pay.length})`,
  );
  for (const [name, list] of times) {
    if (name === 'POST /payments/pay') continue;
    const sorted = list.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(22)} p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms (${sorted.length})`,
    );
  }
  for (const [what, n] of errors) console.log(`  error: ${what} × ${n}`);
  // who the cores worked for: cores busy on average, and CPU milliseconds per request
  const used = (who: keyof typeof after) =>
    `${((after[who] - before[who]) / seconds).toFixed(2)} cores (${(((after[who] - before[who]) * 1000) / Math.max(1, all.length)).toFixed(1)} ms a request)`;
  if (after.postgres > 0)
    console.log(`  CPU: PostgreSQL ${used('postgres')}, API ${used('api')}, load generator ${used('loadGenerator')}`);
  console.log(`  target: 0 errors, p95 < ${TARGET_P95} ms: ${errorCount === 0 && p95 < TARGET_P95 ? 'met' : 'MISSED'}`);
}

// --against DIR: another checkout's API in alternating rounds (this one first, then that one, then the other way round)
for (const processes of values.processes.split(',').map(Number))
  for (let round = 0; round < Number(values.rounds); round++)
    for (const root of values.against
      ? round % 2
        ? [values.against, undefined]
        : [undefined, values.against]
      : [undefined])
      await run(processes, root);
await db.end();
