import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wordTemplateSchema } from '../../../domain/contracts/templates';
import { DOC_TEMPLATE_TYPES, TEMPLATE_LANGUAGES } from '../../../domain/documentPlaceholders';
import { requiredText } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { AppError, invalid, notFound } from '../../core/errors';
import type { FileStore } from '../../core/files';
import { idParams, oneOf } from '../../core/fields';
import { needs } from '../../core/types';
import { knownPlaceholders } from '../docTemplates';
import { inspectDocx } from './docx';
import { checkWordPackage } from './package';
import { createWordTemplatesRepository, type WordTemplateRow } from './repository';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['word-templates'];
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const WORD_UNSUPPORTED = 'complex_director_facsimile';
const ZIP = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

const uploadBody = z
  .object({
    name: requiredText(255).optional(),
    type: oneOf(DOC_TEMPLATE_TYPES).default('contract'),
    language: oneOf(TEMPLATE_LANGUAGES).default('ka'),
  })
  .passthrough();

export const presentWordTemplate = (files: FileStore, row: WordTemplateRow) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  language: row.language,
  original_name: row.originalName,
  size: row.size,
  tags: row.tags,
  url: files.signedUrl(row.path),
  created_at: row.createdAt.toISOString(),
});

/**
 * Word templates: GET /word-templates; POST /word-templates (multipart: file, name, type, language) checks the
 * .docx before keeping it (what it inflates to, outside addresses it would load, broken tags, unknown placeholders:
 * each a 422 naming it); DELETE /word-templates/{id}.
 */
export default async function wordTemplatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createWordTemplatesRepository(app.db);

  app.get(
    '/word-templates',
    {
      config: { access: needs('view_doc_templates') },
      schema: { tags, response: dataAnswer(z.array(wordTemplateSchema)) },
    },
    async () => ({ data: (await repo.list()).map((r) => presentWordTemplate(app.files, r)) }),
  );

  app.post(
    '/word-templates',
    {
      config: { access: needs('add_doc_templates') },
      schema: { tags, body: uploadBody, response: createdAnswer(wordTemplateSchema) },
    },
    async (request, reply) => {
      const file = request.uploads.file?.[0];
      if (!file) throw invalid({ file: ['owner_files.file_required'] });
      if (path.extname(file.filename).toLowerCase() !== '.docx' || !ZIP(file.buffer))
        throw invalid({ file: ['templates.errors.not_docx'] });
      if (file.buffer.length > app.files.maxBytes)
        throw new AppError(413, 'owner_files.file_too_large', { mb: Math.round(app.files.maxBytes / 1024 / 1024) });
      await checkWordPackage(file.buffer);
      const known = await knownPlaceholders(app.db);
      // the facsimile is an image: rich-text templates place it; a Word template would print its address
      const found = inspectDocx(
        file.buffer,
        { ...known, top: known.top.filter((n) => n !== WORD_UNSUPPORTED) },
        (part) => request.t(`templates.parts.${part}`),
      );
      const stored = await app.files.save('word-templates', { ...file, mimetype: DOCX }, [DOCX], 'file');
      try {
        const originalName = path.basename(file.filename);
        const row = await repo.create({
          name: request.body.name ?? originalName.replace(/\.docx$/i, ''),
          type: request.body.type,
          language: request.body.language,
          originalName,
          path: stored,
          size: file.buffer.length,
          tags: found,
          createdBy: currentUser(request).id,
        });
        return reply.status(201).send({ data: presentWordTemplate(app.files, row) });
      } catch (error) {
        await app.files.remove(stored);
        throw error;
      }
    },
  );

  app.delete(
    '/word-templates/:id',
    {
      config: { access: needs('delete_doc_templates') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const row = await repo.remove(request.params.id);
      if (!row) throw notFound();
      await app.files.remove(row.path);
      return { message: request.t('app.deleted') };
    },
  );
}
