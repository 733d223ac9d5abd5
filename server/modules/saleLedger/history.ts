import type { SaleHistoryAction } from '../../../domain/sales';
import { inChunks, type Db, type Tx } from '../../db/client';
import { saleHistories } from '../../db/schema';

export type SaleChange = { field: string; from: unknown; to: unknown };

export interface SaleHistoryEntry {
  saleId: number;
  userId: number | null;
  action: SaleHistoryAction;
  changes?: SaleChange[];
  reason?: string | null;
  effectiveDate?: string | null;
}

const rowOf = (entry: SaleHistoryEntry) => ({
  saleId: entry.saleId,
  userId: entry.userId,
  action: entry.action,
  changes: entry.changes ?? [],
  reason: entry.reason ?? null,
  effectiveDate: entry.effectiveDate ?? null,
});

/** The insert of entries of sales' histories, for a CTE of a bigger statement (`.getSQL()`). */
export const historyInsert = (tx: Db | Tx, entries: readonly SaleHistoryEntry[]) =>
  tx.insert(saleHistories).values(entries.map(rowOf));

/** Records entries of sales' histories, inside the caller's transaction (in chunks, for imports). */
export async function writeHistories(tx: Db | Tx, entries: readonly SaleHistoryEntry[]) {
  await inChunks(entries.map(rowOf), (chunk) => tx.insert(saleHistories).values(chunk), 2000);
}

/** Records one entry of a sale's history, inside the caller's transaction. */
export const writeHistory = (tx: Db | Tx, entry: SaleHistoryEntry) => writeHistories(tx, [entry]);
