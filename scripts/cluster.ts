/**
 * Several API processes behind one port (Node's cluster): `WEB_CONCURRENCY=2 tsx scripts/cluster.ts`.
 * The API keeps no state in memory that another process needs (sessions, idempotency keys and rate limits with
 * REDIS_URL live in the shared stores), so any process answers any request.
 * Needs DATABASE_URL: PGlite is one process's.
 */
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { API_NODE_ARGS } from './apiProcess';

const workers = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());
if (!process.env.DATABASE_URL) {
  console.error('scripts/cluster.ts needs DATABASE_URL: the embedded database belongs to one process');
  process.exit(1);
}

cluster.setupPrimary({ exec: path.resolve(import.meta.dirname, '../server/index.ts'), execArgv: API_NODE_ARGS });
for (let i = 0; i < workers; i++) cluster.fork();
let stopping = false;
cluster.on('exit', (worker, code) => {
  if (stopping) return;
  console.error(`API process ${worker.process.pid} ended (${code}); starting another`);
  cluster.fork();
});
const stop = () => {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
