import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { overdueSummary } from '../../../domain/ledger';
import { toDecimalString, toMinor } from '../../../domain/money';
import type { Db } from '../client';
import { cancellationNotices, installments, invoices, sales, users } from '../schema';
import { writeHistory } from '../../modules/saleLedger';
import { businessToday } from '../../../domain/businessDay';

export interface PaperworkSeedOptions {
  today?: Date;
  /** Invoices for the next unpaid installment of this many active sales. */
  invoices?: number;
  /** Cancellation notices on this many overdue sales. */
  notices?: number;
}

/**
 * The demo's paperwork, so /invoices and /overdue-sales are not empty: invoices for the next installment still owing
 * on a few active sales, and cancellation notices, with their history lines, on a few overdue ones, issued by the
 * administrator as the screens would. Answers how many of each were written.
 */
export async function seedPaperwork(db: Db, options: PaperworkSeedOptions = {}) {
  const today = businessToday(options.today ?? new Date());
  return db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
    const pick = (status: string, limit: number) =>
      tx
        .select({ id: sales.id, currency: sales.currency })
        .from(sales)
        .where(and(eq(sales.status, status), isNull(sales.deletedAt)))
        .orderBy(asc(sales.id))
        .limit(limit);
    const [active, overdue] = await Promise.all([
      pick('active', options.invoices ?? 6),
      pick('overdue', options.notices ?? 3),
    ]);
    const schedules = await tx
      .select()
      .from(installments)
      .where(
        inArray(
          installments.saleId,
          [...active, ...overdue].map((s) => s.id),
        ),
      )
      .orderBy(asc(installments.saleId), asc(installments.number));
    const scheduleOf = (saleId: number) => schedules.filter((i) => i.saleId === saleId);

    let invoiceCount = 0;
    for (const sale of active) {
      const next = scheduleOf(sale.id).find((i) => toMinor(i.paid) < toMinor(i.amount));
      if (!next) continue;
      await tx.insert(invoices).values({
        saleId: sale.id,
        installmentId: next.id,
        amount: toDecimalString(toMinor(next.amount) - toMinor(next.paid)),
        currency: sale.currency,
        issuedOn: today,
        dueDate: next.dueDate,
        createdBy: admin?.id ?? null,
      });
      invoiceCount += 1;
    }

    let noticeCount = 0;
    for (const sale of overdue) {
      const summary = overdueSummary(
        scheduleOf(sale.id).map((i) => ({ due_date: i.dueDate, amount: toMinor(i.amount), paid: toMinor(i.paid) })),
        today,
      );
      if (summary.days_late <= 0) continue;
      await tx.insert(cancellationNotices).values({
        saleId: sale.id,
        daysLate: summary.days_late,
        amountOverdue: toDecimalString(summary.amount_overdue),
        createdBy: admin?.id ?? null,
      });
      await writeHistory(tx, {
        saleId: sale.id,
        userId: admin?.id ?? null,
        action: 'cancellation_notice',
        reason: null,
        effectiveDate: today,
        changes: [
          { field: 'days_late', from: null, to: summary.days_late },
          { field: 'amount_overdue', from: null, to: toDecimalString(summary.amount_overdue) },
        ],
      });
      noticeCount += 1;
    }
    return { invoices: invoiceCount, notices: noticeCount };
  });
}
