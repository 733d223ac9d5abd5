import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { fromMinor, toDecimalString, toMinor, type Currency } from '../../../domain/money';
import type { PaymentMode, SaleStatus } from '../../../domain/sales';
import type { Principal } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import { rows, type Db, type Tx } from '../../db/client';
import { buildings, customers, installments, payments, sales, users } from '../../db/schema';
import { AppError, conflict, isSerializationFailure, notFound } from '../../core/errors';
import { ownLogLine } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import {
  inOrder,
  countOrEstimate,
  filteredBy,
  pageMeta,
  pageTotal,
  pageWindow,
  sortColumn,
  sortsBy,
  type ListQuery,
} from '../../core/paging';
import { gelRatesJson, gelRatesOf } from '../currency';
import { customerName } from '../preSaleBookings';
import {
  containerOfSale,
  containerToFill,
  ledgerColumns,
  lockSale,
  planSettlement,
  saleInScope,
  saleMatching,
  saleVisible,
  settle,
  writeSettlement,
  visibleSale,
  writeHistory,
  type LedgerRead,
  type SaleChange,
} from '../saleLedger';
import { todayIso } from '../unitStatus';
import {
  converted,
  credit,
  exceeds,
  moneyText,
  payableSale,
  paymentAdded,
  paymentPreview,
  remainingOf,
  saleCanceled,
  type PaymentFilters,
  type PaymentInput,
} from './paymentRules';

type Sale = typeof sales.$inferSelect;

/** What a payment reads of its sale: the ledger, the names its answer shows, NBG's rates of its day, its id and time. */
interface PayableRead extends LedgerRead {
  contract_no: string;
  currency: string;
  user_id: number | null;
  paid_total: string;
  renovation_paid: string;
  building_id: number;
  building_name: string;
  name_ka: string;
  name_en: string | null;
  name_ru: string | null;
  rates: Parameters<typeof gelRatesOf>[0] | null;
  payment_id: number;
  now: string | Date;
}

/**
 * The live sale a payment is for if the user may see it, locked for the rest of the transaction, in one statement:
 * its ledger, the names the payment's answer shows, NBG's rates of the payment's day, the id the payment will have and
 * the transaction's time (its creation time), so the answer is known before the write.
 */
const payableRead = (tx: Tx, user: Principal, saleId: number, paidOn: string) =>
  rows<PayableRead>(
    tx,
    sql`select ${ledgerColumns}, sales.contract_no, sales.currency, sales.user_id,
      sales.paid_total::text as paid_total, sales.renovation_paid::text as renovation_paid, sales.building_id,
      b.name as building_name, c.name_ka, c.name_en, c.name_ru,
      ${gelRatesJson(paidOn)} as rates, nextval('payments_id_seq')::int as payment_id, now() as now
    from sales join buildings b on b.id = sales.building_id join customers c on c.id = sales.customer_id
    where sales.id = ${saleId} and ${saleVisible(user)}
    for update of sales`,
  );

const SORTABLE = {
  id: payments.id,
  paid_on: payments.paidOn,
  amount: payments.amount,
  credited: payments.credited,
  created_at: payments.createdAt,
};

export function createPaymentsRepository(db: Db) {
  const base = () =>
    db
      .select({
        payment: payments,
        contractNo: sales.contractNo,
        saleCurrency: sales.currency,
        buildingName: buildings.name,
        customerNameKa: customers.nameKa,
        customerNameEn: customers.nameEn,
        customerNameRu: customers.nameRu,
        createdByName: users.fullName,
      })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .innerJoin(buildings, eq(buildings.id, sales.buildingId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .leftJoin(users, eq(users.id, payments.createdBy));
  type Row = Awaited<ReturnType<typeof base>>[number];

  const present = (row: Row, locale: Locale) => ({
    id: row.payment.id,
    sale_id: row.payment.saleId,
    contract_no: row.contractNo,
    customer_name: customerName(
      { nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu },
      locale,
    ),
    building_name: row.buildingName,
    mode: row.payment.mode as PaymentMode,
    amount: fromMinor(toMinor(row.payment.amount)),
    currency: row.payment.currency,
    rate: row.payment.rate,
    credited: fromMinor(toMinor(row.payment.credited)),
    sale_currency: row.saleCurrency,
    paid_on: row.payment.paidOn,
    note: row.payment.note,
    source: row.payment.source,
    voided: row.payment.voidedAt !== null,
    created_by_name: row.createdByName,
    created_at: row.payment.createdAt.toISOString(),
  });

  async function list(q: ListQuery & PaymentFilters, user: Principal, locale: Locale) {
    const { limit, offset } = pageWindow(q);
    const filters: Array<SQL | undefined> = [saleInScope(user)];
    if (q.sale_id !== undefined) filters.push(eq(payments.saleId, q.sale_id));
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.currency) filters.push(eq(payments.currency, q.currency));
    if (q.mode) filters.push(eq(payments.mode, q.mode));
    if (q.paid_on_from) filters.push(gte(payments.paidOn, q.paid_on_from));
    if (q.paid_on_to) filters.push(lte(payments.paidOn, q.paid_on_to));
    if (q.query) filters.push(saleMatching(q.query, (p) => ilike(payments.note, p)));
    const column = sortColumn(q.sort, SORTABLE, 'id');
    const byDefault = !sortsBy(q.sort, SORTABLE);
    const rows = await base()
      .where(and(...filters))
      .orderBy(byDefault ? desc(payments.id) : inOrder(column, q.order), desc(payments.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, { limit, offset }, () => {
      const matching = db.select({ id: payments.id }).from(payments).innerJoin(sales, eq(sales.id, payments.saleId));
      return countOrEstimate(
        db,
        (q.query ? matching.innerJoin(customers, eq(customers.id, sales.customerId)) : matching).where(and(...filters)),
        filteredBy(q),
      );
    });
    return { data: rows.map((r) => present(r, locale)), meta: pageMeta(q, total, rows.length) };
  }

  async function get(id: number, user: Principal, locale: Locale) {
    const [row] = await base().where(and(eq(payments.id, id), saleInScope(user)));
    if (!row) throw notFound();
    return present(row, locale);
  }

  /** POST /payments/calculatePayment: what a payment would be worth in the sale's currency and which installments it would fill. */
  async function calculate(user: Principal, saleId: number, input: PaymentInput) {
    const sale = await visibleSale(db, user, saleId);
    const { amount, credited, rate, rate_date } = await converted(db, sale, input);
    const remaining = remainingOf(sale, input.mode);
    const schedule =
      input.mode === 'sale'
        ? await db.select().from(installments).where(eq(installments.saleId, saleId)).orderBy(asc(installments.number))
        : [];
    return paymentPreview({
      amount,
      currency: input.currency,
      saleCurrency: sale.currency,
      rate,
      rateDate: rate_date,
      credited,
      remaining,
      schedule,
      paidBefore: input.mode === 'sale' ? toMinor(sale.paidTotal) : 0,
    });
  }

  const saleSummary = (sale: Pick<Sale, 'id' | 'status' | 'price' | 'paidTotal'>) => ({
    id: sale.id,
    status: sale.status as SaleStatus,
    paid_total: fromMinor(toMinor(sale.paidTotal)),
    remaining: fromMinor(Math.max(0, toMinor(sale.price) - toMinor(sale.paidTotal))),
  });

  /**
   * POST /payments/pay: locks the sale, converts, refuses more than is left to pay, and records the payment with the
   * sale settled, its history, the manager's notice and the write's activity-log line (with the Idempotency-Key's
   * answer) in one statement: the key's claim, begin, the sale's read, the write, commit. The read locks the sale as it
   * reads it, which is exact only under repeatable read: a payment that finds the sale changed since its snapshot fails
   * with a serialization failure and runs again in read committed, waiting for the sale's lock first. Answers the
   * payment and the sale after it.
   */
  async function pay(user: CurrentUser, saleId: number, input: PaymentInput, locale: Locale) {
    try {
      return await db.transaction((tx) => payIn(tx, user, saleId, input, locale), {
        isolationLevel: 'repeatable read',
      });
    } catch (error) {
      if (!isSerializationFailure(error)) throw error;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${sales} where ${sales.id} = ${saleId} for update`);
        return payIn(tx, user, saleId, input, locale);
      });
    }
  }

  async function payIn(tx: Tx, user: CurrentUser, saleId: number, input: PaymentInput, locale: Locale) {
    const [found] = await payableRead(tx, user, saleId, input.paid_on);
    if (!found) {
      // 409 for a cancelled sale the user can see, else 404
      await payableSale(tx, user, saleId);
      throw notFound();
    }
    if (found.status === 'canceled') throw saleCanceled();
    const sale = {
      price: found.price,
      paidTotal: found.paid_total,
      renovationPrice: found.renovation_price,
      renovationPaid: found.renovation_paid,
      currency: found.currency,
    };
    const amount = toMinor(input.amount);
    const { credited, rate } = credit(amount, input.currency, sale, gelRatesOf(found.rates ?? []).rates, input.paid_on);
    // a renovation payment fills the renovation container's schedule (the oldest one still owing), never the sale's
    const container = input.mode === 'renovation' ? containerToFill(found.containers) : null;
    const remaining = container
      ? Math.max(0, toMinor(container.price) - toMinor(container.paid))
      : remainingOf(sale, input.mode);
    if (credited > remaining) throw exceeds(remaining, sale.currency);
    const payment = {
      id: found.payment_id,
      saleId,
      containerId: container?.id ?? null,
      mode: input.mode,
      amount,
      currency: input.currency,
      rate,
      credited,
      paidOn: input.paid_on,
      note: input.note ?? null,
      createdBy: user.id,
    };
    const plan = planSettlement([found], todayIso(), [payment]);
    const settled = plan.settled.get(saleId)!;
    const createdAt = new Date(found.now);
    const row: Row = {
      payment: {
        ...payment,
        amount: toDecimalString(amount),
        credited: toDecimalString(credited),
        source: 'manual',
        statementReference: null,
        statementOccurrence: null,
        voidedAt: null,
        inGel: null,
        inUsd: null,
        inEur: null,
        createdAt,
        updatedAt: createdAt,
      },
      contractNo: found.contract_no,
      saleCurrency: found.currency,
      buildingName: found.building_name,
      customerNameKa: found.name_ka,
      customerNameEn: found.name_en,
      customerNameRu: found.name_ru,
      createdByName: user.fullName,
    };
    const answer = {
      data: present(row, locale),
      sale: saleSummary({
        id: saleId,
        price: found.price,
        status: settled.status,
        paidTotal: toDecimalString(settled.paid_total),
      }),
    };
    await writeSettlement(tx, plan, {
      history: [
        paymentAdded({
          saleId,
          userId: user.id,
          paidOn: input.paid_on,
          amount,
          currency: input.currency,
          credited,
          saleCurrency: found.currency,
          renovation: input.mode === 'renovation',
        }),
      ],
      // the sale's responsible manager hears of a payment someone else recorded
      notices:
        found.user_id && found.user_id !== user.id
          ? [
              {
                userId: found.user_id,
                kind: 'payment_recorded',
                params: { contract_no: found.contract_no, amount: moneyText(amount, input.currency) },
                link: `/sales/${saleId}/show`,
              },
            ]
          : [],
      log: ownLogLine(answer, found.building_id),
    });
    return answer;
  }

  async function paymentOf(user: Principal, paymentId: number) {
    const [row] = await db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .where(and(eq(payments.id, paymentId), saleInScope(user)));
    if (!row) throw notFound();
    return row.payment;
  }

  /** PUT /payments/{id}: a changed amount, currency or day is converted again at the rate of the (new) day. */
  async function update(user: Principal, paymentId: number, input: Partial<Omit<PaymentInput, 'mode'>>) {
    const current = await paymentOf(user, paymentId);
    await payableSale(db, user, current.saleId);
    if (current.voidedAt) throw conflict('payment_rules.payment_voided');
    await db.transaction(async (tx) => {
      const sale = await lockSale(tx, current.saleId);
      if (sale.status === 'canceled') throw saleCanceled();
      const next = {
        amount: input.amount ?? Number(current.amount),
        currency: (input.currency ?? current.currency) as Currency,
        paid_on: input.paid_on ?? current.paidOn,
      };
      const { amount, credited, rate } = await converted(tx, sale, next);
      const mode = current.mode as PaymentMode;
      // a renovation payment for a container may grow only by what that container still owes
      const container = current.containerId ? await containerOfSale(tx, sale.id, current.containerId) : null;
      const remaining =
        (container ? Math.max(0, toMinor(container.price) - toMinor(container.paid)) : remainingOf(sale, mode)) +
        toMinor(current.credited);
      if (credited > remaining) throw exceeds(remaining, sale.currency);
      await tx
        .update(payments)
        .set({
          amount: toDecimalString(amount),
          currency: next.currency,
          rate,
          credited: toDecimalString(credited),
          paidOn: next.paid_on,
          // converted again by settle below (saleLedger/converted.ts)
          inGel: null,
          inUsd: null,
          inEur: null,
          ...(input.note !== undefined && { note: input.note }),
          updatedAt: new Date(),
        })
        .where(eq(payments.id, paymentId));
      await settle(tx, current.saleId);
      const changes: SaleChange[] = [];
      const was = {
        amount: moneyText(toMinor(current.amount), current.currency),
        credited: moneyText(toMinor(current.credited), sale.currency),
        paid_on: current.paidOn,
        note: current.note,
      };
      const now = {
        amount: moneyText(amount, next.currency),
        credited: moneyText(credited, sale.currency),
        paid_on: next.paid_on,
        note: input.note !== undefined ? input.note : current.note,
      };
      for (const field of ['amount', 'credited', 'paid_on', 'note'] as const)
        if (was[field] !== now[field]) changes.push({ field, from: was[field], to: now[field] });
      await writeHistory(tx, {
        saleId: current.saleId,
        userId: user.id,
        action: 'payment_changed',
        effectiveDate: next.paid_on,
        changes,
      });
    });
  }

  /** DELETE /payments/{mode}/{payment_id}/{sale_id}: the payment goes, and the sale is settled again without it. */
  async function remove(user: Principal, mode: PaymentMode, paymentId: number, saleId: number) {
    const current = await paymentOf(user, paymentId);
    if (current.saleId !== saleId || current.mode !== mode) throw notFound();
    await payableSale(db, user, saleId);
    await db.transaction(async (tx) => {
      const sale = await lockSale(tx, saleId);
      if (sale.status === 'canceled') throw saleCanceled();
      await tx.delete(payments).where(eq(payments.id, paymentId));
      await settle(tx, saleId);
      await writeHistory(tx, {
        saleId,
        userId: user.id,
        action: 'payment_deleted',
        effectiveDate: current.paidOn,
        changes: [
          { field: 'amount', from: moneyText(toMinor(current.amount), current.currency), to: null },
          { field: 'credited', from: moneyText(toMinor(current.credited), sale.currency), to: null },
          { field: 'paid_on', from: current.paidOn, to: null },
        ],
      });
    });
  }

  async function saleAfter(saleId: number) {
    const [sale] = await db.select().from(sales).where(eq(sales.id, saleId));
    if (!sale) throw new AppError(404, 'server.not_found');
    return saleSummary(sale);
  }

  return { list, get, calculate, pay, update, remove, saleAfter };
}
