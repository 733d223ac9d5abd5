import { and, eq } from 'drizzle-orm';
import { toDecimalString, toMinor, type Currency } from '../../../domain/money';
import type { PaymentMode } from '../../../domain/sales';
import type { Principal } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import { payments, sales } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import type { StaffNotice } from '../notifications';
import { containerOfSale, containerToFill, owedOn, saleInScope, saleVisible, settle } from '../saleLedger';
import {
  converted,
  exceeds,
  moneyText,
  payableSale,
  paymentAdded,
  paymentChanged,
  paymentDeleted,
  remainingOf,
  saleCanceled,
  type PaymentInput,
} from './paymentRules';
import { paymentRows, presentPayment, saleSummary } from './present';

/**
 * Recording, changing and deleting a payment take one path, step by step in one transaction: lock the sale (payments
 * on one sale queue behind each other, each reading what the one before committed), check the payment against what is
 * left to pay, write it, settle the sale through the ledger with its history entry (and the manager's notice), build
 * the answer, and record the write (activity log, Idempotency-Key) last.
 */

/**
 * The live sale a payment is for, locked for the rest of the transaction;
 * 409 when the user sees it cancelled, else 404.
 */
async function lockPayableSale(tx: Tx, user: Principal, saleId: number) {
  const [sale] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), saleVisible(user)))
    .for('update');
  if (!sale) {
    await payableSale(tx, user, saleId);
    throw notFound();
  }
  if (sale.status === 'canceled') throw saleCanceled();
  return sale;
}

/** A payment on a sale the user may see (a cancelled one too); 404 otherwise. */
async function paymentInScope(db: Db | Tx, user: Principal, paymentId: number) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(sales, eq(sales.id, payments.saleId))
    .where(and(eq(payments.id, paymentId), saleInScope(user)));
  if (!row) throw notFound();
  return row.payment;
}

/** A payment as its answer shows it, read inside the write. */
async function presentedPayment(tx: Tx, paymentId: number, locale: Locale) {
  const [row] = await paymentRows(tx).where(eq(payments.id, paymentId));
  return presentPayment(row, locale);
}

/** POST /payments/pay: a payment recorded on a sale (or its renovation), the sale settled. Answers it and the sale. */
export function pay(
  db: Db,
  user: CurrentUser,
  saleId: number,
  input: PaymentInput,
  locale: Locale,
  record: RecordWrite,
) {
  return db.transaction(async (tx) => {
    const sale = await lockPayableSale(tx, user, saleId);
    const { amount, credited, rate } = await converted(tx, sale, input);
    // a renovation payment fills the renovation container's schedule (the oldest one still owing), never the sale's
    const container = input.mode === 'renovation' ? await containerToFill(tx, saleId) : null;
    const left = container ? owedOn(container) : remainingOf(sale, input.mode);
    if (credited > left) throw exceeds(left, sale.currency);
    const [payment] = await tx
      .insert(payments)
      .values({
        saleId,
        containerId: container?.id ?? null,
        mode: input.mode,
        amount: toDecimalString(amount),
        currency: input.currency,
        rate,
        credited: toDecimalString(credited),
        paidOn: input.paid_on,
        note: input.note ?? null,
        source: 'manual',
        createdBy: user.id,
      })
      .returning();
    // the sale's responsible manager hears of a payment someone else recorded
    const notices: StaffNotice[] =
      sale.userId && sale.userId !== user.id
        ? [
            {
              userId: sale.userId,
              kind: 'payment_recorded',
              params: { contract_no: sale.contractNo, amount: moneyText(amount, input.currency) },
              link: `/sales/${saleId}/show`,
            },
          ]
        : [];
    const settled = await settle(tx, saleId, {
      history: [
        paymentAdded({
          saleId,
          userId: user.id,
          paidOn: input.paid_on,
          amount,
          currency: input.currency,
          credited,
          saleCurrency: sale.currency,
          renovation: input.mode === 'renovation',
        }),
      ],
      notices,
    });
    const answer = {
      data: await presentedPayment(tx, payment.id, locale),
      sale: saleSummary(saleId, sale.price, settled),
    };
    await record(tx, { recordId: payment.id, buildingId: sale.buildingId, answer });
    return answer;
  });
}

/** PUT /payments/{id}: a changed amount, currency or day is converted again at the rate of the (new) day. */
export async function changePayment(
  db: Db,
  user: Principal,
  paymentId: number,
  input: Partial<Omit<PaymentInput, 'mode'>>,
  locale: Locale,
  record: RecordWrite,
) {
  const { saleId } = await paymentInScope(db, user, paymentId);
  return db.transaction(async (tx) => {
    const sale = await lockPayableSale(tx, user, saleId);
    const current = await paymentInScope(tx, user, paymentId);
    if (current.voidedAt) throw conflict('payment_rules.payment_voided');
    const next = {
      amount: input.amount ?? Number(current.amount),
      currency: (input.currency ?? current.currency) as Currency,
      paid_on: input.paid_on ?? current.paidOn,
    };
    const { amount, credited, rate } = await converted(tx, sale, next);
    // a renovation payment for a container may grow only by what that container still owes
    const container = current.containerId ? await containerOfSale(tx, saleId, current.containerId) : null;
    const left =
      (container ? owedOn(container) : remainingOf(sale, current.mode as PaymentMode)) + toMinor(current.credited);
    if (credited > left) throw exceeds(left, sale.currency);
    const [changed] = await tx
      .update(payments)
      .set({
        amount: toDecimalString(amount),
        currency: next.currency,
        rate,
        credited: toDecimalString(credited),
        paidOn: next.paid_on,
        // converted again when the sale is settled (saleLedger/converted.ts)
        inGel: null,
        inUsd: null,
        inEur: null,
        ...(input.note !== undefined && { note: input.note }),
        updatedAt: new Date(),
      })
      .where(eq(payments.id, paymentId))
      .returning();
    const settled = await settle(tx, saleId, {
      history: [paymentChanged({ saleId, userId: user.id, saleCurrency: sale.currency }, current, changed)],
    });
    const answer = {
      data: await presentedPayment(tx, paymentId, locale),
      sale: saleSummary(saleId, sale.price, settled),
    };
    await record(tx, { recordId: paymentId, buildingId: sale.buildingId, answer });
    return answer;
  });
}

/**
 * DELETE /payments/{mode}/{payment_id}/{sale_id}: the payment goes, and the sale is settled again without it.
 * `message` is what the answer says.
 */
export async function deletePayment(
  db: Db,
  user: Principal,
  target: { mode: PaymentMode; paymentId: number; saleId: number },
  message: string,
  record: RecordWrite,
) {
  const { paymentId, saleId } = target;
  const found = await paymentInScope(db, user, paymentId);
  if (found.saleId !== saleId || found.mode !== target.mode) throw notFound();
  return db.transaction(async (tx) => {
    const sale = await lockPayableSale(tx, user, saleId);
    const current = await paymentInScope(tx, user, paymentId);
    await tx.delete(payments).where(eq(payments.id, paymentId));
    const settled = await settle(tx, saleId, {
      history: [paymentDeleted({ saleId, userId: user.id, saleCurrency: sale.currency }, current)],
    });
    const answer = { message, sale: saleSummary(saleId, sale.price, settled) };
    await record(tx, { recordId: paymentId, buildingId: sale.buildingId, answer });
    return answer;
  });
}
