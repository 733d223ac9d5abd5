import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Principal } from '../../../domain/access';
import type { PaymentMode } from '../../../domain/sales';
import type { Db } from '../../db/client';
import { documentFiles, payments, sales, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import { businessToday } from '../../../domain/businessDay';
import { saleVisible } from '../saleLedger';
import { money, presentScheduled, type Executor, type SaleReader } from './present';

/** One sale: the record with its installments, payments and files count, and the short form. */
export function createSaleRecords(db: Db, reader: SaleReader) {
  const { withDetails, presentDetailed } = reader;

  /** The sale with its units and schedule, one statement. */
  async function detailed(executor: Executor, condition: SQL | undefined, locale: Locale, today = businessToday()) {
    const [row] = await withDetails(executor).where(condition);
    if (!row) throw notFound();
    return presentDetailed(row, locale, today);
  }
  const record = async (executor: Executor, condition: SQL | undefined, locale: Locale) =>
    (await detailed(executor, condition, locale)).sale;

  /** GET /sales/{id} (or its trashed twin): the record with its installments, payments and files count. */
  async function get(
    user: Principal,
    id: number,
    locale: Locale,
    options: { trashed?: boolean } = {},
    executor: Executor = db,
  ) {
    const today = businessToday();
    const { sale, schedule } = await detailed(
      executor,
      and(eq(sales.id, id), saleVisible(user, options)),
      locale,
      today,
    );
    const [paymentRows, files] = await Promise.all([
      executor
        .select({ payment: payments, createdByName: users.fullName })
        .from(payments)
        .leftJoin(users, eq(users.id, payments.createdBy))
        .where(eq(payments.saleId, id))
        .orderBy(asc(payments.paidOn), asc(payments.id)),
      executor.$count(documentFiles, and(eq(documentFiles.ownerType, 'sale'), eq(documentFiles.ownerId, id))),
    ]);
    return {
      ...sale,
      installments: schedule.map((i) => presentScheduled(i, today)),
      payments: paymentRows.map(({ payment: p, createdByName }) => ({
        id: p.id,
        mode: p.mode as PaymentMode,
        amount: money(p.amount),
        currency: p.currency,
        rate: String(Number(p.rate)),
        credited: money(p.credited),
        paid_on: p.paidOn,
        note: p.note,
        source: p.source,
        voided: p.voidedAt !== null,
        created_by_name: createdByName,
        created_at: p.createdAt.toISOString(),
      })),
      files_count: files,
    };
  }

  async function brief(user: Principal, id: number, locale: Locale) {
    const sale = await record(db, and(eq(sales.id, id), saleVisible(user)), locale);
    return {
      id: sale.id,
      contract_no: sale.contract_no,
      status: sale.status,
      customer_id: sale.customer_id,
      customer_name: sale.customer_name,
      building_name: sale.building_name,
      properties: sale.properties.map((p) => ({ id: p.id, no: p.no })),
      price: sale.price,
      currency: sale.currency,
      paid_total: sale.paid_total,
      remaining: sale.remaining,
      next_due_date: sale.next_due_date,
      next_due_amount: sale.next_due_amount,
    };
  }

  return { record, get, brief };
}

export type SaleRecords = ReturnType<typeof createSaleRecords>;
