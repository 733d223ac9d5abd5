import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission } from '../../../domain/access';
import { PROPERTY_STATES } from '../../../domain/inventory';
import { formBoolean, requiredText, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import { IMAGE_TYPES } from '../../core/files';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import {
  blankIsNull,
  queryId,
  jsonField,
  optionalEmailOrNull,
  optionalPersonalNumber,
  optionalPhone,
  optionalText,
  idParams,
} from '../../core/fields';
import { createBankAccountsRepository } from '../bankAccounts';
import { createBuildingsRepository } from './repository';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { buildingBriefSchema, buildingDetailSchema, buildingSchema } from '../../../domain/contracts/sites';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['buildings'];

export const MAX_FLOORS = 200;

const blockInput = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), queryId().optional()),
  name: requiredText(60),
  floors: z.coerce
    .number({ error: 'sites.floors_range' })
    .int({ error: 'sites.floors_range' })
    .min(1, { error: 'sites.floors_range' })
    .max(MAX_FLOORS, { error: 'sites.floors_range' }),
});

/** Two blocks of one complex cannot share a name (nor one block be listed twice). */
const blockList = jsonField(
  z
    .array(blockInput, { error: V.invalidType })
    .max(100, { error: V.tooLong })
    .superRefine((list, ctx) => {
      const names = new Map<string, number>();
      const ids = new Set<number>();
      list.forEach((block, index) => {
        const key = block.name.toLocaleLowerCase();
        if (names.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'sites.block_name_taken' });
        names.set(key, index);
        if (block.id && ids.has(block.id))
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: V.invalidValue });
        if (block.id) ids.add(block.id);
      });
    }),
);

/** state key → the title this complex shows; only the known property states, an empty title takes the catalogue's. */
const propertyStates = jsonField(
  z
    .record(
      z.string(),
      z.union([z.string().trim().max(100, { error: V.tooLong }), z.null()], { error: V.invalidType }),
      { error: V.invalidType },
    )
    .superRefine((titles, ctx) => {
      for (const key of Object.keys(titles)) {
        if (!(PROPERTY_STATES as readonly string[]).includes(key))
          ctx.addIssue({ code: 'custom', path: [key], message: V.unknownField });
      }
    })
    .transform(
      (titles) =>
        Object.fromEntries(Object.entries(titles).map(([key, title]) => [key, title ?? ''])) as Partial<
          Record<string, string>
        >,
    ),
);

/** notifiable comes as yes/no; true/false and 1/0 are read too. */
const yesNo = () => z.preprocess((v) => (v === 'yes' ? true : v === 'no' ? false : v), formBoolean());

const buildingFields = {
  name: requiredText(255),
  cad_code: optionalText(60),
  company_id: z.preprocess(blankIsNull, queryId().nullable()).optional(),
  director: optionalText(255),
  director_pid: optionalPersonalNumber(),
  manager_name: optionalText(255),
  address: optionalText(500),
  email: optionalEmailOrNull(),
  phone: optionalPhone(),
  property_states: propertyStates.optional(),
  notifiable: yesNo().optional(),
  blocks: blockList.optional(),
  remove_facsimile: formBoolean().optional(),
};
const createBody = z.object(buildingFields);
/** An update changes the fields it sends; blocks, when sent, replace the building's set. */
const updateBody = z.object(buildingFields).partial();

/**
 * GET /buildings (query), GET /buildings/{id}, POST /buildings (form), POST /buildings/{id} with
 * _method=PUT (form), DELETE /buildings/{id}. Everything within the user's building scope.
 * The users form reads the list too: a user who may see users but not buildings gets only ids and names.
 */
export default async function buildingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBuildingsRepository(app.db, app.files, createBankAccountsRepository(app.db));
  const seesBuildings = (request: FastifyRequest) => hasPermission(currentUser(request), 'view_buildings');

  /** A facsimile is saved before its record; if the record is then refused, the file goes too (no partial write). */
  const withFacsimile = async <T>(
    request: FastifyRequest,
    remove: boolean | undefined,
    write: (facsimilePath: string | null | undefined) => Promise<T>,
  ) => {
    const file = request.uploads.facsimile?.[0];
    const facsimilePath = file
      ? await app.files.save('facsimiles', file, IMAGE_TYPES, 'facsimile')
      : remove
        ? null
        : undefined;
    try {
      return await write(facsimilePath);
    } catch (error) {
      await app.files.remove(facsimilePath);
      throw error;
    }
  };

  app.get(
    '/buildings',
    {
      config: { access: needs('view_buildings', 'view_users') },
      schema: {
        tags,
        querystring: listQuery,
        response: { 200: z.union([listAnswer(buildingSchema)[200], listAnswer(buildingBriefSchema)[200]]) },
      },
    },
    async (request) => repo.list(request.query, currentUser(request), request.locale, !seesBuildings(request)),
  );

  app.get(
    '/buildings/:id',
    {
      config: { access: needs('view_buildings', 'view_users') },
      schema: { tags, params: idParams, response: dataAnswer(z.union([buildingDetailSchema, buildingBriefSchema])) },
    },
    async (request) => ({
      data: seesBuildings(request)
        ? await repo.get(request.params.id, currentUser(request), request.locale)
        : await repo.brief(request.params.id, currentUser(request)),
    }),
  );

  app.post(
    '/buildings',
    {
      config: { access: needs('add_buildings'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(buildingDetailSchema) },
    },
    async (request, reply) => {
      const { remove_facsimile: _ignored, ...fields } = request.body;
      const user = currentUser(request);
      const id = await withFacsimile(request, false, (facsimilePath) =>
        repo.create({ ...fields, facsimilePath }, user, request.locale, recordWrite(request, 201)),
      );
      // The creator may be limited to their buildings: the new one was just assigned to them.
      return reply
        .status(201)
        .send({ data: await repo.get(id, { ...user, buildings: [...user.buildings, id] }, request.locale) });
    },
  );

  app.put(
    '/buildings/:id',
    {
      config: { access: needs('edit_buildings'), recordsItself: true },
      schema: {
        tags,
        params: idParams,
        body: updateBody,
        response: { 200: z.object({ data: buildingDetailSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const { remove_facsimile, ...fields } = request.body;
      const user = currentUser(request);
      const { replacedFacsimile } = await withFacsimile(request, remove_facsimile, (facsimilePath) =>
        repo.update(request.params.id, { ...fields, facsimilePath }, user, request.locale, recordWrite(request, 200)),
      );
      await app.files.remove(replacedFacsimile);
      return {
        data: await repo.get(request.params.id, user, request.locale),
        message: request.t('app.record_updated'),
      };
    },
  );

  app.delete(
    '/buildings/:id',
    {
      config: { access: needs('delete_buildings'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const { facsimilePath } = await repo.remove(request.params.id, currentUser(request), recordWrite(request, 200));
      await app.files.remove(facsimilePath);
      return { message: request.t('app.deleted') };
    },
  );
}
