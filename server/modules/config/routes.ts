import type { FastifyInstance } from 'fastify';
import { dataAnswer } from '../../core/answers';
import { clientConfigSchema } from '../../../domain/contracts/config';

/** GET /api/config: the deployment's flags, so one build of the browser app serves every deployment. */
export default async function configRoutes(app: FastifyInstance) {
  app.get(
    '/config',
    { config: { access: 'public' }, schema: { tags: ['config'], response: dataAnswer(clientConfigSchema) } },
    async () => ({
      data: app.config.client,
    }),
  );
}
