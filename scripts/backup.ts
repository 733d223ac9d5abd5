/**
 * `npm run backup [-- --to DIR]` and `npm run restore -- DIR`: the database and the uploaded files, together.
 *
 * - PostgreSQL (DATABASE_URL set): `pg_dump --format=custom` (a consistent snapshot while the server runs) without
 *   the job queue's schema (pgboss): its rows are runs waiting to happen, and pg-boss builds the schema again on start
 *   while the server schedules its jobs anew. A restore puts the database back exactly, in one transaction: the
 *   application's schemas (public, drizzle, and pgboss) are dropped and the dump loaded, committed only once the whole
 *   dump has loaded.
 * - The embedded database (PGlite in DATA_DIR): PGlite's own dump of its data directory. PGlite is one process's
 *   database: stop the server before a backup or a restore (two processes on one data directory would damage it).
 * - Files: FILES_DIR as a .tar.gz; a restore replaces the directory's content with it.
 *
 * A restore unpacks the files and checks the database's copy before it changes anything, and replaces the files only
 * once the database is back, so a backup that cannot be read changes nothing.
 *
 * A backup is a folder `backups/<time>/` (or --to) holding `database.dump` or `pglite.tar`, `files.tar.gz` and
 * `backup.json` (what it holds and when it was taken).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { loadConfig } from '../server/config';
import { openPglite } from '../server/db/client';

const run = promisify(execFile);
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { to: { type: 'string' } },
});
const [command, source] = positionals;
const config = loadConfig(process.env);
const JOB_QUEUE_SCHEMA = 'pgboss';

interface Manifest {
  taken_at: string;
  database: 'postgres' | 'pglite';
  database_file: string;
  files_file: string;
}

/** A failure the operator is told in one sentence, without a stack. */
class RestoreFailure extends Error {}

async function pgliteAt(dataDir: string, loadDataDir?: Blob) {
  const location = path.join(dataDir, 'pgdata');
  try {
    return await openPglite(location, loadDataDir);
  } catch (error) {
    throw new Error(`the embedded database in ${location} could not be opened: ${error}`, { cause: error });
  }
}

async function backup() {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(values.to ?? path.join('backups', stamp));
  fs.mkdirSync(target, { recursive: true });
  let manifest: Manifest;
  if (config.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--exclude-schema=${JOB_QUEUE_SCHEMA}`,
      `--file=${path.join(target, 'database.dump')}`,
      config.databaseUrl,
    ]);
    manifest = {
      taken_at: new Date().toISOString(),
      database: 'postgres',
      database_file: 'database.dump',
      files_file: '',
    };
  } else {
    const db = await pgliteAt(config.dataDir);
    const dump = await db.dumpDataDir('none');
    await db.close();
    fs.writeFileSync(path.join(target, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
    manifest = { taken_at: new Date().toISOString(), database: 'pglite', database_file: 'pglite.tar', files_file: '' };
  }
  fs.mkdirSync(config.filesDir, { recursive: true });
  await run('tar', ['-czf', path.join(target, 'files.tar.gz'), '-C', config.filesDir, '.']);
  manifest.files_file = 'files.tar.gz';
  fs.writeFileSync(path.join(target, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`backed up the ${manifest.database} database and ${config.filesDir} to ${target}`);
}

const exitOf = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('close', (code) => resolve(code ?? -1));
  });

const collected = (stream: NodeJS.ReadableStream | null) => {
  let text = '';
  stream?.on('data', (chunk) => (text += chunk));
  return () => text.trim();
};

/** Waits a few seconds for connections of a server just stopped to go; refuses while any other stays. */
async function refuseWhileInUse(databaseUrl: string) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect().catch((error: Error) => {
    throw new RestoreFailure(`the database could not be reached (${error.message})`);
  });
  try {
    for (let attempt = 0; ; attempt++) {
      const { rows } = await client.query<{ n: number; who: string }>(
        `select count(*)::int as n, string_agg(distinct coalesce(nullif(application_name, ''), 'unnamed'), ', ') as who
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      if (!rows[0].n) return;
      if (attempt === 50)
        throw new RestoreFailure(
          `${rows[0].n} other connection(s) to the database are open (${rows[0].who}): stop the server first`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/**
 * The dump loaded into PostgreSQL in one transaction after the application's schemas are dropped: psql reads
 * pg_restore's script, and COMMIT is sent only when pg_restore has read the whole dump, so a dump that breaks part way
 * (or a statement that fails) leaves the database as it was.
 */
async function restorePostgres(dump: string, databaseUrl: string) {
  await refuseWhileInUse(databaseUrl);
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${databaseUrl}`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const psqlErrors = collected(psql.stderr);
  const psqlExit = exitOf(psql);
  psql.stdin!.on('error', () => {}); // psql stopped on an error: its own message says why
  psql.stdin!.write(
    `begin;
     drop schema if exists ${JOB_QUEUE_SCHEMA} cascade;
     drop schema if exists drizzle cascade;
     drop schema if exists public cascade;
     create schema public;\n`,
  );
  // a dump taken before the job queue was left out still holds it
  const script = spawn('pg_restore', ['--no-owner', `--exclude-schema=${JOB_QUEUE_SCHEMA}`, '--file=-', dump], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const scriptErrors = collected(script.stderr);
  script.stdout!.pipe(psql.stdin!, { end: false });
  const read = await exitOf(script);
  psql.stdin!.end(read === 0 ? 'commit;\n' : '');
  const loaded = await psqlExit;
  if (read !== 0) throw new RestoreFailure(`the database dump ${dump} could not be read: ${scriptErrors()}`);
  if (loaded !== 0 || psqlErrors().includes('ERROR'))
    throw new RestoreFailure(`the database could not be loaded from ${dump}: ${psqlErrors()}`);
}

/** The embedded database's copy opened beside the current one; answers what puts it in place. */
async function stagePglite(tarFile: string): Promise<() => void> {
  const pgdata = path.join(config.dataDir, 'pgdata');
  const incoming = `${pgdata}.restoring`;
  fs.rmSync(incoming, { recursive: true, force: true });
  try {
    const opened = await openPglite(incoming, new Blob([fs.readFileSync(tarFile)]));
    await opened.query('select count(*) from drizzle.__drizzle_migrations');
    await opened.close();
  } catch (error) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw new RestoreFailure(`the database copy ${tarFile} could not be opened: ${(error as Error).message}`);
  }
  return () => {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(incoming, pgdata);
  };
}

/**
 * The files unpacked into a folder inside the files directory (the same disk, even when the directory is a mount of
 * its own); answers what replaces the directory's content with them, and what throws them away.
 */
async function stageFiles(archive: string): Promise<{ replace(): void; discard(): void }> {
  const staging = path.join(config.filesDir, '.restoring');
  fs.mkdirSync(config.filesDir, { recursive: true });
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging);
  const discard = () => fs.rmSync(staging, { recursive: true, force: true });
  try {
    await run('tar', ['-xzf', archive, '-C', staging]);
  } catch (error) {
    discard();
    const said = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new RestoreFailure(`the files archive ${archive} could not be unpacked: ${said}`);
  }
  return {
    discard,
    replace() {
      for (const entry of fs.readdirSync(config.filesDir))
        if (entry !== '.restoring') fs.rmSync(path.join(config.filesDir, entry), { recursive: true, force: true });
      for (const entry of fs.readdirSync(staging))
        fs.renameSync(path.join(staging, entry), path.join(config.filesDir, entry));
      discard();
    },
  };
}

function manifestOf(folder: string): Manifest {
  const file = path.join(folder, 'backup.json');
  if (!fs.existsSync(file)) throw new RestoreFailure(`${folder} holds no backup.json: is it a backup folder?`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if ((manifest.database === 'postgres') !== Boolean(config.databaseUrl))
    throw new RestoreFailure(
      `this backup holds a ${manifest.database} database; ` +
        `set ${manifest.database === 'postgres' ? 'DATABASE_URL' : 'no DATABASE_URL'} to restore it`,
    );
  return manifest;
}

async function restore(from: string) {
  const folder = path.resolve(from);
  const manifest = manifestOf(folder);
  const files = await stageFiles(path.join(folder, manifest.files_file));
  try {
    const dump = path.join(folder, manifest.database_file);
    if (manifest.database === 'postgres') await restorePostgres(dump, config.databaseUrl!);
    else (await stagePglite(dump))();
  } catch (error) {
    files.discard();
    throw error;
  }
  try {
    files.replace();
  } catch (error) {
    throw new Error(
      `the database was restored, but the files directory ${config.filesDir} could not be replaced ` +
        `(${(error as Error).message}): unpack ${manifest.files_file} into it by hand`,
      { cause: error },
    );
  }
  console.log(
    `restored the ${manifest.database} database and ${config.filesDir} from ${folder} (${manifest.taken_at})`,
  );
}

if (command === 'backup') await backup();
else if (command === 'restore' && source) {
  try {
    await restore(source);
  } catch (error) {
    if (!(error instanceof RestoreFailure)) throw error;
    console.error(`restore failed: ${error.message}; nothing was changed`);
    process.exit(1);
  }
} else {
  console.error('usage: npm run backup [-- --to DIR] | npm run restore -- DIR');
  process.exit(2);
}
