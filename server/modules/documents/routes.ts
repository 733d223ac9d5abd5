import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../core/access';
import { listQuery } from '../../core/paging';
import { listAnswer } from '../../core/answers';
import { documentRowSchema } from '../../../domain/contracts/attachments';
import { needs } from '../../core/types';
import { presentDocument } from './ownerFiles';
import { createDocumentsRepository } from './repository';

const tags = ['documents'];
const documentsQuery = listQuery.extend({
  owner_type: z.enum(['agent', 'barter', 'sale'], { error: 'validation.invalid_value' }).optional(),
});

/** GET /documents: every file of agents, barters and sales with a link to its owner. */
export default async function documentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createDocumentsRepository(app.db);

  app.get(
    '/documents',
    {
      config: { access: needs('view_advanced_payments') },
      schema: { tags, querystring: documentsQuery, response: listAnswer(documentRowSchema) },
    },
    async (request) => {
      const q = request.query;
      const user = currentUser(request);
      const { rows, meta } = await repo.list(user, q);
      return {
        data: rows.map((r) => ({
          ...presentDocument(app.files, r.file),
          owner_name:
            r.file.ownerType === 'agent' ? r.agentName : r.file.ownerType === 'sale' ? r.contractNo : r.counterparty,
        })),
        meta,
      };
    },
  );
}
