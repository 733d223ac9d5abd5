import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { requiredText, V } from '../../../domain/validation';
import { bankAccounts, banks } from '../../db/schema';
import { AppError, conflict, invalid, isUniqueViolation } from '../../core/errors';
import { likePattern, listQuery, MAX_PAGE_SIZE, pageMeta, pageWindow, sortColumn, pageTotal } from '../../core/paging';
import { needs } from '../../core/types';
import { optionalText, idParams } from '../../core/fields';
import { bankName } from '../bankAccounts';

const tags = ['banks'];

/** SWIFT/BIC: 4 letters of bank, 2 of country, 2 of place, and an optional 3-character branch. */
export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const bankBody = z.object({
  title: requiredText(120),
  title_en: optionalText(120),
  code: z.preprocess(upper, z.string({ error: V.required }).min(1, { error: V.required, abort: true }).regex(SWIFT_PATTERN, { error: 'sites.swift_format' })),
  iban_code: z.preprocess(upper, z.string({ error: V.required }).min(1, { error: V.required, abort: true }).regex(/^[A-Z]{2}$/, { error: 'sites.iban_code_format' })),
});

/** The banks list is short (DESIGN §6's 15 and a few more): all of it unless a page is asked for. */
const banksQuery = listQuery.extend({ perpage: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE).default(0) });

const SORTABLE = { id: banks.id, title: banks.title, title_en: banks.titleEn, code: banks.code, iban_code: banks.ibanCode };

/** SPEC §7: GET and POST /banks, DELETE /banks/{id}. Every signed-in user reads the list (SPEC §2: ANY). */
export default async function banksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // banks.id spelled out: drizzle renders ${banks.id} as a bare "id", which the subquery would take as the account's.
  const accountsCount = sql<number>`(select cast(count(*) as integer) from bank_accounts ba where ba.bank_id = banks.id)`;

  const present = (row: typeof banks.$inferSelect & { accounts_count: number }, locale: Parameters<typeof bankName>[1]) => ({
    id: row.id,
    title: row.title,
    title_en: row.titleEn,
    name: bankName(row, locale),
    code: row.code,
    iban_code: row.ibanCode,
    accounts_count: row.accounts_count,
  });

  app.get('/banks', { config: { access: 'authenticated' }, schema: { tags, querystring: banksQuery } }, async (request) => {
    const q = request.query;
    const { limit, offset } = pageWindow(q);
    const text = q.query ? likePattern(q.query) : undefined;
    const where = text ? or(ilike(banks.title, text), ilike(banks.titleEn, text), ilike(banks.code, text), ilike(banks.ibanCode, text)) : undefined;
    const column = sortColumn(q.sort, SORTABLE, 'id');
    const rows = await app.db
      .select({ bank: banks, accounts_count: accountsCount, total: sql<number>`cast(count(*) over() as integer)` })
      .from(banks)
      .where(and(where))
      .orderBy(q.order === 'desc' ? desc(column) : asc(column), asc(banks.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, offset, () => app.db.$count(banks, where));
    return { data: rows.map((r) => present({ ...r.bank, accounts_count: r.accounts_count }, request.locale)), meta: pageMeta(q, total, rows.length) };
  });

  app.post('/banks', { config: { access: needs('add_banks') }, schema: { tags, body: bankBody } }, async (request, reply) => {
    const input = request.body;
    const taken = await app.db.select().from(banks).where(or(eq(banks.code, input.code), eq(banks.ibanCode, input.iban_code)));
    const errors: NonNullable<AppError['fieldErrors']> = {};
    for (const other of taken) {
      if (other.code === input.code) errors.code = [['sites.swift_taken', { bank: bankName(other, request.locale) }]];
      if (other.ibanCode === input.iban_code) errors.iban_code = [['sites.iban_code_taken', { bank: bankName(other, request.locale) }]];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    try {
      const [row] = await app.db.insert(banks).values({ title: input.title, titleEn: input.title_en ?? null, code: input.code, ibanCode: input.iban_code }).returning();
      return reply.status(201).send({ data: present({ ...row, accounts_count: 0 }, request.locale) });
    } catch (error) {
      // Two people adding the same bank at once: the second is told as if the check above had caught it.
      if (isUniqueViolation(error)) throw invalid({ code: [['sites.swift_taken', { bank: input.title }]] });
      throw error;
    }
  });

  app.delete('/banks/:id', { config: { access: needs('delete_banks') }, schema: { tags, params: idParams } }, async (request) => {
    await app.db.transaction(async (tx) => {
      const [bank] = await tx.select().from(banks).where(eq(banks.id, request.params.id)).for('update');
      if (!bank) throw new AppError(404, 'server.not_found');
      const used = await tx.$count(bankAccounts, eq(bankAccounts.bankId, bank.id));
      if (used) throw conflict('sites.bank_in_use', { bank: bankName(bank, request.locale), count: used });
      await tx.delete(banks).where(eq(banks.id, bank.id));
    });
    return { message: request.t('app.deleted') };
  });
}
