import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText, V } from '../../../domain/validation';
import type { banks } from '../../db/schema';
import { recordWrite } from '../../core/activityLog';
import { invalid, isUniqueViolation, type AppError } from '../../core/errors';
import { listQuery, perPageField } from '../../core/paging';
import { needs } from '../../core/types';
import { optionalText, idParams } from '../../core/fields';
import { bankName } from '../bankAccounts';
import { createBanksRepository } from './repository';
import { createdAnswer, listAnswer } from '../../core/answers';
import { bankSchema } from '../../../domain/contracts/sites';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['banks'];

/** SWIFT/BIC: 4 letters of bank, 2 of country, 2 of place, and an optional 3-character branch. */
export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const bankBody = z.object({
  title: requiredText(120),
  title_en: optionalText(120),
  code: z.preprocess(
    upper,
    z
      .string({ error: V.required })
      .min(1, { error: V.required, abort: true })
      .regex(SWIFT_PATTERN, { error: 'sites.swift_format' }),
  ),
  iban_code: z.preprocess(
    upper,
    z
      .string({ error: V.required })
      .min(1, { error: V.required, abort: true })
      .regex(/^[A-Z]{2}$/, { error: 'sites.iban_code_format' }),
  ),
});

/** The banks list is short (the 15 Georgian banks and a few more): all of it unless a page is asked for. */
const banksQuery = listQuery.extend({ perpage: perPageField(0) });

/** GET and POST /banks, DELETE /banks/{id}. Every signed-in user reads the list: the banks page is open to all. */
export default async function banksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBanksRepository(app.db);

  const present = (
    row: typeof banks.$inferSelect & { accounts_count: number },
    locale: Parameters<typeof bankName>[1],
  ) => ({
    id: row.id,
    title: row.title,
    title_en: row.titleEn,
    name: bankName(row, locale),
    code: row.code,
    iban_code: row.ibanCode,
    accounts_count: row.accounts_count,
  });

  app.get(
    '/banks',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: banksQuery, response: listAnswer(bankSchema) },
    },
    async (request) => {
      const { rows, meta } = await repo.list(request.query);
      return { data: rows.map((r) => present(r, request.locale)), meta };
    },
  );

  app.post(
    '/banks',
    { config: { access: needs('add_banks') }, schema: { tags, body: bankBody, response: createdAnswer(bankSchema) } },
    async (request, reply) => {
      const input = request.body;
      const taken = await repo.clashing(input);
      const errors: NonNullable<AppError['fieldErrors']> = {};
      for (const other of taken) {
        if (other.code === input.code) errors.code = [['sites.swift_taken', { bank: bankName(other, request.locale) }]];
        if (other.ibanCode === input.iban_code)
          errors.iban_code = [['sites.iban_code_taken', { bank: bankName(other, request.locale) }]];
      }
      if (Object.keys(errors).length) throw invalid(errors);
      try {
        const row = await repo.create(input);
        return reply.status(201).send({ data: present({ ...row, accounts_count: 0 }, request.locale) });
      } catch (error) {
        // Two people adding the same bank at once: the second is told as if the check above had caught it.
        if (isUniqueViolation(error)) throw invalid({ code: [['sites.swift_taken', { bank: input.title }]] });
        throw error;
      }
    },
  );

  app.delete(
    '/banks/:id',
    {
      config: { access: needs('delete_banks'), recordsItself: true },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(request.params.id, request.locale, recordWrite(request, 200));
      return { message: request.t('app.deleted') };
    },
  );
}
