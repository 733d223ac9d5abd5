import type { FastifyBaseLogger } from 'fastify';
import cronParser from 'cron-parser';
import type PgBoss from 'pg-boss';
import { outsideRequest } from './activityLog';

/** Scheduled work runs on the clock of the developer's office. */
export const JOB_TIMEZONE = 'Asia/Tbilisi';

export interface JobDefinition {
  name: string;
  /** When it runs, as a cron line in JOB_TIMEZONE ('0 10 * * *': daily at 10:00). */
  cron: string;
  /** Also run once when the server starts; 'await' holds the start until it is done. */
  onStart?: 'await' | 'background';
  run: () => Promise<unknown>;
}

/**
 * Scheduled and on-demand work (DESIGN §3, scale-out). On PostgreSQL the jobs live in pg-boss's tables, so N processes
 * run each scheduled slot once and a failed run is retried with backoff; on PGlite (one process by nature) the same
 * jobs run on in-process timers. Each job must tolerate running twice: the work itself claims what it does in the
 * database (the customer-message outbox has a unique key per message).
 */
export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  define(job: JobDefinition): void;
  /** Runs a defined job soon, outside its schedule (new messages to deliver, say). */
  kick(name: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when nothing this process started is still running (tests wait on it after a kick). */
  settled(): Promise<void>;
}

export function createJobQueue(options: {
  kind: 'pg-boss' | 'in-process';
  databaseUrl?: string;
  log: FastifyBaseLogger;
}): JobQueue {
  if (options.kind === 'pg-boss') {
    if (!options.databaseUrl) throw new Error('JOB_QUEUE=pg-boss needs DATABASE_URL (PostgreSQL)');
    return pgBossQueue(options.databaseUrl, options.log);
  }
  return inProcessQueue(options.log);
}

const nextRun = (cron: string, from = new Date()) =>
  cronParser.parseExpression(cron, { currentDate: from, tz: JOB_TIMEZONE }).next().toDate();

function inProcessQueue(log: FastifyBaseLogger): JobQueue {
  const jobs = new Map<string, JobDefinition>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let stopped = false;

  /** One run at a time per job; a kick during a run runs it once more afterwards. */
  const run = (job: JobDefinition): Promise<void> => {
    const current = running.get(job.name);
    if (current) {
      again.add(job.name);
      return current;
    }
    const done = outsideRequest(async () => {
      do {
        again.delete(job.name);
        try {
          await job.run();
        } catch (error) {
          log.error({ err: error, job: job.name }, `job ${job.name} failed`);
        }
      } while (again.has(job.name) && !stopped);
      running.delete(job.name);
    });
    running.set(job.name, done);
    return done;
  };

  const plan = (job: JobDefinition) => {
    if (stopped) return;
    // setTimeout holds at most 2^31-1 ms; a later slot is reached in steps
    const wait = Math.min(nextRun(job.cron).getTime() - Date.now(), 2 ** 31 - 1);
    const timer = setTimeout(
      () => {
        if (Date.now() + 1000 >= nextRun(job.cron, new Date(Date.now() - 1000)).getTime()) void run(job);
        plan(job);
      },
      Math.max(wait, 1000),
    );
    timer.unref();
    timers.set(job.name, timer);
  };

  return {
    kind: 'in-process',
    define: (job) => void jobs.set(job.name, job),
    async kick(name) {
      const job = jobs.get(name);
      if (job && !stopped) void run(job);
    },
    async start() {
      for (const job of jobs.values()) {
        if (job.onStart === 'await') await run(job);
        else if (job.onStart === 'background') void run(job);
        plan(job);
      }
    },
    async stop() {
      stopped = true;
      timers.forEach((t) => clearTimeout(t));
      await Promise.all(running.values());
    },
    async settled() {
      while (running.size) await Promise.all(running.values());
    },
  };
}

function pgBossQueue(connectionString: string, log: FastifyBaseLogger): JobQueue {
  const jobs = new Map<string, JobDefinition>();
  const active = new Set<Promise<void>>();
  let boss: PgBoss | undefined;
  return {
    kind: 'pg-boss',
    define: (job) => void jobs.set(job.name, job),
    async kick(name) {
      await boss?.send(name, {});
    },
    async start() {
      const { default: Boss } = await import('pg-boss');
      boss = new Boss({ connectionString, max: 3, schedule: true, supervise: true });
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await boss.start();
      for (const job of jobs.values()) {
        await boss.createQueue(job.name, { name: job.name, retryLimit: 2, retryDelay: 30, retryBackoff: true });
        await boss.work(job.name, { pollingIntervalSeconds: 2, batchSize: 1 }, async () => {
          const run = job.run().then(() => undefined);
          active.add(run);
          try {
            await run;
          } finally {
            active.delete(run);
          }
        });
        await boss.schedule(job.name, job.cron, {}, { tz: JOB_TIMEZONE });
      }
      for (const job of jobs.values()) {
        if (job.onStart === 'await') await job.run();
        else if (job.onStart === 'background') await boss.send(job.name, {});
      }
    },
    async stop() {
      await boss?.stop({ graceful: true, timeout: 5000, wait: true });
    },
    async settled() {
      while (active.size) await Promise.all(active);
    },
  };
}
