import type { SaleHistoryAction } from '../../../domain/sales';
import { sql } from 'drizzle-orm';
import { compiledOnce, value, type Db, type Tx } from '../../db/client';

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

/** The insert of entries of sales' histories, for a CTE of a statement compiled once (the entries: `historyValues`). */
export const historyInsert = sql`insert into sale_histories (sale_id, user_id, action, changes, reason, effective_date)
  select * from unnest(${value('historySaleId')}::int[], ${value('historyUserId')}::int[],
    ${value('historyAction')}::text[], ${value('historyChanges')}::jsonb[], ${value('historyReason')}::text[],
    ${value('historyEffectiveDate')}::date[])`;

/** The values of `historyInsert` for `entries`. */
export const historyValues = (entries: readonly SaleHistoryEntry[]) => {
  const rows = entries.map(rowOf);
  return {
    historySaleId: rows.map((r) => r.saleId),
    historyUserId: rows.map((r) => r.userId),
    historyAction: rows.map((r) => r.action),
    historyChanges: rows.map((r) => JSON.stringify(r.changes)),
    historyReason: rows.map((r) => r.reason),
    historyEffectiveDate: rows.map((r) => r.effectiveDate),
  };
};

const insertHistory = compiledOnce(() => historyInsert);

/**
 * Records entries of sales' histories, inside the caller's transaction, in one statement whatever their number (the
 * entries travel as arrays; an import's thousands are planned for their number).
 */
export async function writeHistories(tx: Db | Tx, entries: readonly SaleHistoryEntry[]) {
  if (!entries.length) return;
  await insertHistory(tx, historyValues(entries), { prepare: entries.length <= 10 });
}

/** Records one entry of a sale's history, inside the caller's transaction. */
export const writeHistory = (tx: Db | Tx, entry: SaleHistoryEntry) => writeHistories(tx, [entry]);
