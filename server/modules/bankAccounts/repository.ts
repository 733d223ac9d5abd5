import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import type { Db } from '../../db/client';
import { bankAccounts, banks, blocks, buildings } from '../../db/schema';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import { AppError } from '../../core/errors';
import { createBankAccountWrites } from './writes';

/** A bank's name in the reader's language: the Georgian title, or the English one for en and ru when it has one. */
export const bankName = (bank: { title: string; titleEn: string | null }, locale: Locale) =>
  locale === 'ka' ? bank.title : (bank.titleEn ?? bank.title);

const SORTABLE = {
  id: bankAccounts.id,
  building_name: buildings.name,
  bank_name: banks.title,
  created_at: bankAccounts.createdAt,
};

export function createBankAccountsRepository(db: Db) {
  const columns = {
    account: bankAccounts,
    buildingName: buildings.name,
    blockName: blocks.name,
    bankTitle: banks.title,
    bankTitleEn: banks.titleEn,
    bankCode: banks.code,
  };
  type Row = {
    account: typeof bankAccounts.$inferSelect;
    buildingName: string;
    blockName: string | null;
    bankTitle: string;
    bankTitleEn: string | null;
    bankCode: string;
  };

  /** A bank account: an account without a block belongs to the group titled 'general'. */
  const present = (row: Row, locale: Locale) => ({
    id: row.account.id,
    building_id: row.account.buildingId,
    building_name: row.buildingName,
    block_id: row.account.blockId,
    block_name: row.blockName,
    bank_id: row.account.bankId,
    bank_name: bankName({ title: row.bankTitle, titleEn: row.bankTitleEn }, locale),
    bank_code: row.bankCode,
    iban: row.account.iban,
    local_currency: row.account.localCurrency,
    iban_usd: row.account.ibanUsd,
    iban_eur: row.account.ibanEur,
    mediator_bank_usd: row.account.mediatorBankUsd,
    mediator_bank_eur: row.account.mediatorBankEur,
    branch: row.account.branch,
    created_at: row.account.createdAt.toISOString(),
  });

  const base = () =>
    db
      .select({ ...columns, total: totalCount })
      .from(bankAccounts)
      .innerJoin(buildings, eq(buildings.id, bankAccounts.buildingId))
      .innerJoin(banks, eq(banks.id, bankAccounts.bankId))
      .leftJoin(blocks, eq(blocks.id, bankAccounts.blockId));

  const count = async (where: SQL | undefined) => {
    const [{ n }] = await db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(bankAccounts)
      .innerJoin(buildings, eq(buildings.id, bankAccounts.buildingId))
      .innerJoin(banks, eq(banks.id, bankAccounts.bankId))
      .leftJoin(blocks, eq(blocks.id, bankAccounts.blockId))
      .where(where);
    return n;
  };

  /** Grouped order (sort=group, or no sort): building, then the general accounts, then block by block, then bank. */
  const groupedOrder = [
    asc(buildings.name),
    asc(buildings.id),
    sql`${bankAccounts.blockId} is not null`,
    asc(blocks.name),
    asc(banks.title),
    asc(bankAccounts.id),
  ];

  async function list(q: ListQuery & { building_id?: number; block_id?: number }, user: Principal, locale: Locale) {
    const filters: Array<SQL | undefined> = [inBuildingScope(user, bankAccounts.buildingId)];
    if (q.building_id !== undefined) filters.push(eq(bankAccounts.buildingId, q.building_id));
    if (q.block_id !== undefined) filters.push(eq(bankAccounts.blockId, q.block_id));
    if (q.query) {
      const p = likePattern(q.query.replace(/\s+/g, ''));
      const text = likePattern(q.query);
      filters.push(
        or(
          ilike(bankAccounts.iban, p),
          ilike(bankAccounts.ibanUsd, p),
          ilike(bankAccounts.ibanEur, p),
          ilike(banks.title, text),
          ilike(banks.titleEn, text),
          ilike(blocks.name, text),
          ilike(buildings.name, text),
          ilike(bankAccounts.branch, text),
        ),
      );
    }
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, unsorted: groupedOrder, then: asc(bankAccounts.id) },
      ({ orderBy, limit, offset }) =>
        base()
          .where(and(...filters))
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => count(and(...filters)),
    );
    return { data: rows.map((r) => present(r, locale)), meta };
  }

  /** The accounts of one building, grouped as the list is (the building's scope was checked by the caller). */
  async function ofBuilding(buildingId: number, locale: Locale) {
    const rows = await base()
      .where(eq(bankAccounts.buildingId, buildingId))
      .orderBy(...groupedOrder);
    return rows.map((r) => present(r, locale));
  }

  async function get(id: number, user: Principal, locale: Locale) {
    const [row] = await base().where(and(eq(bankAccounts.id, id), inBuildingScope(user, bankAccounts.buildingId)));
    if (!row) throw new AppError(404, 'server.not_found');
    return present(row, locale);
  }

  return { list, ofBuilding, get, ...createBankAccountWrites(db) };
}

export type BankAccountsRepository = ReturnType<typeof createBankAccountsRepository>;
