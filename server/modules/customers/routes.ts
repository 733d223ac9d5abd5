import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneNumber } from '../../../domain/phone';
import { EMAIL_PATTERN, formBoolean, listOf, requiredName, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { recordWrite } from '../../core/activityLog';
import {
  blankIsNull,
  idParams,
  optionalDate,
  optionalOneOf,
  optionalPersonalNumber,
  optionalName,
  optionalText,
  optionalWebsite,
  queryId,
} from '../../core/fields';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { createdAnswer, dataAnswer } from '../../core/answers';
import {
  customerRelatedSchema,
  customerSchema,
  customersAnswerSchema,
  customersOfCountrySchema,
} from '../../../domain/contracts/customers';
import { messageSchema } from '../../../domain/contracts/users';
import { CUSTOMER_TYPES, createCustomersRepository, GENDERS } from './repository';

const tags = ['customers'];

const countryCode = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? blankIsNull(v) && v.trim().toUpperCase() : v),
      z
        .string({ error: V.invalidType })
        .regex(/^[A-Z]{2}$/, { error: 'customers.unknown_country' })
        .nullable(),
    )
    .optional();
/** A list from JSON or a form (`phones[]`); empty entries are dropped. */
const stringList = <T extends z.ZodType<string>>(item: T) =>
  z
    .preprocess(
      (v) =>
        v === undefined
          ? undefined
          : v === null || v === ''
            ? []
            : (Array.isArray(v) ? v : [v]).filter((s) => !(typeof s === 'string' && s.trim() === '')),
      z.array(item, { error: V.invalidType }).max(20, { error: V.tooLong }),
    )
    .optional();

const customerFields = {
  type: z.enum(CUSTOMER_TYPES, { error: V.invalidValue }).optional(),
  name_ka: requiredName(255),
  name_en: optionalName(255),
  name_ru: optionalName(255),
  personal_number: optionalPersonalNumber(),
  company_code: optionalText(50),
  country: countryCode(),
  citizenship: countryCode(),
  gender: optionalOneOf(GENDERS),
  birth_date: optionalDate(),
  address: optionalText(500),
  phones: stringList(phoneNumber()),
  emails: stringList(
    z
      .string({ error: V.invalidType })
      .trim()
      .max(255, { error: V.tooLong })
      .regex(EMAIL_PATTERN, { error: V.invalidEmail }),
  ),
  website: optionalWebsite(),
  info_source: optionalText(255),
  /** No marketing messages (free-text SMS); messages about a contract still go. */
  no_marketing: formBoolean().optional(),
  note: optionalText(5000),
  responsible_user_id: z.preprocess(blankIsNull, queryId().nullable()).optional(),
};
const createBody = z.object(customerFields);
const updateBody = z.object(customerFields).partial();

const whole = queryId;
const listSchema = listQuery.extend({
  type: listOf(z.enum(CUSTOMER_TYPES, { error: V.invalidValue })),
  country: listOf(z.string().trim().max(2)),
  citizenship: listOf(z.string().trim().max(2)),
  gender: listOf(z.enum(GENDERS, { error: V.invalidValue })),
  responsible_user_id: listOf(whole()),
  shortMode: formBoolean().optional(),
  onlyLatest: z.coerce.number({ error: V.invalidType }).int({ error: V.invalidType }).min(1).max(100).optional(),
});

/** Customers; own-only readers see the customers they created or are responsible for. */
export default async function customersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createCustomersRepository(app.db, app.files);
  const readers = needs('view_customers', 'view_only_own_customers');

  app.get(
    '/customers',
    {
      config: { access: readers },
      schema: { tags, querystring: listSchema, response: { 200: customersAnswerSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const q = request.query;
      if (q.shortMode) return { data: await repo.short(user, q, request.locale) };
      if (q.onlyLatest) return { data: await repo.latest(user, q.onlyLatest, request.locale) };
      return repo.list(user, q, request.locale);
    },
  );

  app.get(
    '/customers/grouped-by-country',
    { config: { access: readers }, schema: { tags, response: dataAnswer(z.array(customersOfCountrySchema)) } },
    async (request) => ({ data: await repo.groupedByCountry(currentUser(request)) }),
  );

  app.get(
    '/customers/:id',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(customerSchema) } },
    async (request) => ({ data: await repo.get(currentUser(request), request.params.id, request.locale) }),
  );

  app.get(
    '/customers/:id/related',
    { config: { access: readers }, schema: { tags, params: idParams, response: dataAnswer(customerRelatedSchema) } },
    async (request) => ({
      data: await repo.related(currentUser(request), request.params.id, request.locale),
    }),
  );

  app.post(
    '/customers',
    {
      config: { access: needs('add_customers'), recordsItself: true },
      schema: { tags, body: createBody, response: createdAnswer(customerSchema) },
    },
    async (request, reply) => {
      const customer = await repo.create(currentUser(request), request.body, request.locale, recordWrite(request, 201));
      return reply.status(201).send({ data: customer });
    },
  );

  app.put(
    '/customers/:id',
    {
      config: { access: needs('edit_customers'), recordsItself: true },
      schema: { tags, params: idParams, body: updateBody, response: dataAnswer(customerSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const record = recordWrite(request, 200);
      return { data: await repo.update(user, request.params.id, request.body, request.locale, record) };
    },
  );

  app.delete(
    '/customers/:id',
    {
      config: { access: needs('delete_customers'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(currentUser(request), request.params.id, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}
