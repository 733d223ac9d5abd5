/**
 * Load: `--users` members of staff at once for `--seconds` on the office's mix (bench/officeMix.ts: every list with
 * its filters, sorts and pages, searches, record pages, boards, payments; administrators, accountants and sales
 * managers of one complex), at `--scale N` on PostgreSQL, against one API process and then two behind one port
 * (scripts/cluster.ts), with the server's default logging. First each call of the mix alone, at one connection, for
 * each role; then the load. Prints requests/s, p50/p95/p99 overall and per call, errors, and who used the cores.
 *
 *   npm run bench:load                                    fresh database bench_load on postgres@127.0.0.1:5432
 *   BENCH_DATABASE_URL=postgres://… npm run bench:load    that database as it is (seeded with --scale first if empty)
 *   npm run bench:load -- --scale 10 --users 20 --seconds 20 --processes 1
 *   npm run bench:load -- --think 500                     each member waits 0-1,000 ms (500 on average) between calls
 *   npm run bench:load -- --log warn                      the server without its request log lines (default: info)
 *   npm run bench:load -- --against ../before --rounds 2  this checkout and another one (its own node_modules),
 *                                                         alternately
 *   npm run bench:load -- --write                         keeps the figures (docs/figures/load-scale-N.json) and writes
 *                                                         them into docs/performance.md
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import http from 'node:http';
import { officeMix, type Call, type Member } from './officeMix';
import { benchDatabase, cpuSeconds, ensureSeeded, startApi } from './shared';
import { keepRun, keptRuns, writeSection } from './figures';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    users: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    processes: { type: 'string', default: '1,2' },
    think: { type: 'string', default: '0' },
    log: { type: 'string', default: 'info' },
    alone: { type: 'string', default: '20' },
    against: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    write: { type: 'boolean', default: false },
  },
});
const users = Number(values.users);
const seconds = Number(values.seconds);
const think = Number(values.think);
const TARGET_P95 = 100;
const TARGET_ALONE = 30;

const url = await benchDatabase('bench_load', { fresh: !process.env.BENCH_DATABASE_URL });
const db = new pg.Client({ connectionString: url });
await db.connect();
await ensureSeeded(db, url, Number(values.scale));
const counts = (
  await db.query(
    'select (select count(*)::int from sales) as sales, (select count(*)::int from properties) as units, ' +
      '(select count(*)::int from customers) as customers',
  )
).rows[0];
console.log(`database: ${counts.sales} sales, ${counts.units} units, ${counts.customers} customers`);
const mix = await officeMix(db, users);
const roles = [...new Set(mix.members.map((m) => m.role))];
console.log(`members: ${roles.map((r) => `${mix.members.filter((m) => m.role === r).length} ${r}`).join(', ')}`);

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const rounded = (n: number) => Number(n.toFixed(n < 10 ? 1 : 0));

/** What one run measured, as --write keeps it: each call alone per role, and the load per number of processes. */
interface LoadFigures {
  members: Record<string, number>;
  alone: Array<{ role: string; call: string; p50: number; p95: number }>;
  load: Array<{
    processes: number;
    users: number;
    seconds: number;
    think: number;
    perSecond: number;
    errors: number;
    p50: number;
    p95: number;
    p99: number;
    calls: Array<{ call: string; p50: number; p95: number; requests: number }>;
    cpuMsPerRequest: { postgres: number; api: number };
  }>;
}
const figures: LoadFigures = {
  members: Object.fromEntries(roles.map((r) => [r, mix.members.filter((m) => m.role === r).length])),
  alone: [],
  load: [],
};

/** A keep-alive connection pool to the API on `port`, `connections` at most. */
const poolTo = (port: number, connections: number) => ({
  port,
  agent: new http.Agent({ keepAlive: true, maxSockets: connections }),
});
type Pool = ReturnType<typeof poolTo>;

/** Sends `call` as `member`; answers its time in ms and its status (599 when it got no answer). */
function send(pool: Pool, member: Member, call: Call): Promise<{ time: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: pool.port,
        agent: pool.agent,
        method: call.method,
        path: call.path,
        headers: { authorization: `Bearer ${member.token}`, 'content-language': 'ka', ...call.headers },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ time: performance.now() - started, status: answer.statusCode ?? 599 }));
      },
    );
    request.on('error', () => resolve({ time: performance.now() - started, status: 599 }));
    request.end(call.body);
  });
}

/** Each call of the mix alone at one connection, `--alone` times for a member of each role: p50 and p95. */
async function alone(pool: Pool) {
  console.log(
    `\neach call alone, one connection, ${values.alone} times for each role (target: p95 ≤ ${TARGET_ALONE} ms)`,
  );
  let slowest = 0;
  for (const role of roles) {
    const member = mix.members.find((m) => m.role === role)!;
    const times = new Map<string, number[]>();
    for (let i = 0; i < Number(values.alone); i++)
      for (const call of mix.everyCall(member)) {
        const { time, status } = await send(pool, member, call);
        if (status >= 400) console.log(`  error: ${role} ${call.name} ${call.path} ${status}`);
        times
          .set(call.name, times.get(call.name) ?? [])
          .get(call.name)!
          .push(time);
      }
    const line = [...times].map(([name, list]) => {
      const sorted = list.sort((a, b) => a - b);
      slowest = Math.max(slowest, percentile(sorted, 95));
      figures.alone.push({
        role,
        call: name,
        p50: rounded(percentile(sorted, 50)),
        p95: rounded(percentile(sorted, 95)),
      });
      return `${name} ${ms(percentile(sorted, 50))}/${ms(percentile(sorted, 95))}`;
    });
    console.log(`  ${role} (p50/p95): ${line.join(', ')}`);
  }
  console.log(`  slowest p95 ${ms(slowest)}: ${slowest <= TARGET_ALONE ? 'met' : 'MISSED'}`);
}

async function run(processes: number, root?: string) {
  const port = 3700 + processes;
  const api = await startApi(url, port, { processes, root, env: { LOG_LEVEL: values.log } });
  if (root) console.log(`\n(${root})`);
  const pool = poolTo(port, users);
  if (processes === 1) await alone(pool);
  const times = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const before = cpuSeconds(api.pid!);
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    mix.members.map(async (member) => {
      while (performance.now() < until) {
        const call = mix.draw(member);
        const { time, status } = await send(pool, member, call);
        times
          .set(call.name, times.get(call.name) ?? [])
          .get(call.name)!
          .push(time);
        if (status >= 400) errors.set(`${call.name} ${status}`, (errors.get(`${call.name} ${status}`) ?? 0) + 1);
        if (think) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * think));
      }
    }),
  );
  const after = cpuSeconds(api.pid!);
  pool.agent.destroy();
  process.kill(-api.pid!, 'SIGTERM');

  const all = [...times.values()].flat().sort((a, b) => a - b);
  const p95 = percentile(all, 95);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n${processes} API process${processes > 1 ? 'es' : ''}, ${users} members, ${seconds} s${think ? `, think ${think} ms` : ''}: ${(all.length / seconds).toFixed(0)} requests/s, ${all.length} requests, ${errorCount} errors`,
  );
  console.log(`  all: p50 ${ms(percentile(all, 50))}, p95 ${ms(p95)}, p99 ${ms(percentile(all, 99))}`);
  for (const [name, list] of [...times].sort((a, b) => a[0].localeCompare(b[0]))) {
    const sorted = list.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(24)} p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))} (${sorted.length})`,
    );
  }
  for (const [what, n] of errors) console.log(`  error: ${what} × ${n}`);
  // who the cores worked for: cores busy on average, and CPU milliseconds per request
  const used = (who: keyof typeof after) =>
    `${((after[who] - before[who]) / seconds).toFixed(2)} cores (${(((after[who] - before[who]) * 1000) / Math.max(1, all.length)).toFixed(1)} ms a request)`;
  if (after.postgres > 0)
    console.log(`  CPU: PostgreSQL ${used('postgres')}, API ${used('api')}, load generator ${used('loadGenerator')}`);
  console.log(`  target: 0 errors, p95 < ${TARGET_P95} ms: ${errorCount === 0 && p95 < TARGET_P95 ? 'met' : 'MISSED'}`);
  if (root) return;
  const perRequest = (who: keyof typeof after) =>
    Number((((after[who] - before[who]) * 1000) / Math.max(1, all.length)).toFixed(1));
  figures.load.push({
    processes,
    users,
    seconds,
    think,
    perSecond: Math.round(all.length / seconds),
    errors: errorCount,
    p50: rounded(percentile(all, 50)),
    p95: rounded(p95),
    p99: rounded(percentile(all, 99)),
    calls: [...times].map(([call, list]) => ({
      call,
      p50: rounded(percentile(list, 50)),
      p95: rounded(percentile(list, 95)),
      requests: list.length,
    })),
    cpuMsPerRequest: { postgres: perRequest('postgres'), api: perRequest('api') },
  });
}

/** The kept runs as tables: each call alone per role, then the load per run and process count. */
function loadTables(runs: ReturnType<typeof keptRuns<LoadFigures>>) {
  return runs
    .map((run) => {
      const { alone, load, members } = run.results;
      const roleNames = [...new Set(alone.map((a) => a.role))];
      const calls = [...new Set(alone.map((a) => a.call))];
      const cell = (role: string, call: string) => {
        const figure = alone.find((a) => a.role === role && a.call === call);
        return figure ? `${figure.p50} / ${figure.p95}` : '(not theirs)';
      };
      const who = Object.entries(members)
        .map(([role, n]) => `${n} ${role}`)
        .join(', ');
      const loads = load.map(
        (l) =>
          `- ${l.processes} API process${l.processes > 1 ? 'es' : ''}, ${l.users} members, ${l.seconds} s` +
          `${l.think ? `, think ${l.think} ms` : ', no think time'}: ${l.perSecond} requests/s, p50 ${l.p50} ms, ` +
          `p95 ${l.p95} ms, p99 ${l.p99} ms, ${l.errors} errors; CPU a request: PostgreSQL ` +
          `${l.cpuMsPerRequest.postgres} ms, the API ${l.cpuMsPerRequest.api} ms.`,
      );
      return [
        `Scale ${run.scale}, measured on ${run.day} (${run.cores} cores, load average ${run.load} at the end); ${who}.`,
        '',
        'Each call alone at one connection, p50 / p95 in ms:',
        '',
        `| call | ${roleNames.join(' | ')} |`,
        `|---|${roleNames.map(() => '---|').join('')}`,
        ...calls.map((call) => `| ${call} | ${roleNames.map((role) => cell(role, call)).join(' | ')} |`),
        '',
        ...loads,
      ].join('\n');
    })
    .join('\n\n');
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
if (values.write) {
  keepRun('load', Number(values.scale), figures);
  writeSection('load', loadTables(keptRuns<LoadFigures>('load')));
  console.log('kept in docs/figures and written into docs/performance.md');
}
await db.end();
