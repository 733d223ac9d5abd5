import type { FastifyInstance } from 'fastify';
import { amountInWordsRoutes } from '../modules/amountInWords';
import { customFieldsRoutes } from '../modules/customFields';
import { docTemplatesRoutes } from '../modules/docTemplates';
import { wordTemplatesRoutes } from '../modules/wordTemplates';
import { contractsRoutes } from '../modules/contracts';

/**
 * Registers contracts and documents under /api: amounts in words (the template editor's preview) and
 * custom fields. Document templates, Word templates and contract generation register here too.
 */
export default async function templatesArea(app: FastifyInstance) {
  await app.register(amountInWordsRoutes);
  await app.register(customFieldsRoutes);
  await app.register(docTemplatesRoutes);
  await app.register(wordTemplatesRoutes);
  await app.register(contractsRoutes);
}
