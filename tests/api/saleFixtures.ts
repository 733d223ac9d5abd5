import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { toDecimalString, toMinor, type Currency } from '../../domain/money';
import { buildSchedule } from '../../domain/paymentSchedule';
import type { Db } from '../../server/db/client';
import { customers, installments, properties, saleProperties, sales } from '../../server/db/schema';
import { settle, writeSchedule } from '../../server/modules/saleLedger';

export interface SaleFixture {
  buildingId: number;
  customerId?: number;
  price: number | string;
  currency?: Currency;
  contractStartDate?: string;
  firstPaymentDate: string;
  periodMonths?: number;
  paymentsCount?: number;
  formula?: string | null;
  contractNo?: string;
  userId?: number | null;
  units?: number;
  /** Take the units from this block only. */
  blockId?: number;
}

/** A new customer with a fresh personal number. */
export async function makeCustomer(
  db: Db,
  name = 'ნინო კაპანაძე',
  personalNumber = String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-11),
) {
  const [row] = await db
    .insert(customers)
    .values({
      nameKa: name,
      nameEn: name,
      personalNumber,
      phones: ['+995 599 12 34 56'],
      address: 'თბილისი, პეკინის 10',
    })
    .returning();
  return row;
}

/**
 * A sale as POST /sales would leave it, written straight to the database: free units of the complex marked sold,
 * the sale, its units, its schedule, settled by the ledger.
 */
export async function makeSale(db: Db, fixture: SaleFixture) {
  const customerId = fixture.customerId ?? (await makeCustomer(db)).id;
  const price = toMinor(fixture.price);
  const schedule = buildSchedule({
    price,
    first_payment_date: fixture.firstPaymentDate,
    period_months: fixture.periodMonths ?? 1,
    payments_count: fixture.paymentsCount ?? 1,
    formula: fixture.formula ?? null,
  });
  if (!schedule.ok) throw new Error(`bad schedule: ${JSON.stringify(schedule.errors)}`);
  return db.transaction(async (tx) => {
    const units = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(
          eq(properties.buildingId, fixture.buildingId),
          eq(properties.status, 'free'),
          isNull(properties.archivedAt),
          fixture.blockId ? eq(properties.blockId, fixture.blockId) : undefined,
        ),
      )
      .orderBy(asc(properties.id))
      .limit(fixture.units ?? 1)
      .for('update');
    if (units.length < (fixture.units ?? 1)) throw new Error('not enough free units');
    const unitIds = units.map((u) => u.id);
    await tx.update(properties).set({ status: 'sold' }).where(inArray(properties.id, unitIds));
    const [sale] = await tx
      .insert(sales)
      .values({
        contractNo: fixture.contractNo ?? `T-${randomUUID().slice(0, 8)}`,
        buildingId: fixture.buildingId,
        customerId,
        price: toDecimalString(price),
        currency: fixture.currency ?? 'USD',
        contractStartDate: fixture.contractStartDate ?? fixture.firstPaymentDate,
        firstPaymentDate: fixture.firstPaymentDate,
        periodMonths: fixture.periodMonths ?? 1,
        paymentsCount: fixture.paymentsCount ?? 1,
        formula: fixture.formula ?? null,
        userId: fixture.userId ?? null,
      })
      .returning();
    const share = Math.floor(price / unitIds.length);
    await tx.insert(saleProperties).values(
      unitIds.map((propertyId, index) => ({
        saleId: sale.id,
        propertyId,
        price: toDecimalString(index === unitIds.length - 1 ? price - share * (unitIds.length - 1) : share),
      })),
    );
    await writeSchedule(tx, sale.id, schedule.installments);
    await settle(tx, sale.id);
    return { ...sale, customerId, propertyIds: unitIds };
  });
}

/** Cancels a sale the way DELETE /sales/{id} does (status canceled, deleted_at, units free again). */
export async function cancelSale(db: Db, saleId: number, propertyIds: number[]) {
  await db.transaction(async (tx) => {
    await tx
      .update(sales)
      .set({ status: 'canceled', deletedAt: new Date(), cancellationDate: '2026-11-20', cancellationReason: 'test' })
      .where(eq(sales.id, saleId));
    await tx.update(properties).set({ status: 'free' }).where(inArray(properties.id, propertyIds));
  });
}

/** The first live demo sale with more than two installments (in `currency` when given), and its schedule in order. */
export async function demoSaleWithSchedule(db: Db, currency?: Currency) {
  const [sale] = await db
    .select()
    .from(sales)
    .where(
      and(
        isNull(sales.deletedAt),
        currency ? eq(sales.currency, currency) : undefined,
        gt(sql`(select count(*) from installments i where i.sale_id = ${sales.id})`, 2),
      ),
    )
    .orderBy(asc(sales.id))
    .limit(1);
  const schedule = await db
    .select()
    .from(installments)
    .where(eq(installments.saleId, sale.id))
    .orderBy(asc(installments.number));
  return { sale, schedule };
}
