import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  docTemplateSchema,
  docTemplateTypeSchema,
  docTemplateWithFieldsSchema,
  placeholderFieldSchema,
  templateImageRefusalSchema,
  templateImageSchema,
} from '../../../domain/contracts/templates';
import { DOC_TEMPLATE_TYPES, TEMPLATE_LANGUAGES } from '../../../domain/documentPlaceholders';
import { formBoolean, requiredText } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { AppError, invalid, notFound } from '../../core/errors';
import { IMAGE_TYPES } from '../../core/files';
import { idParams, oneOf, optionalOneOf } from '../../core/fields';
import { needs } from '../../core/types';
import { placeholderFields } from './fields';
import { createDocTemplatesRepository, type DocTemplateRow } from './repository';
import { storedBody } from './sanitize';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['doc-templates'];
const BODY_MAX = 500_000;

const templateBody = z.object({
  name: requiredText(255),
  type: oneOf(DOC_TEMPLATE_TYPES),
  language: oneOf(TEMPLATE_LANGUAGES),
  body: z.string({ error: 'validation.required' }).max(BODY_MAX, { error: 'validation.too_long' }),
});

const listQuery = z.object({
  type: optionalOneOf(DOC_TEMPLATE_TYPES),
  language: optionalOneOf(TEMPLATE_LANGUAGES),
});

const present = (row: DocTemplateRow) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  language: row.language,
  body: row.body,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * An editor image keeps one address for as long as the template uses it:
 * signed, far beyond the 6 hours of a record's file.
 */
const LONG_LIVED = Date.UTC(2099, 0, 1);

/**
 * Doc templates: GET /doc-templates, GET /doc-templates/types, GET /doc-templates/{id} (?fields=1 adds the
 * placeholders), POST /doc-templates, PUT and DELETE /doc-templates/{id}; and the editor's image upload
 * (POST /doc-templates/images, field `upload`: {url} or {error: {message}}). Bodies are sanitised here.
 */
export default async function docTemplatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createDocTemplatesRepository(app.db);

  app.get(
    '/doc-templates',
    {
      config: { access: needs('view_doc_templates') },
      schema: { tags, querystring: listQuery, response: dataAnswer(z.array(docTemplateSchema)) },
    },
    async (request) => ({
      data: (
        await repo.list({ type: request.query.type ?? undefined, language: request.query.language ?? undefined })
      ).map(present),
    }),
  );

  app.get(
    '/doc-templates/types',
    {
      config: { access: needs('view_doc_templates', 'view_sales', 'view_only_own_sales') },
      schema: { tags, response: dataAnswer(z.array(docTemplateTypeSchema)) },
    },
    async (request) => ({
      data: DOC_TEMPLATE_TYPES.map((id) => ({ id, name: request.t(`templates.types.${id}`) })),
    }),
  );

  app.get(
    '/doc-templates/fields',
    {
      config: { access: needs('view_doc_templates') },
      schema: { tags, response: dataAnswer(z.array(placeholderFieldSchema)) },
    },
    async (request) => ({ data: await placeholderFields(app.db, request.locale) }),
  );

  app.get(
    '/doc-templates/:id',
    {
      config: { access: needs('view_doc_templates') },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ fields: formBoolean().optional() }),
        response: dataAnswer(z.union([docTemplateWithFieldsSchema, docTemplateSchema])),
      },
    },
    async (request) => {
      const row = await repo.find(request.params.id);
      if (!row) throw notFound();
      if (!request.query.fields) return { data: present(row) };
      return { data: { ...present(row), fields: await placeholderFields(app.db, request.locale) } };
    },
  );

  app.post(
    '/doc-templates',
    {
      config: { access: needs('add_doc_templates') },
      schema: { tags, body: templateBody, response: createdAnswer(docTemplateSchema) },
    },
    async (request, reply) => {
      const input = { ...request.body, body: storedBody(request.body.body, app.files) };
      const row = await repo.create(input, currentUser(request).id);
      return reply.status(201).send({ data: present(row) });
    },
  );

  app.put(
    '/doc-templates/:id',
    {
      config: { access: needs('edit_doc_templates') },
      schema: { tags, params: idParams, body: templateBody, response: dataAnswer(docTemplateSchema) },
    },
    async (request) => {
      const row = await repo.update(request.params.id, {
        ...request.body,
        body: storedBody(request.body.body, app.files),
      });
      if (!row) throw notFound();
      return { data: present(row) };
    },
  );

  app.delete(
    '/doc-templates/:id',
    {
      config: { access: needs('delete_doc_templates') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      if (!(await repo.remove(request.params.id))) throw notFound();
      return { message: request.t('app.deleted') };
    },
  );

  app.post(
    '/doc-templates/images',
    {
      config: { access: needs('add_doc_templates', 'edit_doc_templates'), recordType: 'doc-templates' },
      schema: {
        tags,
        response: { 200: templateImageSchema, 413: templateImageRefusalSchema, 422: templateImageRefusalSchema },
      },
    },
    async (request, reply) => {
      const file = request.uploads.upload?.[0] ?? request.uploads.file?.[0];
      try {
        if (!file) throw invalid({ upload: ['owner_files.file_required'] });
        const stored = await app.files.save('doc-templates', file, IMAGE_TYPES, 'upload');
        return { url: app.files.signedUrl(stored, LONG_LIVED)! };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const message = request.t('app.upload_failed', { name: file?.filename ?? '' });
        return reply.status(error.statusCode === 413 ? 413 : 422).send({ message, error: { message } });
      }
    },
  );
}
