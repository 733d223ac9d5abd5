/** What the PostgreSQL benchmarks share: their database, seeded once, and sessions made without signing in. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sha256 } from '../server/core/crypto';
import { API_NODE_ARGS } from '../scripts/apiProcess';

const root = path.resolve(import.meta.dirname, '..');
const SERVER = 'postgres://postgres@127.0.0.1:5432';

/**
 * BENCH_DATABASE_URL as it is, else the database `name` on the local PostgreSQL: made anew when `fresh`, otherwise
 * kept between runs (a scale-100 seed takes a while).
 */
export async function benchDatabase(name: string, options: { fresh?: boolean } = {}): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  if (options.fresh) await admin.query(`drop database if exists ${name} with (force)`);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  return `${SERVER}/${name}`;
}

/** Seeds `--scale` into the database when it holds no sales yet (migrating it first), then vacuums and analyzes it. */
export async function ensureSeeded(db: pg.Client, url: string, scale: number) {
  const seeded = await db
    .query(`select 1 from information_schema.tables where table_name = 'sales'`)
    .then(async (r) => r.rowCount! > 0 && (await db.query('select count(*)::int as n from sales')).rows[0].n > 0);
  if (!seeded) {
    const started = performance.now();
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/db/seed/cli.ts', '--scale', String(scale)],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    console.log(`seeded --scale ${scale} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // this machine's PostgreSQL runs no autovacuum (CI's settings): what earlier runs left dead is reclaimed first
  await db.query('vacuum analyze');
}

/** A session token for a new user of `role`, bound to `buildings` (none: the role's own reach). */
export async function sessionFor(db: pg.Client, role: string, buildings: number[] = []) {
  const user = await db.query(`insert into users (full_name, email, password_hash) values ($1, $2, 'x') returning id`, [
    `Bench ${role}`,
    `bench-${randomUUID()}@demo.ge`,
  ]);
  const id = user.rows[0].id as number;
  await db.query(`insert into user_roles (user_id, role_id) select $1, id from roles where name = $2`, [id, role]);
  for (const building of buildings)
    await db.query('insert into user_buildings (user_id, building_id) values ($1, $2)', [id, building]);
  const token = randomBytes(24).toString('base64url');
  await db.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '2 hours')`, [
    id,
    sha256(token),
  ]);
  return token;
}

/** Waits until `address` answers (anything below 500) for up to a minute. */
export async function waitFor(address: string) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (
      await fetch(address).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${address} did not answer`);
}

/**
 * The project's API on `port` against `url` (`processes` > 1: behind one port by scripts/cluster.ts), in a process
 * group of its own (stop it with `process.kill(-child.pid)`), answering once started. `root`: another checkout's API.
 */
export async function startApi(
  url: string,
  port: number,
  options: { processes?: number; env?: Record<string, string>; root?: string } = {},
): Promise<ChildProcess> {
  const processes = options.processes ?? 1;
  const child = spawn(process.execPath, [...API_NODE_ARGS, processes > 1 ? 'scripts/cluster.ts' : 'server/index.ts'], {
    cwd: options.root ?? root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      CURRENCY_FETCH: 'off',
      WEB_CONCURRENCY: String(processes),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitFor(`http://127.0.0.1:${port}/api/config`);
  return child;
}

/**
 * CPU seconds used so far by the local PostgreSQL's processes, by the processes of the process group `group` (an API
 * started by `startApi`, with its workers) and by this process, read from /proc (Linux; zero elsewhere). Two readings
 * a run apart tell who the machine's cores worked for.
 */
export function cpuSeconds(group: number) {
  const ticks = 100; // USER_HZ, 100 on Linux
  let postgres = 0;
  let api = 0;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    // not Linux: no figures
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // the fields after the command's closing parenthesis: state is field 3, pgrp 5, utime 14, stime 15, cutime 16,
      // cstime 17
      const [command, rest] = [
        stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        stat.slice(stat.lastIndexOf(')') + 2),
      ];
      const fields = rest.split(' ');
      const used = (Number(fields[11]) + Number(fields[12])) / ticks;
      // a backend that ended (the pool closed an idle connection) is counted in its parent's cutime and cstime
      if (command === 'postgres') postgres += used + (Number(fields[13]) + Number(fields[14])) / ticks;
      else if (Number(fields[2]) === group) api += used;
    } catch {
      // the process ended meanwhile
    }
  }
  const own = process.cpuUsage();
  return { postgres, api, loadGenerator: (own.user + own.system) / 1e6 };
}

/**
 * A payment of 1.00 on sales with at least 1,000 left to pay (in a stable random order), each with an Idempotency-Key
 * of its own: autocannon's `setupRequest` for POST /api/payments/pay, one sale after the other.
 */
export async function payingRequests(db: pg.Client, options: { note?: string } = {}) {
  const sales = (
    await db.query(
      `select id, currency from sales where deleted_at is null and status in ('active', 'overdue')
        and price - paid_total >= 1000 order by md5(id::text) limit 5000`,
    )
  ).rows as Array<{ id: number; currency: string }>;
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    const payment = smallPayment(sales[next++ % sales.length], options.note);
    return { ...request, headers: { ...request.headers, ...payment.headers }, body: payment.body };
  };
}

/** A payment of 1.00 today on `sale`, as POST /api/payments/pay takes it: its headers (a key of its own) and body. */
export const smallPayment = (sale: { id: number; currency: string }, note?: string) => ({
  headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  body: JSON.stringify({
    sale_id: sale.id,
    amount: 1,
    currency: sale.currency,
    paid_on: new Date().toISOString().slice(0, 10),
    mode: 'sale',
    ...(note ? { note } : {}),
  }),
});

/** The sales list of the load mix: three complexes, active and overdue sales, page 3 of 25. */
export async function salesListPath(db: pg.Client) {
  const complexes = (await db.query('select id from buildings order by id limit 3')).rows as Array<{ id: number }>;
  return `/api/sales?${complexes.map((c) => `building_ids[]=${c.id}`).join('&')}&sale_statuses[]=active&sale_statuses[]=overdue&page=3&perpage=25`;
}
