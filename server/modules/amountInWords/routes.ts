import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountInWords, MAX_WORDS_NUMBER, WORDS_CURRENCIES, WORDS_LOCALES } from '../../../domain/amountInWords';
import { toMinor } from '../../../domain/money';
import { dataAnswer } from '../../core/answers';
import { oneOf, optionalMoney } from '../../core/fields';

const tags = ['templates'];

/**
 * The money rules of core/fields (zero or more, two decimals) within what words can say. Left out, the amount is 0, the
 * currency GEL and the language the caller's, so the editor's preview always has something to show.
 */
const amountQuery = z.object({
  amount: optionalMoney().refine((v) => (v ?? 0) <= MAX_WORDS_NUMBER + 0.99, { error: 'units.too_large' }),
  currency: oneOf(WORDS_CURRENCIES).default('GEL'),
  locale: oneOf(WORDS_LOCALES).optional(),
});

/** GET /amount-in-words?amount=1234.56&currency=GEL&locale=ka → {data: "ათას ორას ..."} (editor preview). */
export default async function amountInWordsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/amount-in-words',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: amountQuery, response: dataAnswer(z.string()) },
    },
    async (request) => {
      const { amount, currency, locale } = request.query;
      return { data: amountInWords(toMinor(amount ?? 0), currency, locale ?? request.locale) };
    },
  );
}
