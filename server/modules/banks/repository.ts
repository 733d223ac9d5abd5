import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { bankAccounts, banks } from '../../db/schema';
import { AppError, conflict } from '../../core/errors';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { bankName } from '../bankAccounts';

const SORTABLE = {
  id: banks.id,
  title: banks.title,
  title_en: banks.titleEn,
  code: banks.code,
  iban_code: banks.ibanCode,
};

// banks.id spelled out: drizzle renders ${banks.id} as a bare "id", which the subquery would take as the account's.
const accountsCount = sql<number>`(select cast(count(*) as integer) from bank_accounts ba where ba.bank_id = banks.id)`;

export interface BankInput {
  title: string;
  title_en?: string | null;
  code: string;
  iban_code: string;
}

/**
 * The banks' queries: the list with each bank's account count, the banks a new one would clash with, create, delete.
 */
export function createBanksRepository(db: Db) {
  return {
    async list(q: ListQuery) {
      const text = q.query ? likePattern(q.query) : undefined;
      const where = text
        ? or(ilike(banks.title, text), ilike(banks.titleEn, text), ilike(banks.code, text), ilike(banks.ibanCode, text))
        : undefined;
      const { rows, meta } = await listPage(
        q,
        { columns: SORTABLE, fallback: 'id', then: asc(banks.id) },
        ({ orderBy, limit, offset }) =>
          db
            .select({ bank: banks, accounts_count: accountsCount, total: totalCount })
            .from(banks)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        () => db.$count(banks, where),
      );
      return { rows: rows.map((r) => ({ ...r.bank, accounts_count: r.accounts_count })), meta };
    },
    /** Banks holding the same SWIFT code or IBAN code. */
    clashing: (input: Pick<BankInput, 'code' | 'iban_code'>) =>
      db
        .select()
        .from(banks)
        .where(or(eq(banks.code, input.code), eq(banks.ibanCode, input.iban_code))),
    async create(input: BankInput) {
      const [row] = await db
        .insert(banks)
        .values({ title: input.title, titleEn: input.title_en ?? null, code: input.code, ibanCode: input.iban_code })
        .returning();
      return row;
    },
    /** Deletes a bank no account uses (409 otherwise), and records the write (a bank is no complex's). */
    async remove(id: number, locale: Locale, record: RecordWrite) {
      await db.transaction(async (tx) => {
        const [bank] = await tx.select().from(banks).where(eq(banks.id, id)).for('update');
        if (!bank) throw new AppError(404, 'server.not_found');
        const used = await tx.$count(bankAccounts, eq(bankAccounts.bankId, bank.id));
        if (used) throw conflict('sites.bank_in_use', { bank: bankName(bank, locale), count: used });
        await tx.delete(banks).where(eq(banks.id, bank.id));
        await record(tx, { recordId: bank.id, buildingId: null });
      });
    },
  };
}
