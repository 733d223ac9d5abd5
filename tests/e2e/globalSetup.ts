import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { newTestDatabase } from '../postgresDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
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

/** Builds the web app if needed and starts the real server (demo data) on a free port for the browser suite. */
export async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  execSync('node scripts/ensure-build.mjs', { cwd: root, stdio: 'inherit' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const serverLog = path.join(dataDir, 'server.log');
  const port = 3900 + Math.floor(Math.random() * 90);
  const log = fs.openSync(serverLog, 'a');
  const databaseUrl = await serverDatabase();
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      OTP_RESEND_SECONDS: '2',
      IDLE_MINUTES: '30',
      // every browser file signs in from 127.0.0.1 several times a minute: the limits are tested in tests/api/auth
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error(`server did not start:\n${fs.readFileSync(serverLog, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
}

export async function teardown() {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
}
