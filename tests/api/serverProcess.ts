import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  process: ChildProcess;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, and waits for the process to exit. */
  stop(): Promise<void>;
}

/** Resolves when the process has exited (at once when it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
  );

/**
 * The real server (`server/index.ts`) as a process of its own on 127.0.0.1 and a port of its own, once it has logged
 * 'ready in'. `env` adds to the test's environment (DATA_DIR, DATABASE_URL …); the test suite's own database is not
 * handed on.
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const at = port ?? 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      CURRENCY_FETCH: 'false',
      LOG_LEVEL: 'info',
      TEST_DATABASE_URL: '',
      ...env,
      PORT: String(at),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  for (let i = 0; i < 900 && !output.includes('ready in') && child.exitCode === null; i++)
    await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('ready in')) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start: ${output}`);
  }
  return {
    process: child,
    port: at,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
