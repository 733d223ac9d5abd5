import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type ServerConfig } from '../../server/config';
import { inject } from 'vitest';
import { newTestDatabase } from '../postgresDatabase';
import { prepareOpenedDatabase } from '../../server/db/setup';
import { openDatabase, openPglite } from '../../server/db/client';
import { buildApp } from '../../server/app';
import type { Database, Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { unitsOutOfStep } from '../../server/modules/unitStatus';
import { salesOutOfStep } from '../../server/modules/saleLedger';
import { businessToday } from '../../domain/businessDay';

export { DEMO_PASSWORD };

/** The seeded template of this run; none outside vitest's API projects (a bench importing the harness). */
const templateOf = (name: 'pgliteTemplate' | 'postgresTemplate' | 'filesTemplate'): string | undefined => {
  try {
    return inject(name);
  } catch {
    return undefined;
  }
};

/** The files the seeded demo's rows name, copied where a test app or server keeps its files. */
const copyDemoFiles = (filesDir: string) => {
  const files = templateOf('filesTemplate');
  if (files) fs.cpSync(files, filesDir, { recursive: true });
};

/** The PGlite dump of the seeded demo database. */
const pgliteTemplate = (): Blob | undefined => {
  const file = templateOf('pgliteTemplate');
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
};

/**
 * A fresh database (PGlite in memory, or a new database on TEST_DATABASE_URL's server), copied from the demo
 * database the API suites' global setup seeded once (tests/api/globalSetup.ts).
 */
async function freshDatabaseUrl(): Promise<{ url?: string; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { drop: async () => {} };
  return newTestDatabase('t', templateOf('postgresTemplate'));
}

/**
 * The seeded demo database for a real server process or script (crash, backup): on PostgreSQL a fresh copy of the
 * template database (its URL), on PGlite the template written into `dataDir/pgdata`; the files its rows name go into
 * `dataDir/files`. Answers DATABASE_URL ('' for PGlite) and the clean-up.
 */
export async function demoDatabaseAt(dataDir: string): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  copyDemoFiles(path.join(dataDir, 'files'));
  const { url, drop } = await freshDatabaseUrl();
  if (url) return { databaseUrl: url, drop };
  const db = await openPglite(path.join(dataDir, 'pgdata'), pgliteTemplate());
  await db.close();
  return { databaseUrl: '', drop };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  /** Every line the server logged, parsed. */
  logs: Array<Record<string, unknown>>;
  /** Signs in through pre-auth, the logged code and login; answers the bearer token. */
  signIn(email: string, password?: string): Promise<string>;
  as(token: string, locale?: string): { authorization: string; 'content-language': string };
  lastCode(email: string): string | undefined;
  close(): Promise<void>;
}

/**
 * The embedded database this worker's test apps take one after another: opening PGlite from the template costs 2 to 6 s
 * of CPU here, putting its rows back to the template's about a tenth of that. A second app started while the first is
 * open (a file comparing two configurations) opens a database of its own, as before.
 */
let reusable: { database: Database; inUse: boolean; reset(): Promise<void> } | undefined;

type PGliteClient = {
  exec(query: string): Promise<unknown>;
  query<T>(query: string): Promise<{ rows: T[] }>;
  closed: boolean;
};
const pgliteClient = (database: Database) => (database.db as unknown as { $client: PGliteClient }).$client;

/**
 * Copies every table of `database` (PGlite) into a schema of its own and answers the statement that puts them back:
 * the rows with triggers off (the kept sums are copied, not summed again), then the sequences where they were.
 */
async function snapshotOf(database: Database): Promise<() => Promise<void>> {
  const client = pgliteClient(database);
  const tables = (
    await client.query<{ name: string; columns: string }>(`
      select quote_ident(c.relname) as name, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname order by c.relname`)
  ).rows;
  const sequences = (
    await client.query<{ name: string }>(
      `select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public' order by sequencename`,
    )
  ).rows;
  await client.exec(
    [
      'create schema pristine',
      ...tables.map((t) => `create table pristine.${t.name} as select ${t.columns} from public.${t.name}`),
      `create table pristine.sequences as ${
        sequences.length
          ? sequences
              .map((q) => `select '${q.name}'::text as name, last_value, is_called from public.${q.name}`)
              .join(' union all ')
          : `select ''::text as name, 0::bigint as last_value, false as is_called where false`
      }`,
    ].join(';\n'),
  );
  const reset = [
    'begin',
    'set local session_replication_role = replica',
    `truncate ${tables.map((t) => `public.${t.name}`).join(', ')}`,
    ...tables.map(
      (t) =>
        `insert into public.${t.name} (${t.columns}) overriding system value select ${t.columns} from pristine.${t.name}`,
    ),
    `select setval(format('public.%I', name), last_value, is_called) from pristine.sequences`,
    'commit',
  ].join(';\n');
  return async () => void (await client.exec(reset));
}

/** A prepared embedded database for one test app, and what gives it back when the app closes. */
async function embeddedDatabase(config: ServerConfig): Promise<{ database: Database; release(): Promise<void> }> {
  const free = reusable && !reusable.inUse && !pgliteClient(reusable.database).closed ? reusable : undefined;
  if (!free && reusable) return databaseOfItsOwn(config);
  let database: Database;
  if (free) {
    await free.reset();
    // a drizzle of its own over the same client: an app wraps its database's `transaction` (core/activityLog.ts)
    const { drizzle } = await import('drizzle-orm/pglite');
    database = await prepareOpenedDatabase(
      { ...free.database, db: drizzle(pgliteClient(free.database) as never, { schema }) as unknown as Db },
      config,
    );
  } else {
    database = (await databaseOfItsOwn(config)).database;
    reusable = { database, inUse: false, reset: await snapshotOf(database) };
  }
  const taken = reusable!;
  taken.inUse = true;
  return { database, release: async () => void (taken.inUse = false) };
}

/** A database of its own for one app: PGlite from the template, or the fresh PostgreSQL database at `databaseUrl`. */
async function databaseOfItsOwn(config: ServerConfig): Promise<{ database: Database; release(): Promise<void> }> {
  const database = await prepareOpenedDatabase(
    await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: 'memory://',
      pgliteTemplate: config.databaseUrl ? undefined : pgliteTemplate(),
    }),
    config,
  );
  return { database, release: () => database.close() };
}

export async function startTestApp(env: Record<string, string> = {}, webRoot?: string): Promise<TestApp> {
  const { url, drop } = await freshDatabaseUrl();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  copyDemoFiles(filesDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    FILES_DIR: filesDir,
    DEMO: 'true',
    AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    // pg-boss is started only by the suites that test the queue itself
    JOB_QUEUE: 'in-process',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  config.dataDir = 'memory://';
  const { database, release } = url ? await databaseOfItsOwn(config) : await embeddedDatabase(config);
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({ config, database, logger: { level: 'info', stream }, webRoot });
  await app.ready();

  const lastCode = (email: string) =>
    [...logs].reverse().find((l) => l.email === email && typeof l.code === 'string')?.code as string | undefined;

  const expectOk = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  };

  return {
    app,
    database,
    config,
    logs,
    lastCode,
    async signIn(email, password = DEMO_PASSWORD) {
      expectOk(await app.inject({ method: 'POST', url: '/api/pre-auth', payload: { email, password } }), 'pre-auth');
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password, code: lastCode(email) },
      });
      expectOk(res, 'login');
      return res.json().token as string;
    },
    as: (token, locale = 'en') => ({ authorization: `Bearer ${token}`, 'content-language': locale }),
    async close() {
      // every file leaves each unit's status as its live deals make it, and each sale's totals as its installments
      // make them: a write that does not is a defect
      const outOfStep = await unitsOutOfStep(database.db);
      const salesAstray = await salesOutOfStep(database.db, businessToday());
      await app.close();
      await release();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
      if (salesAstray.length)
        throw new Error(
          `sales out of step with their installments (id: count / price / paid / overdue kept → installments): ${salesAstray
            .map((s) => `${s.id}: ${s.kept} → ${s.installments || 'none'}`)
            .join(', ')}`,
        );
      if (outOfStep.length)
        throw new Error(
          `units out of step with their deals (id: stored → deals): ${outOfStep
            .map((u) => `${u.id}: ${u.status} → ${u.held ?? 'none'}`)
            .join(', ')}`,
        );
    },
  };
}

/** A multipart body for app.inject: fields and files in one request. */
export function multipart(
  fields: Record<string, string | string[]>,
  files: Record<string, { filename: string; type: string; data: Buffer }> = {},
) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat())
      push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`);
  }
  for (const [name, file] of Object.entries(files)) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1x1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The password of every user createStaff makes. */
export const STAFF_PASSWORD = 'staff-pass-1';

/**
 * A staff member made the way an administrator makes one: a role holding exactly `permissions`
 * (POST /api/role-permission/roles), a user with that role (POST /api/users), then signed in.
 */
export async function createStaff(
  t: TestApp,
  adminToken: string,
  options: { permissions: string[]; email?: string; role?: string; fullName?: string; buildings?: number[] },
): Promise<{ id: number; email: string; roleId: number; token: string }> {
  const suffix = randomUUID().slice(0, 8);
  const email = options.email ?? `staff-${suffix}@demo.ge`;
  const roleRes = await t.app.inject({
    method: 'POST',
    url: '/api/role-permission/roles',
    headers: t.as(adminToken),
    payload: { name: options.role ?? `role ${suffix}`, permissions: options.permissions },
  });
  if (roleRes.statusCode !== 201) throw new Error(`role create answered ${roleRes.statusCode}: ${roleRes.body}`);
  const role = roleRes.json().data as { id: number; name: string };
  const userRes = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: t.as(adminToken),
    payload: {
      full_name: options.fullName ?? `Staff ${suffix}`,
      email,
      password: STAFF_PASSWORD,
      roles: [role.name],
      buildings: options.buildings ?? [],
    },
  });
  if (userRes.statusCode !== 201) throw new Error(`user create answered ${userRes.statusCode}: ${userRes.body}`);
  const token = await t.signIn(email, STAFF_PASSWORD);
  return { id: userRes.json().data.id as number, email, roleId: role.id, token };
}
