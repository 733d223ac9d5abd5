import type { SaleHistoryAction } from '../../../domain/sales';
import type { Db, Tx } from '../../db/client';
import { saleHistories } from '../../db/schema';

export type SaleChange = { field: string; from: unknown; to: unknown };

/** Records one entry of a sale's history, inside the caller's transaction. */
export async function writeHistory(
  tx: Db | Tx,
  entry: {
    saleId: number;
    userId: number | null;
    action: SaleHistoryAction;
    changes?: Array<{ field: string; from: unknown; to: unknown }>;
    reason?: string | null;
    effectiveDate?: string | null;
  },
) {
  await tx.insert(saleHistories).values({
    saleId: entry.saleId,
    userId: entry.userId,
    action: entry.action,
    changes: entry.changes ?? [],
    reason: entry.reason ?? null,
    effectiveDate: entry.effectiveDate ?? null,
  });
}
