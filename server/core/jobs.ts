import type { FastifyBaseLogger } from 'fastify';
import cronParser from 'cron-parser';
import type PgBoss from 'pg-boss';

/** Scheduled work runs on the clock of the developer's office. */
export const JOB_TIMEZONE = 'Asia/Tbilisi';

export type JobDefinition = {
  name: string;
  /** Also run once when the server starts; 'await' holds the start until it is done. */
  onStart?: 'await' | 'background';
  run: () => Promise<unknown>;
} & (
  | {
      /**
       * When it runs, as a cron line in JOB_TIMEZONE ('0 10 * * *': daily at 10:00):
       * once a slot, whatever the processes.
       */
      cron: string;
      everySeconds?: never;
    }
  | {
      /**
       * Or every this many seconds, on a timer of each process and never through pg-boss: for cheap work that any
       * number of processes may run at the same time (cron's finest slot is a minute).
       */
      everySeconds: number;
      cron?: never;
    }
);

/**
 * Scheduled and on-demand work (docs/operations.md, Job queue). On PostgreSQL the jobs live in pg-boss's tables, so N
 * processes run each scheduled slot once and a failed run is retried with backoff; on PGlite (one process by nature)
 * the same jobs run on in-process timers. Each job must tolerate running twice: the work itself claims what it does in
 * the database (the customer-message outbox has a unique key per message).
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

/**
 * Jobs run on this process's own timers: one run at a time per job (a kick during a run runs it once more afterwards),
 * a cron job at its slots, an `everySeconds` job that long after its last run ended.
 */
function localRunner(log: FastifyBaseLogger) {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let stopped = false;

  const run = (job: JobDefinition): Promise<void> => {
    const current = running.get(job.name);
    if (current) {
      again.add(job.name);
      return current;
    }
    const done = (async () => {
      do {
        again.delete(job.name);
        try {
          await job.run();
        } catch (error) {
          log.error({ err: error, job: job.name }, `job ${job.name} failed`);
        }
      } while (again.has(job.name) && !stopped);
      running.delete(job.name);
    })();
    running.set(job.name, done);
    return done;
  };

  const plan = (job: JobDefinition) => {
    if (stopped) return;
    const { cron, everySeconds } = job;
    const timer = everySeconds
      ? setTimeout(() => void run(job).then(() => plan(job)), everySeconds * 1000)
      : setTimeout(
          () => {
            if (Date.now() + 1000 >= nextRun(cron!, new Date(Date.now() - 1000)).getTime()) void run(job);
            plan(job);
          },
          // setTimeout holds at most 2^31-1 ms; a later slot is reached in steps
          Math.max(Math.min(nextRun(cron!).getTime() - Date.now(), 2 ** 31 - 1), 1000),
        );
    timer.unref();
    timers.set(job.name, timer);
  };

  return {
    run,
    /** Runs `job` at its start as it asks, then on its timer. */
    async start(job: JobDefinition) {
      if (job.onStart === 'await') await run(job);
      else if (job.onStart === 'background') void run(job);
      plan(job);
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

function inProcessQueue(log: FastifyBaseLogger): JobQueue {
  const jobs = new Map<string, JobDefinition>();
  const local = localRunner(log);
  let stopped = false;
  return {
    kind: 'in-process',
    define: (job) => void jobs.set(job.name, job),
    async kick(name) {
      const job = jobs.get(name);
      if (job && !stopped) void local.run(job);
    },
    async start() {
      for (const job of jobs.values()) await local.start(job);
    },
    async stop() {
      stopped = true;
      await local.stop();
    },
    settled: () => local.settled(),
  };
}

function pgBossQueue(connectionString: string, log: FastifyBaseLogger): JobQueue {
  const jobs = new Map<string, JobDefinition>();
  const active = new Set<Promise<void>>();
  // the `everySeconds` jobs stay on this process's timers
  const local = localRunner(log);
  let boss: PgBoss | undefined;
  return {
    kind: 'pg-boss',
    define: (job) => void jobs.set(job.name, job),
    async kick(name) {
      const job = jobs.get(name);
      if (job?.everySeconds) void local.run(job);
      else await boss?.send(name, {});
    },
    async start() {
      const { default: Boss } = await import('pg-boss');
      boss = new Boss({ connectionString, max: 3, schedule: true, supervise: true });
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await boss.start();
      const scheduled = [...jobs.values()].filter((job) => job.cron);
      for (const job of scheduled) {
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
        await boss.schedule(job.name, job.cron!, {}, { tz: JOB_TIMEZONE });
      }
      for (const job of jobs.values()) {
        if (job.everySeconds) await local.start(job);
        else if (job.onStart === 'await') await job.run();
        else if (job.onStart === 'background') await boss.send(job.name, {});
      }
    },
    async stop() {
      await local.stop();
      await boss?.stop({ graceful: true, timeout: 5000, wait: true });
    },
    async settled() {
      await local.settled();
      while (active.size) await Promise.all(active);
    },
  };
}
