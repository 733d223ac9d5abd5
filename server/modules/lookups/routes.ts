import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTRACT_TYPES,
  PROPERTY_STATES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PROPERTY_VIEWS,
} from '../../../domain/inventory';
import { CURRENCIES } from '../../../domain/money';
import { choiceSchema, enumsSchema, type Choice } from '../../../domain/contracts/lookups';
import { z } from 'zod';
import { dataAnswer } from '../../core/answers';

const tags = ['lookups'];

/** Each vocabulary: its catalogue namespace under `enums` and the call that answers it alone. */
const VOCABULARIES = {
  property_statuses: { values: PROPERTY_STATUSES, labels: 'enums.property_status', path: '/property-statuses' },
  property_states: { values: PROPERTY_STATES, labels: 'enums.property_state', path: '/property-states' },
  property_types: { values: PROPERTY_TYPES, labels: 'enums.property_type', path: '/property-types' },
  property_views: { values: PROPERTY_VIEWS, labels: 'enums.property_view', path: '/property-views' },
  contract_types: { values: CONTRACT_TYPES, labels: 'enums.contract_type', path: '/contract-types' },
} as const;

type Vocabulary = (typeof VOCABULARIES)[keyof typeof VOCABULARIES];

const choices = (request: FastifyRequest, vocabulary: Vocabulary) =>
  vocabulary.values.map((id) => ({ id, name: request.t(`${vocabulary.labels}.${id}`) }));

/** The inventory's lookups, named in the request's language; any signed-in user may read them. */
export default async function lookupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/getEnums',
    { config: { access: 'authenticated' }, schema: { tags, response: dataAnswer(enumsSchema) } },
    async (request) => ({
      data: {
        ...(Object.fromEntries(
          Object.entries(VOCABULARIES).map(([key, vocabulary]) => [key, choices(request, vocabulary)]),
        ) as Record<keyof typeof VOCABULARIES, Choice[]>),
        currencies: CURRENCIES.map((id) => ({ id, name: id })),
      },
    }),
  );

  for (const vocabulary of Object.values(VOCABULARIES)) {
    app.get(
      vocabulary.path,
      { config: { access: 'authenticated' }, schema: { tags, response: dataAnswer(z.array(choiceSchema)) } },
      async (request) => ({
        data: choices(request, vocabulary),
      }),
    );
  }
}
