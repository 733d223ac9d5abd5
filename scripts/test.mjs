// `npm test`: the server suites (domain, API on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, components), then
// the browser suite. With 4 cores or more (or TEST_SEQUENTIAL=0) the browser suite, which mostly waits on Chromium and
// its server, runs beside the server suites instead; its output is kept and printed when both are done, so the two
// reports do not interleave. Either failing fails the command.
// TEST_SEQUENTIAL=1 runs them one after the other anywhere.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const vitest = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'node_modules', '.bin', 'vitest');

/** Runs one stage; `log` (a file) takes its output instead of the terminal. Answers its exit status. */
function stage(name, log) {
  return new Promise((resolve) => {
    const out = log ? fs.openSync(log, 'w') : 'inherit';
    const child = spawn(vitest, ['run'], {
      env: { ...process.env, TEST_STAGE: name },
      stdio: ['ignore', out, out],
    });
    const stop = () => child.kill('SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Side by side only with cores to spare. On 2 cores the server suites' two workers and the browser suite's Chromium
 * and server starve each other into timeouts (measured: side by side 934 s with browser tests timing out, the server
 * suites at lower priority 765 s with a server test timing out, one after the other 793 s and none).
 */
const sideBySide =
  process.env.TEST_SEQUENTIAL === '1' ? false : process.env.TEST_SEQUENTIAL === '0' || os.availableParallelism() >= 4;
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
let server;
let browser;
if (!sideBySide) {
  server = await stage('server');
  browser = await stage('browser');
} else {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'browser-tests-')), 'output.log');
  const browserDone = stage('browser', log);
  server = await stage('server');
  console.log(`\n== server suites done at ${seconds()}; the browser suite (run beside them):\n`);
  browser = await browserDone;
  process.stdout.write(fs.readFileSync(log, 'utf8'));
  fs.rmSync(path.dirname(log), { recursive: true, force: true });
}
console.log(
  `\n== npm test: server suites ${server === 0 ? 'passed' : 'FAILED'}, browser suite ${browser === 0 ? 'passed' : 'FAILED'} (${seconds()})`,
);
process.exit(server === 0 && browser === 0 ? 0 : 1);
