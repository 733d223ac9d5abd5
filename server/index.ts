import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { prepareDatabase } from './db/setup';
import { buildApp } from './app';

const started = performance.now();
const config = loadConfig();
const database = await prepareDatabase(config);
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const app = await buildApp({
  config,
  database,
  webRoot,
  logger: { level: process.env.LOG_LEVEL ?? 'info', ...(config.production ? {} : { transport: undefined }) },
});

// a second signal while closing (a process group's SIGTERM, then the cluster's) must not close twice
let closing: Promise<void> | null = null;
const shutdown = () =>
  (closing ??= (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })());
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `ready in ${Math.round(performance.now() - started)} ms on ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
