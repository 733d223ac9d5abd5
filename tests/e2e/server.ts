import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestServer {
  baseUrl: string;
  /** The server's output: the sign-in codes it logged are read from it (browser.ts). */
  serverLog: string;
  stop: () => Promise<void>;
}

/**
 * Builds the web app if needed and starts the real server with the demo data on a free port, its files in a new
 * directory; on the embedded database unless `databaseUrl` names one. `nodeArgs` come before the server's entry (a
 * module to import first), `env` over the suite's own.
 */
export async function startServer(
  options: { databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<TestServer> {
  const root = path.resolve(import.meta.dirname, '../..');
  execSync('node scripts/ensure-build.mjs', { cwd: root, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const serverLog = path.join(dataDir, 'server.log');
  const port = 3900 + Math.floor(Math.random() * 90);
  const log = fs.openSync(serverLog, 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      DATABASE_URL: options.databaseUrl ?? '',
      NODE_ENV: 'test',
      OTP_RESEND_SECONDS: '2',
      IDLE_MINUTES: '30',
      // every browser file signs in from 127.0.0.1 several times a minute: the limits are tested in tests/api/auth
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
      ...options.env,
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
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, serverLog, stop };
}
