import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './tests/sequencer';

/**
 * One command runs every suite; the API suite runs again on PostgreSQL when TEST_DATABASE_URL is set.
 * TEST_STAGE=server runs all but the browser suite, TEST_STAGE=browser only it: `npm test` (scripts/test.mjs) runs the
 * two one after the other, or side by side on 4 cores or more.
 */
const pg = process.env.TEST_DATABASE_URL;
// Password hashes at scrypt's lowest cost (README: PASSWORD_HASH_COST): the suites sign in hundreds of times. Set here,
// in the main process, so the seeded templates, the workers and the servers the suites start all inherit it.
process.env.PASSWORD_HASH_COST ??= '1024';
const stage = process.env.TEST_STAGE;

const projects = [
  { test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node', isolate: false } },
  {
    test: {
      name: 'api',
      include: ['tests/api/**/*.test.ts'],
      environment: 'node',
      // a worker keeps the modules it loaded between files: each file still starts its own app and database
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env: { TEST_DB: 'pglite' },
      globalSetup: ['tests/api/globalSetup.ts'],
    },
  },
  ...(pg
    ? [
        {
          test: {
            name: 'api-postgres',
            include: ['tests/api/**/*.test.ts'],
            environment: 'node',
            // a worker keeps the modules it loaded between files: each file still starts its own app and database
            isolate: false,
            testTimeout: 30_000,
            hookTimeout: 60_000,
            env: { TEST_DB: 'postgres' },
            globalSetup: ['tests/api/globalSetup.ts'],
          },
        },
      ]
    : []),
  {
    test: {
      name: 'components',
      include: ['tests/components/**/*.test.tsx'],
      environment: 'jsdom',
      // a worker keeps react-admin and MUI loaded between files (each file took about 3 s of CPU to import them); a
      // test's signed-in user is its render's (renderWithAdmin's `user`),
      // never a module mock that would outlive the file
      isolate: false,
      setupFiles: ['tests/components/setup.ts'],
      testTimeout: 20_000,
    },
  },
  {
    test: {
      name: 'browser',
      include: ['tests/e2e/**/*.test.ts'],
      environment: 'node',
      // a worker keeps playwright loaded between files; each file still launches and closes its own Chromium
      isolate: false,
      testTimeout: 120_000,
      hookTimeout: 180_000,
      // a page waits on its server and Chromium beside other files: what a test polls for gets 15 s, not 1
      expect: { poll: { timeout: 15_000 } },
      globalSetup: ['tests/e2e/globalSetup.ts'],
      setupFiles: ['tests/e2e/setup.ts'],
    },
  },
  {
    test: {
      name: 'screenshots',
      include: ['tests/screenshots/**/*.test.ts'],
      environment: 'node',
      testTimeout: 300_000,
      hookTimeout: 180_000,
      globalSetup: ['tests/screenshots/globalSetup.ts'],
      setupFiles: ['tests/e2e/setup.ts'],
    },
  },
];

/** The browser stage's suites: each drives Chromium against a server of its own. */
const BROWSER_STAGE = ['browser', 'screenshots'];

export default defineConfig({
  test: {
    // Three files at a time on two cores: the API files leave a core idle while they wait on PostgreSQL, a server
    // process or a timer; the browser files wait on Chromium and their server, each signing in as a user in its turn
    // (tests/e2e/browser.ts). SERVER_WORKERS and BROWSER_WORKERS change it (docs/performance.md, CI time).
    maxWorkers:
      stage === 'browser' ? Number(process.env.BROWSER_WORKERS ?? 3) : Number(process.env.SERVER_WORKERS ?? 3),
    projects: projects.filter((p) => !stage || (stage === 'browser') === BROWSER_STAGE.includes(p.test.name)),
    sequence: { sequencer: LongFilesFirst },
  },
});
