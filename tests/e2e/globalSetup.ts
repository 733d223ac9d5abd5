import type { TestProject } from 'vitest/node';
import { newTestDatabase } from '../postgresDatabase';
import { startServer, type TestServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

let server: TestServer | undefined;
let dropDatabase: () => Promise<void> = async () => {};

/**
 * With TEST_DATABASE_URL the server runs on a new database of that PostgreSQL server, the engine production uses;
 * without it, on the embedded database. Answers DATABASE_URL.
 */
async function serverDatabase(): Promise<string> {
  if (!process.env.TEST_DATABASE_URL) return '';
  const database = await newTestDatabase('e2e');
  dropDatabase = database.drop;
  return database.url;
}

/** Starts the real server (demo data) for the browser suite. */
export async function setup(project: TestProject) {
  server = await startServer({ databaseUrl: await serverDatabase() });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.serverLog);
}

export async function teardown() {
  await server?.stop();
  await dropDatabase();
}
