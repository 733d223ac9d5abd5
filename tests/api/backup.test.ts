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
import { startServerProcess } from './serverProcess';

/**
 * `npm run backup` then `npm run restore` give back the database and the uploaded files exactly as they were, in place:
 * into the database the server has run on (on PostgreSQL with pg-boss's tables, their partitions included), on the
 * database the tests run on (the embedded one, or PostgreSQL). The scripts and the server run as a user runs them.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const postgres = process.env.TEST_DB === 'postgres';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A demo database and a files directory of their own, with the scripts and the server pointed at them. */
async function site() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const demo = await demoDatabaseAt(dataDir);
  cleanups.push(demo.drop);
  const env = { DATA_DIR: dataDir, DATABASE_URL: demo.databaseUrl, DEMO: 'false' };
  const filesDir = path.join(dataDir, 'files');
  return {
    dataDir,
    filesDir,
    databaseUrl: demo.databaseUrl,
    script: (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
        cwd: root,
        env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      }),
    open: (): Promise<Database> => prepareDatabase(loadConfig({ ...process.env, ...env, DEMO: 'true' })),
    /** The server started on the database and stopped again: on PostgreSQL pg-boss has made its queues. */
    async serve() {
      const server = await startServerProcess(env);
      await server.stop();
    },
  };
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

/** The job queue's partitions (pg-boss keeps a table per queue, each a partition of its `job` table). */
const queuePartitions = async (database: Database) =>
  (
    await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss'`,
    )
  )[0].n;

/** What happens after the backup: a customer renamed, payments wiped, a customer added, a file replaced and added. */
async function changeEverything(database: Database, filesDir: string) {
  await database.db.execute(sql`update customers set name_ka = 'შეცვლილი' where id = (select min(id) from customers)`);
  await database.db.execute(sql`update sales set paid_total = 0`);
  await database.db.execute(sql`insert into customers (type, name_ka) values ('individual', 'ახალი')`);
  fs.writeFileSync(path.join(filesDir, 'documents', 'contract.pdf'), 'overwritten');
  fs.writeFileSync(path.join(filesDir, 'later.pdf'), 'after the backup');
}

describe(`backup and restore in place (${postgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('gives back the database and the files as at the backup, on a database the server has used', async () => {
    const { filesDir, script, open, serve, dataDir } = await site();
    await serve();
    let database = await open();
    if (postgres) expect(await queuePartitions(database)).toBeGreaterThan(0);
    fs.mkdirSync(path.join(filesDir, 'documents'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'documents', 'contract.pdf'), '%PDF-1.7 signed contract');
    const before = await state(database);
    expect(before.sales).toBeGreaterThan(10);
    await database.close();

    const backupDir = path.join(dataDir, 'backup-1');
    await script('backup', '--to', backupDir);
    expect(fs.readdirSync(backupDir).sort()).toEqual(
      ['backup.json', 'files.tar.gz', postgres ? 'database.dump' : 'pglite.tar'].sort(),
    );

    database = await open();
    await changeEverything(database, filesDir);
    expect(await state(database)).not.toEqual(before);
    await database.close();

    const { stdout } = await script('restore', backupDir);
    expect(stdout).toContain('restored');
    database = await open();
    expect(await state(database)).toEqual(before);
    await database.close();
    expect(fs.readFileSync(path.join(filesDir, 'documents', 'contract.pdf'), 'utf8')).toBe('%PDF-1.7 signed contract');
    expect(fs.existsSync(path.join(filesDir, 'later.pdf'))).toBe(false);

    // the server starts on what was restored, and pg-boss has its queues again
    await serve();
    if (postgres) {
      database = await open();
      expect(await queuePartitions(database)).toBeGreaterThan(0);
      await database.close();
    }
  }, 300_000);

  it('a restore that fails says what failed, and leaves the database and the files as they were', async () => {
    const { filesDir, script, open, dataDir, databaseUrl } = await site();
    fs.mkdirSync(path.join(filesDir, 'documents'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'documents', 'contract.pdf'), '%PDF-1.7 signed contract');
    const backupDir = path.join(dataDir, 'backup-1');
    await script('backup', '--to', backupDir);
    let database = await open();
    await changeEverything(database, filesDir);
    const changed = await state(database);
    const changedFiles = fs.readdirSync(filesDir).sort();
    expect(changedFiles).toEqual(expect.arrayContaining(['documents', 'later.pdf']));
    await database.close();

    /** A restore from `folder` fails saying `says`, and the database and files stay as they were. */
    const failsAndChangesNothing = async (folder: string, says: RegExp) => {
      const failed = await script('restore', folder).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed, `a restore of ${folder}`).toBeDefined();
      expect(failed!.stderr).toMatch(says);
      expect(failed!.stderr).toContain('nothing was changed');
      database = await open();
      expect(await state(database)).toEqual(changed);
      await database.close();
      expect(fs.readFileSync(path.join(filesDir, 'documents', 'contract.pdf'), 'utf8')).toBe('overwritten');
      expect(fs.readFileSync(path.join(filesDir, 'later.pdf'), 'utf8')).toBe('after the backup');
      expect(fs.readdirSync(filesDir).sort()).toEqual(changedFiles);
    };
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'backup.json'), 'utf8'));
    for (const { file, says } of [
      { file: manifest.files_file, says: /files archive .* could not be unpacked/ },
      { file: manifest.database_file, says: /database .* could not be (read|opened)/ },
    ]) {
      const copy = path.join(dataDir, `broken-${file}`);
      fs.cpSync(backupDir, copy, { recursive: true });
      const whole = fs.readFileSync(path.join(copy, file));
      fs.writeFileSync(path.join(copy, file), whole.subarray(0, Math.floor(whole.length / 2)));
      await failsAndChangesNothing(copy, says);
    }
    if (postgres) {
      // a server still connected to the database
      const { Client } = await import('pg');
      const server = new Client({ connectionString: databaseUrl });
      await server.connect();
      cleanups.push(() => server.end());
      await failsAndChangesNothing(backupDir, /other connection\(s\) to the database are open.*stop the server/);
    }
  }, 300_000);
});
