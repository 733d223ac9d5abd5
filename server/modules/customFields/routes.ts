import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customFieldSchema, customFieldValueSchema } from '../../../domain/contracts/customFields';
import { hasAnyPermission } from '../../../domain/access';
import { forbidden } from '../../core/errors';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { idParams } from '../../core/fields';
import { needs } from '../../core/types';
import { customFieldBody, customFieldsQuery, kindParams, valuesBody, valuesParams } from './fields';
import { createCustomFieldsRepository, type CustomFieldRow } from './repository';
import {
  ANY_VALUE_READER,
  ANY_VALUE_WRITER,
  checkRecordAccess,
  saveCustomFieldValues,
  VALUE_ACCESS,
  valuesOf,
} from './values';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['custom-fields'];
const readers = needs('view_custom_fields', 'add_custom_fields', 'edit_custom_fields', 'delete_custom_fields');

const present = (row: CustomFieldRow, locale: string) => ({
  id: row.id,
  name: row.name,
  label: (locale === 'en' ? row.labelEn : locale === 'ru' ? row.labelRu : null) || row.labelKa,
  label_ka: row.labelKa,
  label_en: row.labelEn,
  label_ru: row.labelRu,
  type: row.type,
  record_kind: row.recordKind,
  choices: row.choices,
  values_count: row.valuesCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * Custom fields: GET /custom-fields (search, filters, sort, paging), GET /custom-fields/{id}, POST, PUT and
 * DELETE /custom-fields/{id}; and a record's values, GET and PUT /custom-fields/values/{recordKind}/{recordId}, which
 * the sale, customer, unit and complex forms call after saving (the record's own permissions and scope apply).
 */
export default async function customFieldsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createCustomFieldsRepository(app.db);

  app.get(
    '/custom-fields',
    {
      config: { access: readers },
      schema: { tags, querystring: customFieldsQuery, response: listAnswer(customFieldSchema) },
    },
    async (request) => {
      const { rows, meta } = await repo.list(request.query);
      return { data: rows.map((r) => present(r, request.locale)), meta };
    },
  );

  // Registered before /custom-fields/:id so 'values' is never read as an id.
  app.get(
    '/custom-fields/values/:recordKind',
    {
      config: { access: needs(...ANY_VALUE_READER, ...ANY_VALUE_WRITER) },
      schema: { tags, params: kindParams, response: dataAnswer(z.array(customFieldValueSchema)) },
    },
    async (request) => {
      // a new record's form: the fields of the kind, all empty (whoever reads or writes such records)
      const { recordKind } = request.params;
      if (
        !hasAnyPermission(currentUser(request), [...VALUE_ACCESS[recordKind].read, ...VALUE_ACCESS[recordKind].write])
      )
        throw forbidden();
      return { data: await valuesOf(app.db, recordKind, 0, { locale: request.locale }) };
    },
  );

  app.get(
    '/custom-fields/values/:recordKind/:recordId',
    {
      config: { access: needs(...ANY_VALUE_READER) },
      schema: { tags, params: valuesParams, response: dataAnswer(z.array(customFieldValueSchema)) },
    },
    async (request) => {
      const user = currentUser(request);
      const { recordKind, recordId } = request.params;
      await checkRecordAccess(app.db, user, recordKind, recordId, 'read');
      return { data: await valuesOf(app.db, recordKind, recordId, { locale: request.locale }) };
    },
  );

  app.put(
    '/custom-fields/values/:recordKind/:recordId',
    {
      config: { access: needs(...ANY_VALUE_WRITER), recordType: 'custom-field-values', recordsItself: true },
      schema: {
        tags,
        params: valuesParams,
        body: valuesBody,
        response: dataAnswer(z.array(customFieldValueSchema)),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { recordKind, recordId } = request.params;
      const record = recordWrite(request, 200);
      const data = await app.db.transaction(async (tx) => {
        const buildingId = await checkRecordAccess(tx, user, recordKind, recordId, 'write');
        await saveCustomFieldValues(tx, recordKind, recordId, request.body.custom_fields);
        const values = await valuesOf(tx, recordKind, recordId, { locale: request.locale });
        await record(tx, { recordId, buildingId });
        return values;
      });
      return { data };
    },
  );

  app.get(
    '/custom-fields/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(customFieldSchema) } },
    async (request) => ({ data: present(await repo.find(request.params.id), request.locale) }),
  );

  app.post(
    '/custom-fields',
    {
      config: { access: needs('add_custom_fields'), recordsItself: true },
      schema: { tags, body: customFieldBody, response: createdAnswer(customFieldSchema) },
    },
    async (request, reply) => {
      const row = await repo.create(request.body, recordWrite(request, 201));
      return reply.status(201).send({ data: present(row, request.locale) });
    },
  );

  app.put(
    '/custom-fields/:id',
    {
      config: { access: needs('edit_custom_fields'), recordsItself: true },
      schema: { tags, params: idParams, body: customFieldBody, response: dataAnswer(customFieldSchema) },
    },
    async (request) => ({
      data: present(await repo.update(request.params.id, request.body, recordWrite(request, 200)), request.locale),
    }),
  );

  app.delete(
    '/custom-fields/:id',
    {
      config: { access: needs('delete_custom_fields') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(request.params.id);
      return { message: request.t('app.deleted') };
    },
  );
}
