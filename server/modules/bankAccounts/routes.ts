import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ibanBankCode, IBAN_MESSAGES } from '../../../domain/iban';
import { V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { invalid, type AppError } from '../../core/errors';
import { listQuery } from '../../core/paging';
import { needs } from '../../core/types';
import { MAX_ID, optionalIban, optionalText, idParams } from '../../core/fields';
import { bankName, createBankAccountsRepository } from './repository';
import { createdAnswer, dataAnswer, listAnswer } from '../../core/answers';
import { bankAccountSchema } from '../../../domain/contracts/sites';
import { messageSchema } from '../../../domain/contracts/users';

const tags = ['bank-accounts'];
const IBAN_FIELDS = ['iban', 'iban_usd', 'iban_eur'] as const;
export const CURRENCIES = ['GEL', 'USD', 'EUR'] as const;

const id = (message: string = V.required) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: V.invalidType });

/** An account's IBAN: empty means none (null). */
const ibanField = () => optionalIban().transform((v) => v ?? null);

const accountBody = z
  .object({
    building_id: id(),
    /** Empty: the account serves the whole complex (the group titled 'general'). */
    block_id: z.preprocess(
      (v) => (v === '' || v === null || v === undefined || v === 'general' ? null : v),
      id(V.invalidType).nullable(),
    ),
    bank_id: id(),
    iban: ibanField(),
    local_currency: z.enum(CURRENCIES, { error: V.invalidValue }).default('GEL'),
    iban_usd: ibanField(),
    iban_eur: ibanField(),
    mediator_bank_usd: optionalText(500).transform((v) => v ?? null),
    mediator_bank_eur: optionalText(500).transform((v) => v ?? null),
    branch: optionalText(255).transform((v) => v ?? null),
  })
  .superRefine((account, ctx) => {
    if (!IBAN_FIELDS.some((field) => account[field]))
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'sites.iban_one_required' });
  });

const accountsQuery = listQuery.extend({
  building_id: id(V.invalidType).optional(),
  block_id: id(V.invalidType).optional(),
});

/**
 * GET and POST /bank-accounts, DELETE /bank-accounts/{id}; and GET and PUT /bank-accounts/{id} too, so a typo in
 * an IBAN is mended rather than the account deleted and added again. An account is seen through its
 * building's scope.
 */
export default async function bankAccountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createBankAccountsRepository(app.db);

  const visibleBuilding = (request: Parameters<typeof currentUser>[0], buildingId: number) =>
    repo.visibleBuilding(currentUser(request), buildingId);

  app.get(
    '/bank-accounts',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: accountsQuery, response: listAnswer(bankAccountSchema) },
    },
    async (request) => {
      if (request.query.building_id !== undefined) await visibleBuilding(request, request.query.building_id);
      return repo.list(request.query, currentUser(request), request.locale);
    },
  );

  /** The account's complex is one the user sees, its block is of that complex, its IBANs are of its bank. */
  async function checkAccount(request: FastifyRequest, input: z.output<typeof accountBody>) {
    await visibleBuilding(request, input.building_id);
    const errors: NonNullable<AppError['fieldErrors']> = {};
    if (input.block_id !== null) {
      if (!(await repo.blockInBuilding(input.block_id, input.building_id))) errors.block_id = ['sites.unknown_block'];
    }
    const bank = await repo.bank(input.bank_id);
    if (!bank) errors.bank_id = ['sites.unknown_bank'];
    else if (bank.ibanCode) {
      for (const field of IBAN_FIELDS) {
        const iban = input[field];
        if (iban && ibanBankCode(iban) !== bank.ibanCode)
          errors[field] = [[IBAN_MESSAGES.bankMismatch, { bank: bankName(bank, request.locale), code: bank.ibanCode }]];
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  app.get(
    '/bank-accounts/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParams, response: dataAnswer(bankAccountSchema) },
    },
    async (request) => ({ data: await repo.get(request.params.id, currentUser(request), request.locale) }),
  );

  app.post(
    '/bank-accounts',
    {
      config: { access: needs('add_bank_accounts') },
      schema: { tags, body: accountBody, response: createdAnswer(bankAccountSchema) },
    },
    async (request, reply) => {
      await checkAccount(request, request.body);
      const accountId = await repo.create(request.body);
      return reply.status(201).send({ data: await repo.get(accountId, currentUser(request), request.locale) });
    },
  );

  app.put(
    '/bank-accounts/:id',
    {
      config: { access: needs('edit_bank_accounts') },
      schema: { tags, params: idParams, body: accountBody, response: dataAnswer(bankAccountSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      // another complex's account is a 404 before anything about the new values is said
      await repo.get(request.params.id, user, request.locale);
      await checkAccount(request, request.body);
      await repo.update(request.params.id, request.body, user);
      return { data: await repo.get(request.params.id, user, request.locale) };
    },
  );

  app.delete(
    '/bank-accounts/:id',
    {
      config: { access: needs('delete_bank_accounts') },
      schema: { tags, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await repo.remove(request.params.id, currentUser(request));
      return { message: request.t('app.deleted') };
    },
  );
}
