import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { prepareOpenedDatabase } from '../../server/db/setup';
import { newTestDatabase } from '../postgresDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory dump holding the migrated demo database (TEST_DB=pglite). */
    pgliteTemplate: string;
    /** A PostgreSQL database holding the migrated demo data, copied for each test app (TEST_DB=postgres). */
    postgresTemplate: string;
    /** The files the demo's rows name (its Word template), copied into each test app's files directory. */
    filesTemplate: string;
  }
}

let cleanup: () => Promise<void> = async () => {};

/**
 * Seeds the demo database once per run; every test app then starts from a copy (a PGlite dump, or
 * `create database … template` on PostgreSQL) instead of migrating and seeding its own.
 */
export async function setup(project: TestProject) {
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'files-template-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', DEMO: 'true', FILES_DIR: files });
  const prepare = (database: Database) => prepareOpenedDatabase(database, config);
  project.provide('filesTemplate', files);
  const removeFiles = () => fs.rmSync(files, { recursive: true, force: true });
  if (project.config.env?.TEST_DB === 'postgres') {
    const template = await newTestDatabase('tpl');
    const database = await prepare(await openDatabase({ databaseUrl: template.url, dataDir: 'memory://' }));
    await database.close();
    project.provide('postgresTemplate', template.name);
    cleanup = async () => {
      await template.drop();
      removeFiles();
    };
    return;
  }
  const database = await prepare(await openDatabase({ dataDir: 'memory://' }));
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-')), 'demo.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  cleanup = async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    removeFiles();
  };
}

export async function teardown() {
  await cleanup();
}
