import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversionRate, convert, MissingRateError } from '../../../domain/currency';
import { CURRENCIES, fromMinor, toMinor, type Currency } from '../../../domain/money';
import { isoDate, V } from '../../../domain/validation';
import { AppError, invalid } from '../../core/errors';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import type { currencyRates } from '../../db/schema';
import { runImport, sendTemplate, type ImportColumn } from '../../core/imports';
import { oneOf, positiveMoney } from '../../core/fields';
import { businessToday } from '../../../domain/businessDay';
import { fetchNbgRates, FETCHED_CURRENCIES } from './nbg';
import { gelRates, listRates, rateOn, saveRates, storedRate } from './rates';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { importedSchema } from '../../../domain/contracts/imports';
import {
  conversionSchema,
  fetchedRatesSchema,
  rateOfDaySchema,
  storedRateSchema,
} from '../../../domain/contracts/payments';
import { recordWrite } from '../../core/activityLog';

const tags = ['currency'];
const FOREIGN = ['USD', 'EUR'] as const;
const MAX_FETCH_DAYS = 366;
const DAY = 86_400_000;

const date = () => z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());
const currencyParam = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), oneOf(CURRENCIES));
/**
 * GEL per unit, at most 6 decimals (numeric(12,6)), between 0.01 and 1,000: beyond that a rate is a typing slip, and
 * the cross rate of two such rates would not fit a payment's rate (numeric(14,8)).
 */
const rateText = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : v),
    z
      .string({ error: (issue) => (issue.input === undefined ? V.required : V.invalidType) })
      .min(1, { error: V.required, abort: true })
      .regex(/^\d{1,6}(\.\d{1,6})?$/, { error: V.invalidType, abort: true })
      .refine((r) => Number(r) >= 0.01 && Number(r) <= 1000, { error: 'payment_rules.rate_range' }),
  );

const rateBody = z.object({ currency: oneOf(FOREIGN), date: date(), rate: rateText() });
const listSchema = listQuery.extend({
  currency: oneOf(CURRENCIES).optional(),
  date_from: isoDate().optional(),
  date_to: isoDate().optional(),
});
const convertBody = z.object({ amount: positiveMoney(), from: oneOf(CURRENCIES), to: oneOf(CURRENCIES), date: date() });
const fetchBody = z.object({ date_from: date(), date_to: date() });

export const RATE_COLUMNS: ImportColumn[] = [
  { field: 'date', label: 'payment_rules.columns.date', aliases: ['თარიღი', 'дата'] },
  { field: 'currency', label: 'payment_rules.columns.currency', aliases: ['ccy', 'code'] },
  { field: 'rate', label: 'payment_rules.columns.rate' },
];
const rateImportRow = z.object({
  date: date(),
  currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), oneOf(FOREIGN)),
  rate: rateText(),
});

type RateRow = typeof currencyRates.$inferSelect;
const presentRate = (row: RateRow) => ({
  id: `${row.currency}:${row.date}`,
  currency: row.currency,
  date: row.date,
  rate: row.rate,
  source: row.source,
  created_at: row.createdAt.toISOString(),
});

const rateAnswer = dataAnswer(rateOfDaySchema);

const noRate = (currency: string, date: string) => new AppError(404, 'payment_rules.no_rate', { currency, date });

/**
 * Currency rates: the NBG rate of a day (else the last one before it), conversions, the stored rates
 * with manual entry, Excel import and a fetch from NBG. Reads are open to every signed-in user;
 * writes need add_payments.
 */
export default async function currencyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const readers = 'authenticated' as const;
  const writers = needs('add_payments');

  const answerRate = async (currency: Currency, day: string) => {
    const found = await rateOn(app.db, currency, day);
    if (!found) throw noRate(currency, day);
    return { data: { currency, date: day, rate: found.rate, rate_date: found.date, source: found.source } };
  };

  app.get('/currency/usd', { config: { access: readers }, schema: { tags, response: rateAnswer } }, async () =>
    answerRate('USD', businessToday()),
  );
  app.get(
    '/currency/usd/:date',
    { config: { access: readers }, schema: { tags, params: z.object({ date: isoDate() }), response: rateAnswer } },
    async (request) => answerRate('USD', request.params.date),
  );
  app.get(
    '/currency/:ccy/:date',
    {
      config: { access: readers },
      schema: { tags, params: z.object({ ccy: currencyParam, date: isoDate() }), response: rateAnswer },
    },
    async (request) => answerRate(request.params.ccy, request.params.date),
  );

  app.post(
    '/currency/convert',
    {
      config: { access: readers, readOnly: true },
      schema: { tags, body: convertBody, response: dataAnswer(conversionSchema) },
    },
    async (request) => {
      const { amount, from, to, date: day } = request.body;
      const { rates } = await gelRates(app.db, day);
      try {
        const result = convert(toMinor(amount), from, to, rates);
        return {
          data: {
            amount: fromMinor(toMinor(amount)),
            from,
            to,
            date: day,
            rate: conversionRate(from, to, rates),
            result: fromMinor(result),
          },
        };
      } catch (error) {
        if (error instanceof MissingRateError)
          throw invalid({ date: [['payment_rules.no_rate', { currency: error.currency, date: day }]] });
        throw error;
      }
    },
  );

  app.get(
    '/currency-rates',
    { config: { access: readers }, schema: { tags, querystring: listSchema, response: listAnswer(storedRateSchema) } },
    async (request) => {
      const { rows, meta } = await listRates(app.db, request.query);
      return { data: rows.map(presentRate), meta };
    },
  );

  app.post(
    '/currency-rates',
    {
      config: { access: writers, recordsItself: true },
      schema: { tags, body: rateBody, response: createdAnswer(storedRateSchema) },
    },
    async (request, reply) => {
      const { currency, date: day, rate } = request.body;
      await saveRates(app.db, [{ currency, date: day, rate }], 'manual', recordWrite(request, 201));
      const row = await storedRate(app.db, currency, day);
      return reply.status(201).send({ data: presentRate(row) });
    },
  );

  app.get(
    '/currency-rates/import/template',
    { config: { access: writers }, schema: { tags } },
    async (request, reply) => sendTemplate(request, reply, RATE_COLUMNS, 'currency-rates'),
  );

  app.post(
    '/currency-rates/import',
    {
      config: { access: writers, logAction: 'imported', recordsItself: true },
      schema: { tags, response: createdAnswer(importedSchema) },
    },
    async (request, reply) => {
      const record = recordWrite(request, 201);
      const result = await runImport(app, request, {
        columns: RATE_COLUMNS,
        schema: rateImportRow,
        maxRows: 20_000,
        insert: async (tx, rows) => {
          for (let i = 0; i < rows.length; i += 1000) await saveRates(tx, rows.slice(i, i + 1000), 'import');
        },
        record: (tx, answer) => record(tx, { recordId: null, buildingId: null, answer }),
      });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/currency-rates/fetch',
    {
      config: { access: writers, logAction: 'rates_fetched' },
      schema: { tags, body: fetchBody, response: dataAnswer(fetchedRatesSchema) },
    },
    async (request) => {
      const { date_from: from, date_to: to } = request.body;
      if (to < from) throw invalid({ date_to: ['payment_rules.date_order'] });
      const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
      if (days > MAX_FETCH_DAYS)
        throw invalid({ date_to: [['payment_rules.range_too_long', { max: MAX_FETCH_DAYS }]] });
      const fetched = new Map<string, { currency: Currency; date: string; rate: string }>();
      for (let i = 0; i < days; i += 1) {
        const day = new Date(Date.parse(from) + i * DAY).toISOString().slice(0, 10);
        for (const rate of await fetchNbgRates(day, FETCHED_CURRENCIES))
          fetched.set(`${rate.currency}:${rate.date}`, rate);
      }
      await saveRates(app.db, [...fetched.values()], 'nbg');
      return { data: { fetched: fetched.size, date_from: from, date_to: to } };
    },
  );
}

/** Today's USD and EUR rates from NBG; used by the area's background job. */
export async function fetchTodaysRates(fastify: FastifyInstance) {
  const rates = await fetchNbgRates(businessToday(), FETCHED_CURRENCIES);
  await saveRates(fastify.db, rates, 'nbg');
  return rates.length;
}
