import type { ChildProcess } from 'node:child_process';
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
import { exited, startServerProcess } from './serverProcess';

/**
 * The server killed with SIGKILL in the middle of an import: a 5,000-row bank statement, and the sales
 * import. After a restart the database opens, the interrupted import is there whole or not at all, and the same file
 * then imports whole once (a statement's rows already there are not added again). On the embedded database and on
 * PostgreSQL, with the real server process.
 */
const postgres = process.env.TEST_DB === 'postgres';
const where = postgres ? 'PostgreSQL' : 'embedded database';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A demo database of its own in a data directory of its own, a server process on it, an administrator's token. */
async function crashSite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const demo = await demoDatabaseAt(dataDir);
  cleanups.push(demo.drop);
  const env = { DATA_DIR: dataDir, DATABASE_URL: demo.databaseUrl, DEMO: 'false' };
  const open = (): Promise<Database> => prepareDatabase(loadConfig({ ...process.env, ...env, DEMO: 'true' }));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const token = randomBytes(24).toString('base64url');
  // left open for the test to prepare its import on (opening PGlite costs seconds); closed before a server starts
  const database = await open();
  await database.db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
    select id, ${sha256(token)}, now() + interval '1 hour' from users where email = 'admin@demo.ge'`);

  /** The server process, and how many imports it has begun writing (its log's 'import: writing' lines). */
  async function startServer(): Promise<{ process: ChildProcess; writing(): number }> {
    const server = await startServerProcess(env, port);
    return { process: server.process, writing: () => server.output().split('import: writing').length - 1 };
  }

  /** Uploads a workbook as the import's `file`. */
  const upload = (url: string, file: Buffer, name: string) => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      name,
    );
    return fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-language': 'en' },
      body: form,
    });
  };

  /**
   * Sends a file and kills the server once the import has begun writing (its transaction is open: the server logs
   * 'import: writing' inside it), a moment later; when the import beats the kill it is whole, and the next file is
   * killed sooner. Answers how many imported whole and the killed file, with the server stopped.
   */
  async function killPartWay(url: string, fileOf: (attempt: number) => Promise<Buffer>) {
    let server = await startServer();
    let imported = 0;
    let killed: Buffer | undefined;
    for (const delay of [250, 50, 0]) {
      const file = await fileOf(imported);
      const begun = server.writing();
      const answer = upload(url, file, 'attempt.xlsx').catch((error: Error) => error);
      for (let i = 0; i < 1200 && server.writing() === begun; i++) await new Promise((r) => setTimeout(r, 25));
      expect(server.writing(), 'the import never began writing').toBe(begun + 1);
      await new Promise((r) => setTimeout(r, delay));
      server.process.kill('SIGKILL');
      await exited(server.process);
      if ((await answer) instanceof Error) {
        console.log(`${url}: killed ${delay} ms after the import began writing`);
        killed = file;
        break;
      }
      imported++;
      server = await startServer();
    }
    expect(killed).toBeDefined();
    return { imported, killed: killed! };
  }

  /** The killed file again, on a restarted server: imported whole. Answers what the import answered. */
  async function importAgain(url: string, file: Buffer) {
    const server = await startServer();
    try {
      const again = await upload(url, file, 'again.xlsx');
      expect(again.status, await again.clone().text()).toBe(201);
      return ((await again.json()) as { data: Record<string, unknown> }).data;
    } finally {
      server.process.kill('SIGTERM');
      await exited(server.process);
    }
  }

  return { database, open, killPartWay, importAgain };
}

async function workbook(header: string[], lines: Array<Array<string | number>>) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('sheet');
  sheet.addRow(header);
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(database.db, query))[0].n;

const STATEMENT_ROWS = 5000;

describe(`SIGKILL during a ${STATEMENT_ROWS}-row bank statement import (${where})`, () => {
  it('leaves all of it or nothing, and the same file after the restart completes it once', async () => {
    const site = await crashSite();
    // the live sales with room for the statement's payments
    let database = site.database;
    const lines = await rows<{ contract: string; currency: string }>(
      database.db,
      sql`select contract_no as contract, currency from sales
        where deleted_at is null and status in ('active', 'overdue') and price - paid_total > 1000 and contract_no is not null
        order by id`,
    );
    expect(lines.length).toBeGreaterThan(10);
    const payments = (db: Database) => count(db, sql`select count(*)::int as n from payments`);
    const before = await payments(database);
    await database.close();

    const statement = (attempt: number) =>
      workbook(
        ['paid_on', 'amount', 'currency', 'contract_no', 'personal_number', 'note'],
        Array.from({ length: STATEMENT_ROWS }, (_, i) => {
          const line = lines[i % lines.length];
          return ['2026-01-15', 1, line.currency, line.contract, '', `attempt ${attempt} ${i}`];
        }),
      );
    const url = '/api/payments/importForMultipleSalesFromExcel';
    const { imported, killed } = await site.killPartWay(url, statement);

    // the client lost its answer, but the import may have committed just before the kill: never part of it
    database = await site.open();
    const afterKill = await payments(database);
    expect([before + imported * STATEMENT_ROWS, before + (imported + 1) * STATEMENT_ROWS]).toContain(afterKill);
    await database.close();

    // sending it again, as the user whose screen showed an error does, adds what is missing and names what was there
    const again = await site.importAgain(url, killed);
    const committed = afterKill > before + imported * STATEMENT_ROWS;
    expect(again.imported).toBe(committed ? 0 : STATEMENT_ROWS);
    expect((again.already_imported as number[]).length).toBe(committed ? STATEMENT_ROWS : 0);
    database = await site.open();
    expect(await payments(database)).toBe(before + (imported + 1) * STATEMENT_ROWS);
    await database.close();
  }, 240_000);
});

const SALE_ROWS = 300;

describe(`SIGKILL during a ${SALE_ROWS}-row sales import (${where})`, () => {
  it('leaves no sale, schedule, payment or taken unit behind; the same file imports whole after restart', async () => {
    const site = await crashSite();
    // a complex of its own with free units for five imports, and customers to buy them
    let database = site.database;
    const complex = `Crash complex ${randomBytes(4).toString('hex')}`;
    const [{ id: buildingId }] = await rows<{ id: number }>(
      database.db,
      sql`insert into buildings (name) values (${complex}) returning id`,
    );
    await database.db.execute(sql`insert into properties (building_id, no, floor, area)
      select ${buildingId}, 'u' || a || '-' || i, 1, 50 from generate_series(0, 4) a, generate_series(1, ${SALE_ROWS}) i`);
    const people = Array.from({ length: 20 }, (_, i) => String(98_000_000_000 + (Date.now() % 1e6) * 100 + i));
    for (const [i, personal] of people.entries())
      await database.db.execute(
        sql`insert into customers (name_ka, personal_number) values (${`ავარიის კლიენტი ${i}`}, ${personal})`,
      );
    const figures = async (db: Database) => ({
      sales: await count(db, sql`select count(*)::int as n from sales where building_id = ${buildingId}`),
      installments: await count(
        db,
        sql`select count(*)::int as n from installments i join sales s on s.id = i.sale_id where s.building_id = ${buildingId}`,
      ),
      payments: await count(
        db,
        sql`select count(*)::int as n from payments p join sales s on s.id = p.sale_id where s.building_id = ${buildingId}`,
      ),
      taken: await count(
        db,
        sql`select count(*)::int as n from properties where building_id = ${buildingId} and status <> 'free'`,
      ),
    });
    expect(await figures(database)).toEqual({ sales: 0, installments: 0, payments: 0, taken: 0 });
    await database.close();

    // each attempt sells its own units: 12 monthly installments, 1,000 already paid
    const salesOf = (attempt: number) =>
      workbook(
        [
          'contract_no',
          'complex',
          'block',
          'unit_no',
          'personal_number',
          'price',
          'currency',
          'contract_start_date',
          'first_payment_date',
          'period_months',
          'payments_count',
          'formula',
          'paid_total',
        ],
        Array.from({ length: SALE_ROWS }, (_, i) => [
          `CRASH-${attempt}-${i + 1}`,
          complex,
          '',
          `u${attempt}-${i + 1}`,
          people[i % people.length],
          24000,
          'GEL',
          '2026-01-05',
          '2026-02-05',
          1,
          12,
          '',
          1000,
        ]),
      );
    const url = '/api/sales/importFromExcel';
    const { imported, killed } = await site.killPartWay(url, salesOf);

    const whole = (n: number) => ({
      sales: n * SALE_ROWS,
      installments: n * SALE_ROWS * 12,
      payments: n * SALE_ROWS,
      taken: n * SALE_ROWS,
    });
    database = await site.open();
    expect(await figures(database)).toEqual(whole(imported));
    await database.close();

    await site.importAgain(url, killed);
    database = await site.open();
    expect(await figures(database)).toEqual(whole(imported + 1));
    await database.close();
  }, 300_000);
});
