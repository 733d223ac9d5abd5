import type { SaleHistoryAction } from '../../../domain/sales';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

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

/** The insert of entries of sales' histories, in one statement whatever their number. */
export const historyInsert = (entries: readonly SaleHistoryEntry[]) => {
  const rows = entries.map(rowOf);
  const column = <K extends keyof ReturnType<typeof rowOf>>(key: K) => sql.param(rows.map((r) => r[key]));
  return sql`insert into sale_histories (sale_id, user_id, action, changes, reason, effective_date)
    select * from unnest(${column('saleId')}::int[], ${column('userId')}::int[], ${column('action')}::text[],
      ${sql.param(rows.map((r) => JSON.stringify(r.changes)))}::jsonb[], ${column('reason')}::text[],
      ${column('effectiveDate')}::date[])`;
};

/** Records entries of sales' histories, inside the caller's transaction, in one statement whatever their number. */
export async function writeHistories(tx: Db | Tx, entries: readonly SaleHistoryEntry[]) {
  if (!entries.length) return;
  await tx.execute(historyInsert(entries));
}

/** Records one entry of a sale's history, inside the caller's transaction. */
export const writeHistory = (tx: Db | Tx, entry: SaleHistoryEntry) => writeHistories(tx, [entry]);
