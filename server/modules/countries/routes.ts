import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryList } from './catalogue';
import { z } from 'zod';
import { countrySchema } from '../../../domain/contracts/customers';
import { dataAnswer } from '../../core/answers';

/** GET /location/countries and GET /countries, the same list for any signed-in user. */
export default async function countriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['countries'];
  for (const url of ['/location/countries', '/countries']) {
    app.get(
      url,
      { config: { access: 'authenticated' }, schema: { tags, response: dataAnswer(z.array(countrySchema)) } },
      async () => ({
        data: await countryList(),
      }),
    );
  }
}
