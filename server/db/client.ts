import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { PgDialect, PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type Query, type SQL } from 'drizzle-orm';
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
    const pool = new Pool({ connectionString: options.databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
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

/** A prepared statement's name: its text's hash, so the same text always has the same name and no two texts share one. */
const statementName = (text: string) => `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
const dialect = new PgDialect();

const plannedOnce = new WeakSet<object>();

/**
 * PostgreSQL plans a prepared statement again at every call for as long as it guesses that a plan for the values is
 * cheaper than the one it keeps, and for the ledger's statements it always guesses so (measured: the
 * payment's write planned for 2.4 ms to run for 0.9). Inside a transaction, the first prepared statement turns that off
 * for the rest of the transaction (`set local`, undone when it ends): its statements are then planned once per pooled
 * connection. Only transactions whose statements all go by id reach it (the ledger for a few sales, a payment).
 */
async function planOnce(executor: object) {
  if (!(executor instanceof PgTransaction) || plannedOnce.has(executor)) return;
  plannedOnce.add(executor);
  await executor.execute(sql`set local plan_cache_mode = force_generic_plan`);
}

/**
 * The same setting as a column of the transaction's first statement (a select), saving `planOnce` its round trip: the
 * statements after it in `tx` are planned once per connection.
 */
export function planOnceFromHere(tx: object) {
  plannedOnce.add(tx);
  return planOnceColumn;
}
export const planOnceColumn = sql<string>`set_config('plan_cache_mode', 'force_generic_plan', true)`;

/**
 * The rows of a raw `sql` statement run as a named prepared statement: PostgreSQL parses it once per pooled connection
 * instead of at every call, and within a transaction plans it once too (`planOnce`). Only for statements whose plan
 * cannot depend on their values (by id, by a few ids), never for a filtered page (a generic plan was 2.6x slower there,
 * DESIGN §3). PGlite runs it as any other statement.
 */
export async function preparedRows<T>(db: Pick<Db, '_'>, query: SQL): Promise<T[]> {
  return runQuery<T>(db, dialect.sqlToQuery(query), {}, true);
}

/** The rows of a compiled query with `values` for its placeholders, as a named prepared statement when `prepare`. */
async function runQuery<T>(executor: Pick<Db, '_'>, query: Query, values: Record<string, unknown>, prepare: boolean) {
  if (prepare) await planOnce(executor);
  const name = prepare ? statementName(query.sql) : undefined;
  const statement = executor._.session.prepareQuery(query, undefined, name, false);
  return ((await statement.execute(values)) as { rows: T[] }).rows;
}

/**
 * A drizzle select (or insert, update) of `executor` run as a named prepared statement: see `preparedRows`. The query is
 * built once: its statement is made under a temporary name, then named after its text (node-postgres reads the name
 * from the statement's configs when it runs; PGlite ignores them).
 */
export async function prepared<R>(
  executor: object,
  query: { prepare(name: string): { execute(): Promise<R> } },
): Promise<R> {
  await planOnce(executor);
  const statement = query.prepare('') as ReturnType<typeof query.prepare> & NamedStatement;
  if (statement.queryConfig && statement.rawQueryConfig) {
    statement.queryConfig.name = statement.rawQueryConfig.name = statementName(statement.queryString);
  }
  return statement.execute();
}

/**
 * A drizzle select built and prepared once for each of its shapes (`build(shape)`, with `value(name)` wherever a call's
 * values go), its rows mapped by drizzle as any select's: for a list page whose text depends only on its sort and
 * scope kind. Drizzle otherwise builds the statement at every call, a quarter of an unfiltered list's API CPU (issue
 * 15's load). A named statement, so PostgreSQL parses it once per pooled connection; it is still planned for its
 * values (a page's limit and offset make PostgreSQL keep planning it per call, as a filtered page must be).
 */
export function preparedPerShape<Shape extends string, R>(
  build: (shape: Shape) => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } },
) {
  const statements = new Map<Shape, { execute(values?: Record<string, unknown>): Promise<R> }>();
  return (shape: Shape, values: Record<string, unknown>): Promise<R> => {
    let statement = statements.get(shape);
    if (!statement) {
      const made = build(shape).prepare('') as ReturnType<ReturnType<typeof build>['prepare']> & NamedStatement;
      if (made.queryConfig && made.rawQueryConfig)
        made.queryConfig.name = made.rawQueryConfig.name = statementName(made.queryString);
      statements.set(shape, (statement = made));
    }
    return statement.execute(values);
  };
}

/** What node-postgres' drizzle statement holds of its name and text. */
interface NamedStatement {
  queryString: string;
  queryConfig?: { name?: string };
  rawQueryConfig?: { name?: string };
}

/** Where a call's value goes in a statement compiled once (`compiledOnce`). */
export const value = (name: string) => sql.placeholder(name);

/**
 * A statement compiled once for each of its shapes: `build(shape)` writes it with `value(name)` wherever a call's
 * values go, and a call fills them in by name. Drizzle otherwise walks the whole template at every call to write its
 * text and collect its parameters (about a fifth of a payment's CPU in the API). Runs as a named prepared
 * statement (see `preparedRows`) unless `prepare` is false (a settlement of thousands of sales is planned for their
 * number). The shapes are a few (flags the text depends on), never values.
 */
export function compiledOnce<Shape extends string = ''>(build: (shape: Shape) => SQL) {
  const texts = new Map<Shape, Query>();
  return async <T>(
    executor: Pick<Db, '_'>,
    values: Record<string, unknown>,
    options: { shape?: Shape; prepare?: boolean } = {},
  ): Promise<T[]> => {
    const shape = options.shape ?? ('' as Shape);
    let query = texts.get(shape);
    if (!query) texts.set(shape, (query = dialect.sqlToQuery(build(shape))));
    return runQuery<T>(executor, query, values, options.prepare ?? true);
  };
}
