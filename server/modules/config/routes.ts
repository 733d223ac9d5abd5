import type { FastifyInstance } from 'fastify';

/** GET /api/config: the deployment's flags, so one build of the browser app serves every deployment. */
export default async function configRoutes(app: FastifyInstance) {
  app.get('/config', { config: { access: 'public' }, schema: { tags: ['config'] } }, async () => ({
    data: app.config.client,
  }));
}
