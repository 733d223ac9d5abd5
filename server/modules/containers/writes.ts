import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { convert, MissingRateError } from '../../../domain/currency';
import type { Principal } from '../../../domain/access';
import { fromMinor, MAX_AMOUNT, toDecimalString, toMinor, type Currency, type Minor } from '../../../domain/money';
import { lineAmount, lineQuantity } from '../../../domain/services';
import type { Db, Tx } from '../../db/client';
import {
  containerInstallments,
  payments,
  properties,
  saleProperties,
  sales,
  serviceContainerItems,
  serviceContainers,
  servicePrices,
  services,
} from '../../db/schema';
import { conflict, invalid, notFound } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import type { Locale } from '../../../i18n';
import { gelRates } from '../currency';
import { converted, exceeds, moneyText, payableSale, paymentAdded, paymentPreview, saleCanceled } from '../payments';
import {
  containerOfSale,
  lockSale,
  saleVisible,
  scheduleOf,
  settle,
  writeContainerSchedule,
  owedOn,
  writeHistory,
  type ScheduleTerms,
} from '../saleLedger';
import { businessToday } from '../../../domain/businessDay';
import { renovationPayment } from './renovationPayments';

type Executor = Db | Tx;
type Sale = typeof sales.$inferSelect;

export interface ContainerInput extends ScheduleTerms {
  sale_id: number;
  items: Array<{ service_id: number; property_id?: number | null; quantity?: number | null }>;
  note?: string | null;
}

/** The renovation's new terms, and a new price for it when one is sent. */
export type RenovationScheduleInput = ScheduleTerms & {
  container_id?: number | null;
  price?: number;
  currency?: Currency;
};

export interface RenovationPaymentInput {
  container_id: number;
  amount: number;
  currency: Currency;
  paid_on: string;
  note?: string | null;
}

/**
 * What each active service costs in the sale's complex (its own price, else the price for every complex),
 * in the sale's currency today.
 */
export async function offeredServices(
  db: Executor,
  sale: Pick<Sale, 'buildingId' | 'currency'>,
  today = businessToday(),
) {
  const rows = await db
    .select({ service: services, price: servicePrices })
    .from(services)
    .innerJoin(servicePrices, eq(servicePrices.serviceId, services.id))
    .where(
      and(
        eq(services.active, true),
        or(isNull(servicePrices.buildingId), eq(servicePrices.buildingId, sale.buildingId)),
      ),
    )
    .orderBy(asc(services.id));
  const { rates } = await gelRates(db, today);
  const chosen = new Map<number, (typeof rows)[number]>();
  // a complex's own price wins over the price for every complex
  for (const row of rows)
    if (!chosen.has(row.service.id) || row.price.buildingId !== null) chosen.set(row.service.id, row);
  return [...chosen.values()].map((row) => {
    const price = toMinor(row.price.price);
    let salePrice: Minor | null = null;
    try {
      salePrice = convert(price, row.price.currency as Currency, sale.currency as Currency, rates);
    } catch (error) {
      if (!(error instanceof MissingRateError)) throw error;
    }
    return { service: row.service, price, currency: row.price.currency, salePrice };
  });
}

/** The container's sale if the user may see it and it is live (a cancelled sale: 409), else 404. */
async function containerSale(db: Db, user: Principal, containerId: number) {
  const [row] = await db
    .select({ container: serviceContainers })
    .from(serviceContainers)
    .innerJoin(sales, eq(sales.id, serviceContainers.saleId))
    .where(and(eq(serviceContainers.id, containerId), saleVisible(user)));
  if (!row) throw notFound();
  return row.container;
}

/** POST /containers: the services priced for the sale's complex, the container, its lines and its schedule. */
async function createContainer(db: Db, user: Principal, input: ContainerInput, record: RecordWrite) {
  await payableSale(db, user, input.sale_id);
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, input.sale_id);
    if (sale.status === 'canceled') throw saleCanceled();
    const units = await tx
      .select({ id: properties.id, area: properties.area })
      .from(saleProperties)
      .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
      .where(eq(saleProperties.saleId, sale.id));
    const areaOf = new Map(units.map((u) => [u.id, Number(u.area)]));
    const offered = new Map((await offeredServices(tx, sale)).map((o) => [o.service.id, o]));
    const lines = input.items.map((item, index) => {
      const offer = offered.get(item.service_id);
      if (!offer) throw invalid({ [`items.${index}.service_id`]: ['services.not_offered'] });
      if (offer.salePrice === null)
        throw invalid({
          [`items.${index}.service_id`]: [
            ['payment_rules.no_rate', { currency: offer.currency, date: businessToday() }],
          ],
        });
      if (item.property_id && !areaOf.has(item.property_id))
        throw invalid({ [`items.${index}.property_id`]: ['validation.invalid_value'] });
      const area = item.property_id ? areaOf.get(item.property_id) : [...areaOf.values()].reduce((a, b) => a + b, 0);
      const quantity = lineQuantity(offer.service.unit, item.quantity, area);
      if (!(quantity > 0)) throw invalid({ [`items.${index}.quantity`]: ['validation.positive'] });
      return {
        serviceId: offer.service.id,
        propertyId: item.property_id ?? null,
        quantity,
        unitPrice: offer.salePrice,
        amount: lineAmount(offer.salePrice, quantity),
      };
    });
    lines.forEach((l, index) => {
      if (l.amount > MAX_AMOUNT) throw invalid({ [`items.${index}.quantity`]: ['units.too_large'] });
    });
    const price = lines.reduce((s, l) => s + l.amount, 0);
    if (price <= 0) throw invalid({ items: ['validation.required'] });
    // the container's price, and the sale's renovation with it, are money columns too
    if (toMinor(sale.renovationPrice) + price > MAX_AMOUNT) throw invalid({ items: ['units.too_large'] });
    const schedule = scheduleOf({ ...input, formula: input.formula ?? null, price });
    const [container] = await tx
      .insert(serviceContainers)
      .values({
        saleId: sale.id,
        buildingId: sale.buildingId,
        price: toDecimalString(price),
        firstPaymentDate: input.first_payment_date,
        periodMonths: input.period_months,
        paymentsCount: input.payments_count,
        formula: input.formula ?? null,
        note: input.note ?? null,
        createdBy: user.id,
      })
      .returning();
    await tx.insert(serviceContainerItems).values(
      lines.map((l) => ({
        containerId: container.id,
        serviceId: l.serviceId,
        propertyId: l.propertyId,
        quantity: l.quantity.toFixed(2),
        unitPrice: toDecimalString(l.unitPrice),
        amount: toDecimalString(l.amount),
      })),
    );
    await writeContainerSchedule(tx, container.id, schedule);
    await settle(tx, sale.id);
    await writeHistory(tx, {
      saleId: sale.id,
      userId: user.id,
      action: 'updated',
      changes: [
        {
          field: 'renovation_price',
          from: moneyText(toMinor(sale.renovationPrice), sale.currency),
          to: moneyText(toMinor(sale.renovationPrice) + price, sale.currency),
        },
      ],
    });
    await record(tx, { recordId: container.id, buildingId: container.buildingId });
    return container.id;
  });
}

/**
 * DELETE /containers/{id}: refused (409) while the container holds a payment; the sale's renovation is derived again.
 */
async function removeContainer(db: Db, user: Principal, containerId: number, record: RecordWrite) {
  const found = await containerSale(db, user, containerId);
  await db.transaction(async (tx) => {
    const sale = await lockSale(tx, found.saleId);
    const container = await containerOfSale(tx, sale.id, containerId);
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.containerId, containerId))
      .limit(1);
    if (paid) throw conflict('containers.has_payments');
    await tx.delete(serviceContainers).where(eq(serviceContainers.id, containerId));
    const left = await tx
      .select({ price: serviceContainers.price })
      .from(serviceContainers)
      .where(eq(serviceContainers.saleId, sale.id));
    const renovationPrice = left.reduce((s, c) => s + toMinor(c.price), 0);
    await tx
      .update(sales)
      .set({ renovationPrice: toDecimalString(renovationPrice) })
      .where(eq(sales.id, sale.id));
    await settle(tx, sale.id);
    await writeHistory(tx, {
      saleId: sale.id,
      userId: user.id,
      action: 'updated',
      changes: [
        {
          field: 'renovation_price',
          from: moneyText(toMinor(sale.renovationPrice), sale.currency),
          to: moneyText(toMinor(sale.renovationPrice) - toMinor(container.price), sale.currency),
        },
      ],
    });
    await record(tx, { recordId: containerId, buildingId: container.buildingId });
  });
}

/** POST /containers/calculatePayment: what a renovation payment would be worth and which installments it would fill. */
async function calculateRenovationPayment(db: Db, user: Principal, input: RenovationPaymentInput) {
  const container = await containerSale(db, user, input.container_id);
  const sale = await payableSale(db, user, container.saleId);
  const { amount, credited, rate, rate_date } = await converted(db, sale, input);
  const schedule = await db
    .select()
    .from(containerInstallments)
    .where(eq(containerInstallments.containerId, container.id))
    .orderBy(asc(containerInstallments.number));
  const remaining = owedOn(container);
  return paymentPreview({
    amount,
    currency: input.currency,
    saleCurrency: sale.currency,
    rate,
    rateDate: rate_date,
    credited,
    remaining,
    schedule,
    paidBefore: toMinor(container.paid),
  });
}

/**
 * POST /containers/pay: locks the sale (so payments on its containers and on the sale itself queue up), converts
 * at NBG's rate of the day, refuses more than the container still owes, records the payment for the container and
 * lets the ledger allocate it to the container's schedule only. Answers the payment and the balances after it.
 */
async function payRenovation(
  db: Db,
  user: Principal,
  input: RenovationPaymentInput,
  locale: Locale,
  record: RecordWrite,
) {
  const found = await containerSale(db, user, input.container_id);
  await payableSale(db, user, found.saleId);
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, found.saleId);
    if (sale.status === 'canceled') throw saleCanceled();
    const container = await containerOfSale(tx, sale.id, found.id);
    const { amount, credited, rate } = await converted(tx, sale, input);
    const remaining = owedOn(container);
    if (credited > remaining) throw exceeds(remaining, sale.currency);
    const [row] = await tx
      .insert(payments)
      .values({
        saleId: sale.id,
        containerId: container.id,
        mode: 'renovation',
        amount: toDecimalString(amount),
        currency: input.currency,
        rate,
        credited: toDecimalString(credited),
        paidOn: input.paid_on,
        note: input.note ?? null,
        source: 'manual',
        createdBy: user.id,
      })
      .returning({ id: payments.id });
    await settle(tx, sale.id);
    await writeHistory(
      tx,
      paymentAdded({
        saleId: sale.id,
        userId: user.id,
        paidOn: input.paid_on,
        amount,
        currency: input.currency,
        credited,
        saleCurrency: sale.currency,
        renovation: true,
      }),
    );
    const answer = {
      data: await renovationPayment(tx, row.id, locale),
      ...(await renovationBalances(tx, container.id, sale.id)),
    };
    await record(tx, { recordId: row.id, buildingId: container.buildingId, answer });
    return answer;
  });
}

/**
 * DELETE /containers/deletePayment/{id}: a container's payment goes and the ledger settles the sale again without it.
 * Answers `message` and the balances after it.
 */
async function deleteRenovationPayment(
  db: Db,
  user: Principal,
  paymentId: number,
  message: string,
  record: RecordWrite,
) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(sales, eq(sales.id, payments.saleId))
    .where(and(eq(payments.id, paymentId), isNotNull(payments.containerId), saleVisible(user)));
  if (!row) throw notFound();
  const current = row.payment;
  await payableSale(db, user, current.saleId);
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, current.saleId);
    if (sale.status === 'canceled') throw saleCanceled();
    // a second delete of the same payment waited on the lock: it finds nothing left
    const [deleted] = await tx.delete(payments).where(eq(payments.id, paymentId)).returning({ id: payments.id });
    if (!deleted) throw notFound();
    await settle(tx, sale.id);
    await writeHistory(tx, {
      saleId: sale.id,
      userId: user.id,
      action: 'payment_deleted',
      effectiveDate: current.paidOn,
      changes: [
        { field: 'amount', from: moneyText(toMinor(current.amount), current.currency), to: null },
        { field: 'credited', from: moneyText(toMinor(current.credited), sale.currency), to: null },
        { field: 'paid_on', from: current.paidOn, to: null },
        { field: 'mode', from: 'renovation', to: null },
      ],
    });
    const answer = { message, ...(await renovationBalances(tx, current.containerId!, sale.id)) };
    await record(tx, { recordId: paymentId, buildingId: sale.buildingId, answer });
    return answer;
  });
}

/**
 * POST /sales/{sale_id}/renovation/payment-schedule: the renovation's new terms (the schedule formula's rule, as
 * POST /getPaymentScheduler); a price, when sent, becomes the container's (never below what is paid).
 */
async function replaceRenovationSchedule(
  db: Db,
  user: Principal,
  saleId: number,
  input: RenovationScheduleInput,
  record: RecordWrite,
) {
  await payableSale(db, user, saleId);
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    if (sale.status === 'canceled') throw saleCanceled();
    if (input.currency && input.currency !== sale.currency)
      throw invalid({ currency: [['containers.currency_of_sale', { currency: sale.currency }]] });
    const [container] = await tx
      .select()
      .from(serviceContainers)
      .where(
        and(
          eq(serviceContainers.saleId, saleId),
          input.container_id ? eq(serviceContainers.id, input.container_id) : undefined,
        ),
      )
      .orderBy(asc(serviceContainers.id))
      .limit(1);
    if (!container) throw notFound();
    const price = input.price !== undefined ? toMinor(input.price) : toMinor(container.price);
    if (price < toMinor(container.paid))
      throw invalid({
        price: [['payment_rules.exceeds_balance', { remaining: moneyText(toMinor(container.paid), sale.currency) }]],
      });
    const schedule = scheduleOf({ ...input, formula: input.formula ?? null, price });
    await tx
      .update(serviceContainers)
      .set({
        price: toDecimalString(price),
        firstPaymentDate: input.first_payment_date,
        periodMonths: input.period_months,
        paymentsCount: input.payments_count,
        formula: input.formula ?? null,
        updatedAt: new Date(),
      })
      .where(eq(serviceContainers.id, container.id));
    await writeContainerSchedule(tx, container.id, schedule);
    const all = await tx
      .select({ price: serviceContainers.price })
      .from(serviceContainers)
      .where(inArray(serviceContainers.saleId, [saleId]));
    await tx
      .update(sales)
      .set({ renovationPrice: toDecimalString(all.reduce((s, c) => s + toMinor(c.price), 0)) })
      .where(eq(sales.id, saleId));
    await settle(tx, saleId);
    await writeHistory(tx, {
      saleId,
      userId: user.id,
      action: 'schedule_changed',
      changes: [
        { field: 'renovation_schedule', from: null, to: `${schedule.length} × ${moneyText(price, sale.currency)}` },
      ],
    });
    await record(tx, { recordId: saleId, buildingId: sale.buildingId });
    return { containerId: container.id, schedule };
  });
}

/** The container and its sale as they stand after a write (the pay dialog shows them). */
async function renovationBalances(db: Executor, containerId: number, saleId: number) {
  const [container] = await db.select().from(serviceContainers).where(eq(serviceContainers.id, containerId));
  const [sale] = await db.select().from(sales).where(eq(sales.id, saleId));
  const price = toMinor(sale.renovationPrice);
  const paid = toMinor(sale.renovationPaid);
  return {
    container: container
      ? {
          id: container.id,
          status: container.status as 'active' | 'overdue' | 'completed',
          paid: fromMinor(toMinor(container.paid)),
          debt: fromMinor(owedOn(container)),
        }
      : { id: containerId, status: 'completed' as const, paid: 0, debt: 0 },
    sale: {
      id: sale.id,
      status: sale.status,
      renovation_price: fromMinor(price),
      renovation_paid: fromMinor(paid),
      renovation_debt: fromMinor(Math.max(0, price - paid)),
    },
  };
}

/**
 * The containers' money writes:
 * each locks the sale, changes what it changes and lets the ledger settle, in one transaction.
 */
export function createContainerWrites(db: Db) {
  return {
    create: (user: Principal, input: ContainerInput, record: RecordWrite) => createContainer(db, user, input, record),
    remove: (user: Principal, containerId: number, record: RecordWrite) =>
      removeContainer(db, user, containerId, record),
    calculate: (user: Principal, input: RenovationPaymentInput) => calculateRenovationPayment(db, user, input),
    pay: (user: Principal, input: RenovationPaymentInput, locale: Locale, record: RecordWrite) =>
      payRenovation(db, user, input, locale, record),
    deletePayment: (user: Principal, paymentId: number, message: string, record: RecordWrite) =>
      deleteRenovationPayment(db, user, paymentId, message, record),
    replaceSchedule: (user: Principal, saleId: number, input: RenovationScheduleInput, record: RecordWrite) =>
      replaceRenovationSchedule(db, user, saleId, input, record),
    containerSale: (user: Principal, containerId: number) => containerSale(db, user, containerId),
  };
}
