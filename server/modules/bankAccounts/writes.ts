import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import type { Db } from '../../db/client';
import { bankAccounts, banks, blocks, buildings } from '../../db/schema';
import { inBuildingScope } from '../../core/scope';
import { AppError } from '../../core/errors';

export interface BankAccountInput {
  building_id: number;
  block_id: number | null;
  bank_id: number;
  iban: string | null;
  local_currency: string;
  iban_usd: string | null;
  iban_eur: string | null;
  mediator_bank_usd: string | null;
  mediator_bank_eur: string | null;
  branch: string | null;
}

/**
 * Adding, mending and deleting an account (each one statement, within the user's building scope), and what the
 * routes check before: the complex seen, the block of that complex, the bank.
 */
export function createBankAccountWrites(db: Db) {
  const valuesOf = (input: BankAccountInput) => ({
    buildingId: input.building_id,
    blockId: input.block_id,
    bankId: input.bank_id,
    iban: input.iban,
    localCurrency: input.local_currency,
    ibanUsd: input.iban_usd,
    ibanEur: input.iban_eur,
    mediatorBankUsd: input.mediator_bank_usd,
    mediatorBankEur: input.mediator_bank_eur,
    branch: input.branch,
  });

  async function create(input: BankAccountInput) {
    const [row] = await db.insert(bankAccounts).values(valuesOf(input)).returning({ id: bankAccounts.id });
    return row.id;
  }

  async function update(id: number, input: BankAccountInput, user: Principal) {
    const [row] = await db
      .update(bankAccounts)
      .set(valuesOf(input))
      .where(and(eq(bankAccounts.id, id), inBuildingScope(user, bankAccounts.buildingId)))
      .returning({ id: bankAccounts.id });
    if (!row) throw new AppError(404, 'server.not_found');
  }

  async function remove(id: number, user: Principal) {
    const [row] = await db
      .delete(bankAccounts)
      .where(and(eq(bankAccounts.id, id), inBuildingScope(user, bankAccounts.buildingId)))
      .returning({ id: bankAccounts.id });
    if (!row) throw new AppError(404, 'server.not_found');
  }

  /** A building the user may see, or 404: another complex's accounts are not revealed, not even that it exists. */
  async function visibleBuilding(user: Principal, buildingId: number) {
    const [building] = await db
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.id, buildingId), inBuildingScope(user, buildings.id)));
    if (!building) throw new AppError(404, 'server.not_found');
    return building;
  }

  /** Whether the block belongs to the building. */
  async function blockInBuilding(blockId: number, buildingId: number) {
    const [block] = await db
      .select({ id: blocks.id })
      .from(blocks)
      .where(and(eq(blocks.id, blockId), eq(blocks.buildingId, buildingId)));
    return Boolean(block);
  }

  async function bank(id: number) {
    const [row] = await db.select().from(banks).where(eq(banks.id, id));
    return row;
  }

  return { create, update, remove, visibleBuilding, blockInBuilding, bank };
}
