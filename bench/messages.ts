/**
 * Prints how fast the daily run of messages to customers is on PostgreSQL (at --scale 100, about 300,000
 * installments, it finds and writes the day's messages in under 10 s): the run itself, the same run repeated (finds
 * everything already written), and the delivery of what it queued through the log channels (the sending path without
 * a provider's network time).
 *
 *   npm run bench:messages                                   fresh database bench_messages on postgres@127.0.0.1:5432
 *   BENCH_DATABASE_URL=postgres://… npm run bench:messages   that database (the seed adds to what it holds)
 *   npm run bench:messages -- --scale 10
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { createJobQueue } from '../server/core/jobs';
import { prepareDatabase } from '../server/db/setup';
import { createChannels } from '../server/modules/channels';
import { createCustomerMessages, ensureTemplates } from '../server/modules/customerMessages';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '100' } } });
const scale = Number(values.scale);
const TARGET_SECONDS = 10;
const root = path.resolve(import.meta.dirname, '..');

async function benchDatabase(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('drop database if exists bench_messages with (force)');
  await admin.query('create database bench_messages');
  await admin.end();
  return 'postgres://postgres@127.0.0.1:5432/bench_messages';
}

const url = await benchDatabase();
console.log(`database: ${url.replace(/\/\/[^@]*@/, '//')}`);
const seeded = await promisify(execFile)(
  process.execPath,
  ['--import', 'tsx', 'server/db/seed/cli.ts', '--scale', String(scale)],
  { cwd: root, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' }, maxBuffer: 16 * 1024 * 1024 },
);
process.stdout.write(seeded.stdout.replace(/^/gm, '  '));

const config = loadConfig({ ...process.env, DATABASE_URL: url, DEMO: 'false' });
const database = await prepareDatabase(config);
const log = pino({ level: 'silent' });
try {
  const db = database.db;
  await ensureTemplates(db);
  await db.execute(sql`delete from notification_logs`);
  await db.execute(sql`analyze`);
  const [counts] = (
    (await db.execute(
      sql`select (select count(*)::int from installments) as installments, (select count(*)::int from sales) as sales`,
    )) as unknown as { rows: Array<{ installments: number; sales: number }> }
  ).rows;
  // both channels on the log transport: every customer with a phone or email is reachable, nothing leaves the machine
  const channels = createChannels(
    { ...config.channels, smtpUrl: undefined, smsProvider: undefined, logFallback: true },
    log,
  );
  const jobs = createJobQueue({ kind: 'in-process', log });
  const messages = createCustomerMessages({ db, channels, jobs, log });

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000 };
  };
  const first = await timed(() => messages.runDaily());
  const again = await timed(() => messages.runDaily());
  const [byStatus] = (
    (await db.execute(
      sql`select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'skipped')::int as skipped from notification_logs`,
    )) as unknown as { rows: Array<{ queued: number; skipped: number }> }
  ).rows;
  const delivered = await timed(() => messages.deliverDue());

  console.log(`the database holds ${counts.sales} sales and ${counts.installments} installments`);
  console.log(
    `daily run: ${first.result} messages written (${byStatus.queued} queued, ${byStatus.skipped} skipped) in ${first.seconds.toFixed(2)} s (target < ${TARGET_SECONDS} s: ${first.seconds < TARGET_SECONDS ? 'meets the target' : 'MISSES the target'})`,
  );
  console.log(`the same run again: ${again.result} written in ${again.seconds.toFixed(2)} s`);
  console.log(
    `delivery through the log channels: ${delivered.result} messages in ${delivered.seconds.toFixed(2)} s (${Math.round(delivered.result / Math.max(delivered.seconds, 0.001))} a second)`,
  );
  await channels.close();
} finally {
  await database.close();
}
