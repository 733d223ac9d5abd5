import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { accessPlugin } from './core/access';
import { activityLogPlugin } from './core/activityLog';
import { securityHeadersPlugin } from './core/securityHeaders';
import { webAssetRoutes } from './core/webAssets';
import { errorHandlerPlugin } from './core/errorHandler';
import { FileStore } from './core/files';
import { formsPlugin } from './core/forms';
import { i18nPlugin } from './core/i18n';
import { idempotencyPlugin } from './core/idempotency';
import { AppError } from './core/errors';
import { createJobQueue } from './core/jobs';
import { createRateLimitStore } from './core/rateLimitStore';
import { signingSecret } from './db/bootstrap';
import { vacuumAndAnalyze } from './db/upkeep';
import { authRoutes } from './modules/auth';
import { configRoutes } from './modules/config';
import { filesRoutes } from './modules/files';
import { rolesRoutes } from './modules/roles';
import { usersRoutes } from './modules/users';
import boardArea from './areas/board';
import sitesArea from './areas/sites';
import unitsArea from './areas/units';
import agentsArea from './areas/agents';
import barterArea from './areas/barter';
import customersArea from './areas/customers';
import reservationsArea from './areas/reservations';
import salesArea from './areas/sales';
import paymentsArea from './areas/payments';
import messagesArea from './areas/messages';
import { createChannels, missingChannelVariables } from './modules/channels';
import { createCustomerMessages } from './modules/customerMessages';
import notificationsArea from './areas/notifications';
import workArea from './areas/work';
import reportsArea from './areas/reports';
import servicesArea from './areas/services';
import bonusesArea from './areas/bonuses';
import templatesArea from './areas/templates';
import './core/types';

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built browser app (dist/); served with an index.html fallback when it exists. */
  webRoot?: string;
}

/** One log line a request, written when it is answered, instead of Fastify's two (received, then answered). */
class OneLineARequest extends LogController {
  incomingRequest() {}
  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'answered');
    else reply.log.info(line, 'answered');
  }
}

/** Builds the HTTP app: the shared conventions first, then one plugin per area under /api. */
export async function buildApp({ config, database, logger = false, webRoot }: AppOptions) {
  const missing = missingChannelVariables(config);
  if (missing.length)
    throw new Error(
      `NODE_ENV=production needs ${missing.join(', ')}: sign-in codes and customers' messages must reach people`,
    );
  const app = Fastify({
    logger,
    logController: new OneLineARequest(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = await signingSecret(database.db);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('files', new FileStore(config.filesDir, secret, config.maxUploadBytes));
  app.decorate('jobs', createJobQueue({ kind: config.jobQueue, databaseUrl: config.databaseUrl, log: app.log }));
  app.decorate('channels', createChannels(config.channels, app.log));
  app.decorate(
    'customerMessages',
    createCustomerMessages({ db: database.db, channels: app.channels, jobs: app.jobs, log: app.log }),
  );
  // PGlite has no autovacuum: its statistics and dead rows are kept by a job of its own, at night
  if (database.kind === 'pglite')
    app.jobs.define({ name: 'database-upkeep', cron: '30 3 * * *', run: () => vacuumAndAnalyze(database) });
  app.addHook('onReady', () => app.jobs.start());
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.channels.close();
  });

  await app.register(securityHeadersPlugin);
  // with REDIS_URL the counters live in Redis, shared by every process (keys under REDIS_PREFIX), while it answers
  const limits = await createRateLimitStore({ redisUrl: config.redisUrl, prefix: config.redisPrefix, log: app.log });
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, { global: false, store: limits.Store });
  await app.register(errorHandlerPlugin);
  await app.register(i18nPlugin);
  await app.register(accessPlugin, { database });
  await app.register(formsPlugin);
  await app.register(idempotencyPlugin);
  await app.register(activityLogPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Developer back office API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(configRoutes);
      await api.register(authRoutes, { secret });
      await api.register(usersRoutes);
      await api.register(rolesRoutes);
      await api.register(filesRoutes);
      await api.register(sitesArea);
      await api.register(unitsArea);
      await api.register(boardArea);
      await api.register(customersArea);
      await api.register(agentsArea);
      await api.register(reservationsArea);
      await api.register(barterArea);
      await api.register(salesArea);
      await api.register(paymentsArea);
      await api.register(messagesArea);
      await api.register(notificationsArea);
      await api.register(workArea);
      await api.register(reportsArea);
      await api.register(servicesArea);
      await api.register(bonusesArea);
      await api.register(templatesArea);
    },
    { prefix: '/api' },
  );

  const hasWeb = webRoot && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    webAssetRoutes(app, path.join(webRoot, 'assets'));
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: 'index.html',
      // the build writes a .br and a .gz beside each asset (vite.config.ts)
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => {
        // index.html (or its .br or .gz) names the build's assets: asked again on every visit
        if (/index\.html(\.br|\.gz)?$/.test(file)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (!hasWeb || !isPage) throw new AppError(404, 'server.route_not_found');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
