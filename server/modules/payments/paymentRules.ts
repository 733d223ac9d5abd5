/** What a payment is and what it is worth: the rules the pay route, its preview and the bank statement share. */
import { conversionRate, convert, MissingRateError, type GelRates } from '../../../domain/currency';
import { coverage } from '../../../domain/ledger';
import { formatMoney, fromMinor, toMinor, type Currency, type Minor } from '../../../domain/money';
import type { PaymentMode } from '../../../domain/sales';
import type { Principal } from '../../../domain/access';
import type { Db, Tx } from '../../db/client';
import type { payments, sales } from '../../db/schema';
import { conflict, invalid } from '../../core/errors';
import { gelRates, rateDateOf } from '../currency';
import { visibleSale, type SaleHistoryEntry } from '../saleLedger';

type Executor = Db | Tx;
type Sale = typeof sales.$inferSelect;

export interface PaymentInput {
  amount: number;
  currency: Currency;
  paid_on: string;
  mode: PaymentMode;
  note?: string | null;
}

export interface PaymentFilters {
  sale_id?: number;
  building_ids?: number[];
  currency?: Currency;
  mode?: PaymentMode;
  paid_on_from?: string;
  paid_on_to?: string;
}

/** The live sale a payment is for; a cancelled one the user can see answers 409, anything else 404. */
export async function payableSale(db: Executor, user: Principal, saleId: number): Promise<Sale> {
  try {
    return await visibleSale(db, user, saleId);
  } catch (error) {
    const cancelled = await visibleSale(db, user, saleId, { trashed: true }).catch(() => undefined);
    if (cancelled) throw saleCanceled();
    throw error;
  }
}

export const saleCanceled = () => conflict('payment_rules.sale_canceled');

/** What is left to pay on the sale (mode sale) or its renovation, never below zero. */
export const remainingOf = (
  sale: Pick<Sale, 'price' | 'paidTotal' | 'renovationPrice' | 'renovationPaid'>,
  mode: PaymentMode,
): Minor =>
  mode === 'renovation'
    ? Math.max(0, toMinor(sale.renovationPrice) - toMinor(sale.renovationPaid))
    : Math.max(0, toMinor(sale.price) - toMinor(sale.paidTotal));

export const moneyText = (amount: Minor, currency: string) => `${formatMoney(amount)} ${currency}`;

/** A payment in the sale's currency: the amount at NBG's rates of its day (the last published before a weekend). */
export function credit(amount: Minor, from: Currency, sale: Pick<Sale, 'currency'>, rates: GelRates, day: string) {
  const to = sale.currency as Currency;
  try {
    return { credited: convert(amount, from, to, rates), rate: conversionRate(from, to, rates) };
  } catch (error) {
    if (error instanceof MissingRateError)
      throw invalid({ paid_on: [['payment_rules.no_rate', { currency: error.currency, date: day }]] });
    throw error;
  }
}

/** A payment's amount, what it credits in the sale's currency at NBG's rates of its day, the rate and its date. */
export async function converted(
  db: Executor,
  sale: Sale,
  input: { amount: number; currency: Currency; paid_on: string },
) {
  // a payment in the sale's own currency needs no rate
  const { rates, dates } =
    input.currency === sale.currency ? { rates: {}, dates: {} } : await gelRates(db, input.paid_on);
  const amount = toMinor(input.amount);
  return {
    amount,
    ...credit(amount, input.currency, sale, rates, input.paid_on),
    rate_date: rateDateOf(dates, input.currency, sale.currency as Currency),
  };
}

/** The sale's history entry of a payment recorded on it (for the sale itself or its renovation). */
export const paymentAdded = (p: {
  saleId: number;
  userId: number;
  paidOn: string;
  amount: Minor;
  currency: string;
  credited: Minor;
  saleCurrency: string;
  renovation: boolean;
}): SaleHistoryEntry => ({
  saleId: p.saleId,
  userId: p.userId,
  action: 'payment_added',
  effectiveDate: p.paidOn,
  changes: [
    { field: 'amount', from: null, to: moneyText(p.amount, p.currency) },
    { field: 'credited', from: null, to: moneyText(p.credited, p.saleCurrency) },
    { field: 'paid_on', from: null, to: p.paidOn },
    ...(p.renovation ? [{ field: 'mode', from: null, to: 'renovation' }] : []),
  ],
});

type RecordedPayment = Pick<typeof payments.$inferSelect, 'amount' | 'currency' | 'credited' | 'paidOn' | 'note'>;

/** The sale's history entry of a payment changed: each of its amount, credited amount, day and note that differ. */
export function paymentChanged(
  p: { saleId: number; userId: number; saleCurrency: string },
  was: RecordedPayment,
  now: RecordedPayment,
): SaleHistoryEntry {
  const described = (payment: RecordedPayment) => ({
    amount: moneyText(toMinor(payment.amount), payment.currency),
    credited: moneyText(toMinor(payment.credited), p.saleCurrency),
    paid_on: payment.paidOn,
    note: payment.note,
  });
  const from = described(was);
  const to = described(now);
  return {
    saleId: p.saleId,
    userId: p.userId,
    action: 'payment_changed',
    effectiveDate: now.paidOn,
    changes: (['amount', 'credited', 'paid_on', 'note'] as const)
      .filter((field) => from[field] !== to[field])
      .map((field) => ({ field, from: from[field], to: to[field] })),
  };
}

/** The sale's history entry of a payment deleted: what it was. */
export const paymentDeleted = (
  p: { saleId: number; userId: number; saleCurrency: string },
  was: RecordedPayment,
): SaleHistoryEntry => ({
  saleId: p.saleId,
  userId: p.userId,
  action: 'payment_deleted',
  effectiveDate: was.paidOn,
  changes: [
    { field: 'amount', from: moneyText(toMinor(was.amount), was.currency), to: null },
    { field: 'credited', from: moneyText(toMinor(was.credited), p.saleCurrency), to: null },
    { field: 'paid_on', from: was.paidOn, to: null },
  ],
});

export const exceeds = (remaining: Minor, currency: string) =>
  invalid({ amount: [['payment_rules.exceeds_balance', { remaining: moneyText(remaining, currency) }]] });

/**
 * What a payment would be worth and which installments of `schedule` (already `paidBefore` paid) it would fill: the pay
 * dialog's preview, for a sale's schedule or a renovation container's.
 */
export function paymentPreview(p: {
  amount: Minor;
  currency: Currency;
  saleCurrency: string;
  rate: string;
  rateDate: string | null;
  credited: Minor;
  remaining: Minor;
  schedule: ReadonlyArray<{ id: number; number: number; dueDate: string; amount: string }>;
  paidBefore: Minor;
}) {
  const { covered, overpaid } = coverage(
    p.schedule.map((i) => ({ due_date: i.dueDate, amount: toMinor(i.amount) })),
    p.paidBefore,
    p.credited,
  );
  return {
    amount: fromMinor(p.amount),
    currency: p.currency,
    sale_currency: p.saleCurrency,
    rate: p.rate,
    rate_date: p.rateDate,
    credited: fromMinor(p.credited),
    remaining_before: fromMinor(p.remaining),
    remaining_after: fromMinor(Math.max(0, p.remaining - p.credited)),
    overpaid: fromMinor(p.schedule.length ? overpaid : Math.max(0, p.credited - p.remaining)),
    covers: covered.map((c) => ({
      installment_id: p.schedule[c.index].id,
      number: p.schedule[c.index].number,
      due_date: p.schedule[c.index].dueDate,
      covers: fromMinor(c.covers),
      remaining_after: fromMinor(c.remaining_after),
    })),
  };
}
