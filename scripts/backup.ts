/**
 * `npm run backup [-- --to DIR]` and `npm run restore -- DIR`: the database and the uploaded files, together.
 *
 * - PostgreSQL (DATABASE_URL set): `pg_dump --format=custom` (a consistent snapshot while the server runs), restored
 *   with `pg_restore --clean --if-exists` into the same database.
 * - The embedded database (PGlite in DATA_DIR): PGlite's own dump of its data directory. PGlite is one process's
 *   database: stop the server before a backup or a restore (two processes on one data directory would damage it).
 * - Files: FILES_DIR as a .tar.gz; a restore replaces the directory's content with it.
 *
 * A backup is a folder `backups/<time>/` (or --to) holding `database.dump` or `pglite.tar`, `files.tar.gz` and
 * `backup.json` (what it holds and when it was taken).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { loadConfig } from '../server/config';

const run = promisify(execFile);
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { to: { type: 'string' } },
});
const [command, source] = positionals;
const config = loadConfig(process.env);

interface Manifest {
  taken_at: string;
  database: 'postgres' | 'pglite';
  database_file: string;
  files_file: string;
}

async function pgliteAt(dataDir: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const location = path.join(dataDir, 'pgdata');
  try {
    return await PGlite.create(location, loadDataDir ? { loadDataDir } : {});
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

async function restore(from: string) {
  const folder = path.resolve(from);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'backup.json'), 'utf8')) as Manifest;
  if ((manifest.database === 'postgres') !== Boolean(config.databaseUrl))
    throw new Error(
      `this backup holds a ${manifest.database} database; set ${manifest.database === 'postgres' ? 'DATABASE_URL' : 'no DATABASE_URL'} to restore it`,
    );
  if (manifest.database === 'postgres') {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      path.join(folder, manifest.database_file),
    ]);
  } else {
    const pgdata = path.join(config.dataDir, 'pgdata');
    // the copy is checked by opening it beside the current one before the current one is replaced
    const incoming = `${pgdata}.restoring`;
    fs.rmSync(incoming, { recursive: true, force: true });
    const tar = new Blob([fs.readFileSync(path.join(folder, manifest.database_file))]);
    const { PGlite } = await import('@electric-sql/pglite');
    const opened = await PGlite.create(incoming, { loadDataDir: tar });
    await opened.query('select 1');
    await opened.close();
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(incoming, pgdata);
  }
  fs.rmSync(config.filesDir, { recursive: true, force: true });
  fs.mkdirSync(config.filesDir, { recursive: true });
  await run('tar', ['-xzf', path.join(folder, manifest.files_file), '-C', config.filesDir]);
  console.log(
    `restored the ${manifest.database} database and ${config.filesDir} from ${folder} (${manifest.taken_at})`,
  );
}

if (command === 'backup') await backup();
else if (command === 'restore' && source) await restore(source);
else {
  console.error('usage: npm run backup [-- --to DIR] | npm run restore -- DIR');
  process.exit(2);
}
