/**
 * Prints the speed figures of sales and payments on PostgreSQL, beside their targets:
 * the `--scale N` seed (15,000 sales, about 300,000 installments at 100), GET /api/sales with three filters at
 * page 50, POST /api/payments/pay on different sales, and a 10,000-row bank statement through
 * POST /api/payments/importForMultipleSalesFromExcel.
 *
 *   npm run bench                                   fresh database bench_sales on postgres@127.0.0.1:5432
 *   BENCH_DATABASE_URL=postgres://… npm run bench   that database (the seed adds to what it holds)
 *   npm run bench -- --scale 10 --requests 50 --rows 2000
 *
 * A figure whose route does not answer (404) is reported as not available. `npm run bench -- --compare` runs the
 * side-by-side comparison instead (bench/compare.ts: the project, a bare Node+pg server, pgbench, Directus).
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sha256 } from '../server/core/crypto';
import { prepareDatabase } from '../server/db/setup';
import { XLSX_TYPE } from '../server/core/imports';
import { businessToday } from '../domain/businessDay';
import { multipart } from '../tests/api/harness';

// `npm run bench -- --compare`: the side-by-side run of bench/compare.ts instead of these figures.
if (process.argv.includes('--compare')) await import('./compare');

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    requests: { type: 'string', default: '200' },
    rows: { type: 'string', default: '10000' },
  },
});
const scale = Number(values.scale);
const requests = Number(values.requests);
const statementRows = Number(values.rows);
const TARGETS = { list: 50, pay: 30, import: 10 };

const root = path.resolve(import.meta.dirname, '..');
const rows = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'MISSES the target');

async function benchDatabase(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const { Client } = await import('pg');
  const server = 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query('drop database if exists bench_sales with (force)');
  await admin.query('create database bench_sales');
  await admin.end();
  return 'postgres://postgres@127.0.0.1:5432/bench_sales';
}

const url = await benchDatabase();
console.log(`database: ${url.replace(/\/\/[^@]*@/, '//')}`);

// The seed exactly as `npm run db:seed -- --scale N` runs it (it migrates first and prints its counts and time).
const seedStarted = performance.now();
const seeded = await promisify(execFile)(
  process.execPath,
  ['--import', 'tsx', 'server/db/seed/cli.ts', '--scale', String(scale)],
  {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    maxBuffer: 16 * 1024 * 1024,
  },
);
const seedSeconds = (performance.now() - seedStarted) / 1000;
process.stdout.write(seeded.stdout.replace(/^/gm, '  '));

const config = loadConfig({ ...process.env, DATABASE_URL: url, DEMO: 'false', LOG_LEVEL: 'warn' });
const database = await prepareDatabase(config);
try {
  const db = database.db;
  await db.execute(sql`analyze`);
  const [counts] = await rows<{ sales: number; installments: number; payments: number }>(
    db,
    sql`select (select count(*)::int from sales) as sales, (select count(*)::int from installments) as installments, (select count(*)::int from payments) as payments`,
  );

  // An administrator with a session, so every call goes through the whole HTTP path (access, scope, serialisation).
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
  console.log(
    `seed --scale ${scale} (whole command): ${seedSeconds.toFixed(2)} s; the database holds ${counts.sales} sales, ${counts.installments} installments, ${counts.payments} payments`,
  );
  const failed = (what: string, res: { statusCode: number; body: string }) =>
    console.log(`${what}: FAILED, answered ${res.statusCode}: ${res.body.slice(0, 500)}`);

  // GET /sales: 80 complexes, live statuses, contracts of the last year; page 50 of 25.
  const complexes = await rows<{ id: number }>(
    db,
    sql`select building_id as id from sales group by building_id order by building_id limit 80`,
  );
  const yearAgo = businessToday(new Date(Date.now() - 365 * 86_400_000));
  const listUrl = `/api/sales?${complexes.map((c) => `building_ids[]=${c.id}`).join('&')}&sale_statuses[]=active&sale_statuses[]=overdue&contract_start_date_from=${yearAgo}&page=50&perpage=25`;
  const probe = await app.inject({ method: 'GET', url: listUrl, headers });
  if (probe.statusCode === 404) {
    console.log(
      `GET /sales, 3 filters, page 50:   not available (the route answers 404)   target p95 < ${TARGETS.list} ms`,
    );
  } else if (probe.statusCode !== 200) {
    failed('GET /sales', probe);
  } else {
    const body = probe.json() as { data: unknown[]; meta: { total?: number } };
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: listUrl, headers });
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: listUrl, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`GET /sales answered ${res.statusCode}: ${res.body}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `GET /sales, 3 filters, page 50 (${body.data.length} rows of ${body.meta.total ?? '?'} matching, ${requests} requests): ` +
        `p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(times.at(-1)!)}   target p95 < ${TARGETS.list} ms: ${verdict(p95 < TARGETS.list)}`,
    );
  }

  // POST /payments/pay: 10.00 in the sale's currency on each of `requests` different live sales with a balance.
  const payable = await rows<{ id: number; currency: string }>(
    db,
    sql`select id, currency from sales where deleted_at is null and status in ('active', 'overdue') and price - paid_total >= 20 order by md5(id::text) limit ${requests}`,
  );
  const today = businessToday();
  const pay = (sale: { id: number; currency: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/pay',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { sale_id: sale.id, amount: 10, currency: sale.currency, paid_on: today, mode: 'sale', note: 'bench' },
    });
  const firstPay = payable.length ? await pay(payable[0]) : undefined;
  if (!firstPay || firstPay.statusCode === 404) {
    console.log(
      `POST /payments/pay:   not available (${firstPay ? 'the route answers 404' : 'no sale with a balance'})   target p95 < ${TARGETS.pay} ms`,
    );
  } else if (firstPay.statusCode !== 201) {
    failed('POST /payments/pay', firstPay);
  } else {
    const times: number[] = [];
    for (const sale of payable.slice(1)) {
      const started = performance.now();
      const res = await pay(sale);
      times.push(performance.now() - started);
      if (res.statusCode !== 201) throw new Error(`POST /payments/pay answered ${res.statusCode}: ${res.body}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `POST /payments/pay (${times.length} payments on different sales): p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(times.at(-1)!)}   ` +
        `target p95 < ${TARGETS.pay} ms: ${verdict(p95 < TARGETS.pay)}`,
    );
  }

  // A bank statement of `statementRows` rows of 1.00 each, two rows a sale, matched by contract number.
  const statementSales = await rows<{ contract_no: string; currency: string }>(
    db,
    sql`select contract_no, currency from sales where deleted_at is null and status in ('active', 'overdue') and price - paid_total >= 20 order by md5(contract_no) limit ${Math.ceil(statementRows / 2)}`,
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('statement');
  sheet.addRow(['paid_on', 'amount', 'currency', 'contract_no', 'personal_number', 'note']);
  for (let i = 0; i < statementRows && statementSales.length; i++) {
    const sale = statementSales[i % statementSales.length];
    sheet.addRow([today, 1, sale.currency, sale.contract_no, '', `bench statement row ${i + 1}`]);
  }
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const body = multipart({}, { file: { filename: 'statement.xlsx', type: XLSX_TYPE, data: file } });
  const importStarted = performance.now();
  const imported = await app.inject({
    method: 'POST',
    url: '/api/payments/importForMultipleSalesFromExcel',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  const importSeconds = (performance.now() - importStarted) / 1000;
  if (imported.statusCode === 404) {
    console.log(
      `statement import (${statementRows} rows):   not available (the route answers 404)   target < ${TARGETS.import} s`,
    );
  } else if (imported.statusCode >= 300) {
    failed('statement import', imported);
  } else {
    const result = imported.json() as { data: { imported: number; sales: number } };
    console.log(
      `statement import (${result.data.imported} rows on ${result.data.sales} sales, ${(file.length / 1024).toFixed(0)} KB): ${importSeconds.toFixed(2)} s   ` +
        `target < ${TARGETS.import} s: ${verdict(importSeconds < TARGETS.import)}`,
    );
  }
  await app.close();
} finally {
  await database.close();
}
