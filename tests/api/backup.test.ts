import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { prepareDatabase } from '../../server/db/setup';
import { rows, type Database } from '../../server/db/client';
import { demoDatabaseAt } from './harness';

/**
 * Issue 15: `npm run backup` then `npm run restore` give back the database and the uploaded files exactly as they were,
 * on the database the tests run on (the embedded one, or PostgreSQL). The scripts run as a user runs them.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
const postgres = process.env.TEST_DB === 'postgres';
let databaseUrl = '';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO: 'false', LOG_LEVEL: 'warn' });
const npmRun = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], { cwd: root, env: env() });

async function open(): Promise<Database> {
  return prepareDatabase(loadConfig({ ...env(), DEMO: 'true' }));
}
const state = async (database: Database) =>
  (
    await rows<{ customers: number; sales: number; paid: string; names: string }>(
      database.db,
      sql`select (select count(*)::int from customers) as customers, (select count(*)::int from sales) as sales,
        (select coalesce(sum(paid_total), 0)::text from sales) as paid,
        (select string_agg(name_ka, ',' order by id) from customers) as names`,
    )
  )[0];

describe(`backup and restore (${postgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('gives back the database and the files as they were at the backup', async () => {
    const demo = await demoDatabaseAt(dataDir);
    databaseUrl = demo.databaseUrl;
    cleanups.push(demo.drop);
    const filesDir = path.join(dataDir, 'files');
    let database = await open();
    fs.mkdirSync(path.join(filesDir, 'documents'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'documents', 'contract.pdf'), '%PDF-1.7 signed contract');
    const before = await state(database);
    expect(before.sales).toBeGreaterThan(10);
    await database.close();

    const backupDir = path.join(dataDir, 'backup-1');
    await npmRun('backup', '--to', backupDir);
    expect(fs.readdirSync(backupDir).sort()).toEqual(
      ['backup.json', 'files.tar.gz', postgres ? 'database.dump' : 'pglite.tar'].sort(),
    );

    // what happens after the backup: a customer renamed, payments wiped, a file replaced and another added
    database = await open();
    await database.db.execute(
      sql`update customers set name_ka = 'შეცვლილი' where id = (select min(id) from customers)`,
    );
    await database.db.execute(sql`update sales set paid_total = 0`);
    await database.db.execute(sql`insert into customers (type, name_ka) values ('individual', 'ახალი')`);
    expect(await state(database)).not.toEqual(before);
    await database.close();
    fs.writeFileSync(path.join(filesDir, 'documents', 'contract.pdf'), 'overwritten');
    fs.writeFileSync(path.join(filesDir, 'later.pdf'), 'after the backup');

    await npmRun('restore', backupDir);
    database = await open();
    expect(await state(database)).toEqual(before);
    await database.close();
    expect(fs.readFileSync(path.join(filesDir, 'documents', 'contract.pdf'), 'utf8')).toBe('%PDF-1.7 signed contract');
    expect(fs.existsSync(path.join(filesDir, 'later.pdf'))).toBe(false);
  }, 180_000);
});
