import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MIN_SPLIT_PARTS,
  PROPERTY_STATES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PROPERTY_VIEWS,
  FLOOR_RANGE,
  ROOMS_RANGE,
} from '../../../domain/inventory';
import { CURRENCIES } from '../../../domain/money';
import { formBoolean, formIdList, requiredText, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { recordWrite } from '../../core/activityLog';
import {
  area,
  listFilter,
  oneOf,
  optionalId,
  optionalMoney,
  optionalOneOf,
  optionalText,
  optionalWhole,
  requiredId,
  requiredWhole,
  idParams,
  pathId,
  queryId,
  queryWhole,
} from '../../core/fields';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { createPropertiesRepository } from './repository';
import { propertyDetailSchema, propertyRangesSchema, propertySchema } from '../../../domain/contracts/properties';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['properties'];

const unitNumber = () => requiredText(20);

/** The fields of the unit form; building, number, floor and area are required when a unit is created. */
const propertyFields = {
  building_id: requiredId(),
  block_id: optionalId(),
  no: unitNumber(),
  floor: requiredWhole(...FLOOR_RANGE),
  area: area(),
  rooms: optionalWhole(...ROOMS_RANGE),
  type: oneOf(PROPERTY_TYPES).optional(),
  state: oneOf(PROPERTY_STATES).optional(),
  view: optionalOneOf(PROPERTY_VIEWS),
  status: oneOf(PROPERTY_STATUSES).optional(),
  price_per_m2: optionalMoney(),
  price: optionalMoney(),
  currency: oneOf(CURRENCIES).optional(),
  cad_code: optionalText(60),
  description: optionalText(2000),
  features: formIdList().optional(),
};
const createBody = z.object(propertyFields);
const updateBody = z.object(propertyFields).partial();

const number = () => z.coerce.number({ error: V.invalidType }).refine(Number.isFinite, { error: V.invalidType });

/** The units list's filters; each vocabulary filter takes one value or several (`status[]=free&status[]=booked`). */
const listSchema = listQuery
  .extend({
    building_id: listFilter(queryId()),
    /** The buildings filter the browser adds for a user bound to some complexes (the scope applies anyway). */
    buildings: listFilter(queryId()),
    block_id: listFilter(queryId()),
    floor: queryWhole(...FLOOR_RANGE).optional(),
    floor_from: queryWhole(...FLOOR_RANGE).optional(),
    floor_to: queryWhole(...FLOOR_RANGE).optional(),
    status: listFilter(oneOf(PROPERTY_STATUSES)),
    state: listFilter(oneOf(PROPERTY_STATES)),
    type: listFilter(oneOf(PROPERTY_TYPES)),
    view: listFilter(oneOf(PROPERTY_VIEWS)),
    rooms: listFilter(queryWhole(...ROOMS_RANGE)),
    area_from: number().optional(),
    area_to: number().optional(),
    price_from: number().optional(),
    price_to: number().optional(),
    no: z.string().trim().max(20, { error: V.tooLong }).optional(),
    archived: formBoolean().optional(),
  })
  .superRefine((q, ctx) => {
    for (const name of ['floor', 'area', 'price'] as const) {
      const from = q[`${name}_from`];
      const to = q[`${name}_to`];
      if (from !== undefined && to !== undefined && from > to)
        ctx.addIssue({ code: 'custom', path: [`${name}_to`], message: V.minMax });
    }
  });

const splitBody = z.object({
  parts: z
    .array(
      z.object({
        no: unitNumber(),
        area: area(),
        rooms: optionalWhole(...ROOMS_RANGE),
        price_per_m2: optionalMoney(),
      }),
      { error: V.required },
    )
    .min(MIN_SPLIT_PARTS, { error: 'units.split_min_parts' })
    .max(50, { error: V.tooLong }),
});

/** Units (properties): every list and record is limited to the buildings the user may see. */
export default async function propertiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createPropertiesRepository(app.db);

  // The properties page is open to booking and barter staff as well.
  const readers = needs('view_properties', 'view_bookings', 'view_barters');
  const detailAnswer = dataAnswer(propertyDetailSchema);

  app.get(
    '/properties',
    { config: { access: readers }, schema: { tags, querystring: listSchema, response: listAnswer(propertySchema) } },
    async (request) => repo.list(currentUser(request), request.query),
  );

  app.get(
    '/properties/ranges',
    {
      config: { access: readers },
      schema: {
        tags,
        querystring: z.object({ building_id: listFilter(queryId()) }),
        response: dataAnswer(propertyRangesSchema),
      },
    },
    async (request) => ({ data: await repo.ranges(currentUser(request), request.query.building_id) }),
  );

  app.get(
    '/properties/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: detailAnswer } },
    async (request) => ({ data: await repo.get(currentUser(request), request.params.id, request.locale) }),
  );

  app.post(
    '/properties',
    {
      config: { access: needs('add_properties'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(propertyDetailSchema) },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await repo.create(currentUser(request), request.body, request.locale, recordWrite(request, 201)),
      }),
  );

  app.put(
    '/properties/:id',
    {
      config: { access: needs('edit_properties'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: detailAnswer },
    },
    async (request) => ({
      data: await repo.update(
        currentUser(request),
        request.params.id,
        request.body,
        request.locale,
        recordWrite(request, 200),
      ),
    }),
  );

  app.delete(
    '/properties/:id',
    {
      config: { access: needs('delete_properties'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(currentUser(request), request.params.id, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );

  app.post(
    '/properties/split/:property_id',
    {
      config: { access: needs('edit_properties'), logAction: 'unit_split', recordsItself: true },
      schema: {
        tags,
        params: z.object({ property_id: pathId() }),
        body: splitBody,
        response: createdAnswer(propertyDetailSchema),
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await repo.split(
          currentUser(request),
          request.params.property_id,
          request.body.parts,
          request.locale,
          recordWrite(request, 201),
        ),
      }),
  );
}
