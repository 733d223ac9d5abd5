import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { sha256 } from '../../server/core/crypto';
import { prepareDatabase } from '../../server/db/setup';
import { rows, type Database } from '../../server/db/client';
import { demoDatabaseAt } from './harness';

/**
 * Issue 15: the server killed with SIGKILL in the middle of a 5,000-row bank statement import. After a restart the
 * database opens, nothing of the interrupted import is there, and the same file then imports whole. On the embedded
 * database and on PostgreSQL, with the real server process.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
const postgres = process.env.TEST_DB === 'postgres';
const ROWS = 5000;
let databaseUrl = '';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  DEMO: 'false',
  LOG_LEVEL: 'warn',
  CURRENCY_FETCH: 'false',
});

async function startServer(port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...env(), LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', TEST_DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  for (let i = 0; i < 600 && !output.includes('ready in'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('ready in')) throw new Error(`the server did not start: ${output}`);
  return server;
}
const stopped = (server: ChildProcess) =>
  new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));

async function statement(lines: Array<{ contract: string; currency: string }>, note: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('statement');
  sheet.addRow(['paid_on', 'amount', 'currency', 'contract_no', 'personal_number', 'note']);
  for (let i = 0; i < ROWS; i++) {
    const line = lines[i % lines.length];
    sheet.addRow(['2026-01-15', 1, line.currency, line.contract, '', `${note} ${i}`]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe(`SIGKILL during a ${ROWS}-row bank statement import (${postgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('leaves nothing of it behind, and the same file imports whole after the restart', async () => {
    const demo = await demoDatabaseAt(dataDir);
    databaseUrl = demo.databaseUrl;
    cleanups.push(demo.drop);
    // the demo, an administrator's session, and the live sales with room for the statement's payments
    const open = (): Promise<Database> => prepareDatabase(loadConfig({ ...env(), DEMO: 'true' }));
    let database = await open();
    const token = randomBytes(24).toString('base64url');
    await database.db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
      select id, ${sha256(token)}, now() + interval '1 hour' from users where email = 'admin@demo.ge'`);
    const lines = await rows<{ contract: string; currency: string }>(
      database.db,
      sql`select contract_no as contract, currency from sales
        where deleted_at is null and status in ('active', 'overdue') and price - paid_total > 1000 and contract_no is not null
        order by id`,
    );
    expect(lines.length).toBeGreaterThan(10);
    const count = async (db: Database) =>
      (await rows<{ n: number }>(db.db, sql`select count(*)::int as n from payments`))[0].n;
    const before = await count(database);
    await database.close();

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const upload = (file: Buffer) => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
        'statement.xlsx',
      );
      return fetch(`http://127.0.0.1:${port}/api/payments/importForMultipleSalesFromExcel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-language': 'en' },
        body: form,
      });
    };

    // a first statement, whole, tells how long an import takes here
    let server = await startServer(port);
    const started = performance.now();
    const first = await upload(await statement(lines, 'first'));
    expect(first.status, await first.clone().text()).toBe(201);
    const took = performance.now() - started;

    // the next, killed part way; when an import beats the kill it is whole, and the next one is killed sooner
    let imported = 1;
    let killed: Buffer | undefined;
    for (const share of [0.5, 0.3, 0.15, 0.05]) {
      const file = await statement(lines, `attempt ${share}`);
      const answer = upload(file).catch((error: Error) => error);
      await new Promise((r) => setTimeout(r, took * share));
      server.kill('SIGKILL');
      await stopped(server);
      if ((await answer) instanceof Error) {
        console.log(`killed ${Math.round(took * share)} ms into an import that took ${Math.round(took)} ms whole`);
        killed = file;
        break;
      }
      imported++;
      server = await startServer(port);
    }
    expect(killed).toBeDefined();

    database = await open();
    expect(await count(database)).toBe(before + imported * ROWS);
    await database.close();

    server = await startServer(port);
    try {
      const again = await upload(killed!);
      expect(again.status, await again.clone().text()).toBe(201);
    } finally {
      server.kill('SIGTERM');
      await stopped(server);
    }
    database = await open();
    expect(await count(database)).toBe(before + (imported + 1) * ROWS);
    await database.close();
  }, 240_000);
});
