import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { createJobQueue, type JobQueue } from '../../server/core/jobs';
import { startTestApp, type TestApp } from './harness';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job every 20 ms that counts its runs and how many ran at once; `fail` makes every other run throw. */
function often(options: { fail?: boolean } = {}) {
  const seen = { runs: 0, running: 0, mostAtOnce: 0 };
  const job = {
    name: 'often',
    everySeconds: 0.02,
    run: async () => {
      seen.runs++;
      seen.running++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.running);
      await sleep(30);
      seen.running--;
      if (options.fail && seen.runs % 2) throw new Error('failed on purpose');
    },
  };
  return { job, seen };
}

async function runsUntilStopped(queue: JobQueue, seen: { runs: number }) {
  await queue.start();
  await vi.waitFor(() => expect(seen.runs).toBeGreaterThanOrEqual(4), { timeout: 5000 });
  await queue.stop();
  const atStop = seen.runs;
  // The same job on a queue still running: by its third run the stopped one would have run again too.
  const control = createJobQueue({ kind: 'in-process', log });
  const running = often();
  control.define(running.job);
  await control.start();
  await vi.waitFor(() => expect(running.seen.runs).toBeGreaterThanOrEqual(3), { timeout: 5000 });
  await control.stop();
  expect(seen.runs).toBe(atStop);
}

describe('a job every few seconds (core/jobs.ts everySeconds)', () => {
  it('runs again and again on the process’s timer, one run at a time, through failures, until stopped', async () => {
    const queue = createJobQueue({ kind: 'in-process', log });
    const { job, seen } = often({ fail: true });
    queue.define(job);
    await runsUntilStopped(queue, seen);
    expect(seen.mostAtOnce).toBe(1);
  });

  describe.runIf(process.env.TEST_DB === 'postgres')('on pg-boss', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('stays on each process’s timer: pg-boss holds no queue of it, a kick runs it here', async () => {
      const queue = createJobQueue({ kind: 'pg-boss', databaseUrl: t.config.databaseUrl, log });
      const { job, seen } = often();
      queue.define(job);
      await runsUntilStopped(queue, seen);
      expect(await rows(t.database.db, sql`select name from pgboss.queue where name = 'often'`)).toEqual([]);
      expect(seen.mostAtOnce).toBe(1);
    });
  });
});
