import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  url?: string;
  /**
   * Calls `onMessage` for each NOTIFY on `channel`, from this process or any other on the same database, and
   * `onListening(false)` while messages may be missed (the listening connection dropped and is opening again), then
   * `onListening(true)`. Answers the unsubscribe.
   */
  listen(channel: string, onMessage: () => void, onListening: (on: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** DATABASE_URL set: a PostgreSQL server. Otherwise PGlite in `dataDir` ('memory://' for a throwaway one). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  pgliteTemplate?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // JIT compiling pays off for long analytical queries, not for a back office's short ones: a list whose plan cost
    // crossed its threshold spent more time compiling than running.
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      options: '-c jit=off',
    });
    // An idle connection the server closes (restart, failover) must not bring the process down; the pool replaces it.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const listen = (channel: string, onMessage: () => void, onListening: (on: boolean) => void) =>
      listenOnPostgres(options.databaseUrl!, channel, onMessage, onListening);
    return { db, kind: 'postgres', url: options.databaseUrl, listen, close: () => pool.end() };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const location = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pgdata');
  if (location !== 'memory://') fs.mkdirSync(location, { recursive: true });
  const client = await openPglite(location, options.pgliteTemplate);
  const db = drizzle(client, { schema }) as unknown as Db;
  const listen = async (channel: string, onMessage: () => void, onListening: (on: boolean) => void) => {
    const stop = await client.listen(channel, onMessage);
    onListening(true);
    return async () => {
      if (!client.closed) await stop();
    };
  };
  return { db, kind: 'pglite', listen, close: () => client.close() };
}

/** PGlite at `location` (from a template's dump when given), with the extensions the migrations create. */
export async function openPglite(location: string, template?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(location, { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
}

/** A connection of its own that LISTENs on `channel`, and opens again when it drops. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: () => void,
  onListening: (on: boolean) => void,
) {
  const { Client } = await import('pg');
  let stopped = false;
  let client: InstanceType<typeof Client> | null = null;
  const reopen = () => setTimeout(() => void open().catch(reopen), 1000).unref();
  const open = async (): Promise<void> => {
    if (stopped) return;
    const next = new Client({ connectionString: url });
    next.on('notification', (message) => message.channel === channel && onMessage());
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      onListening(false);
      reopen();
    });
    await next.connect();
    await next.query(`listen "${channel}"`);
    client = next;
    onListening(true);
  };
  await open();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** Applies the committed migrations; on PostgreSQL an advisory lock keeps parallel processes from racing. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, config);
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { Client } = await import('pg');
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724001)');
    await migrate(drizzle(client), config);
  } finally {
    await client.end();
  }
}

/** The rows of a raw `sql` query, typed by the caller (drizzle answers them in a driver-specific wrapper). */
export const rows = async <T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Runs `write` over `rows` in slices of `size`, one after the other, so a multi-row insert keeps its parameters well
 * under PostgreSQL's 65,535 a statement. Answers the rows the slices answered (an insert's `returning`), in order.
 */
export async function inChunks<T, R = unknown>(
  rows: readonly T[],
  write: (chunk: T[]) => PromiseLike<unknown>,
  size = 1000,
): Promise<R[]> {
  const answers: R[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const answer = await write(rows.slice(i, i + size));
    if (Array.isArray(answer)) answers.push(...(answer as R[]));
  }
  return answers;
}
