import { and, asc, eq } from 'drizzle-orm';
import { fromMinor, toDecimalString, toMinor } from '../../../domain/money';
import { priceShares } from '../../../domain/ledger';
import { invalid } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import type { Db, Tx } from '../../db/client';
import { installments, properties, saleProperties, sales } from '../../db/schema';
import { lockSale, replaceTerms, settle, writeHistory, type SaleChange, type ScheduleTerms } from '../saleLedger';
import { moneyText, saleCanceled } from '../payments';
import { businessToday } from '../../../domain/businessDay';
import { presentInstallment } from '../sales';

/** The sale's installments as GET /sales/{id} shows them. */
async function presentInstallments(tx: Tx, saleId: number, today = businessToday()) {
  const rows = await tx
    .select()
    .from(installments)
    .where(eq(installments.saleId, saleId))
    .orderBy(asc(installments.number));
  return rows.map((row) => presentInstallment(row, today));
}

/** A new price is shared over the sale's units again, as POST /sales shares it. */
async function reshare(tx: Tx, saleId: number, price: number) {
  const units = await tx
    .select({ propertyId: saleProperties.propertyId, listPrice: properties.price })
    .from(saleProperties)
    .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
    .where(eq(saleProperties.saleId, saleId))
    .orderBy(asc(saleProperties.propertyId));
  const shares = priceShares(
    price,
    units.map((u) => (u.listPrice === null ? null : toMinor(u.listPrice))),
  );
  for (const [index, unit] of units.entries()) {
    await tx
      .update(saleProperties)
      .set({ price: toDecimalString(shares[index]) })
      .where(and(eq(saleProperties.saleId, saleId), eq(saleProperties.propertyId, unit.propertyId)));
  }
}

/**
 * POST /sales/addPaymentSchedule's work in one transaction: a sale's new schedule (and price, shared over its units
 * again), settled against what was paid and written to its history; its line names the sale.
 */
export async function replaceSchedule(
  db: Db,
  user: CurrentUser,
  input: ScheduleTerms & { sale_id: number; price?: number },
  record: RecordWrite,
) {
  return db.transaction(async (tx) => {
    const locked = await lockSale(tx, input.sale_id);
    if (locked.status === 'canceled') throw saleCanceled();
    const [sale] = await tx.select().from(sales).where(eq(sales.id, input.sale_id));
    const price = input.price !== undefined ? toMinor(input.price) : toMinor(sale.price);
    const paid = toMinor(sale.paidTotal);
    if (price < paid)
      throw invalid({ price: [['payment_rules.price_below_paid', { paid: moneyText(paid, sale.currency) }]] });
    const formula = input.formula ?? null;
    await replaceTerms(tx, sale.id, price, { ...input, formula });
    if (price !== toMinor(sale.price)) await reshare(tx, sale.id, price);
    const state = await settle(tx, sale.id);
    const was = {
      price: moneyText(toMinor(sale.price), sale.currency),
      first_payment_date: sale.firstPaymentDate,
      period_months: sale.periodMonths,
      payments_count: sale.paymentsCount,
      formula: sale.formula,
    };
    const now = {
      price: moneyText(price, sale.currency),
      first_payment_date: input.first_payment_date,
      period_months: input.period_months,
      payments_count: input.payments_count,
      formula,
    };
    const changes: SaleChange[] = (Object.keys(was) as Array<keyof typeof was>)
      .filter((k) => was[k] !== now[k])
      .map((field) => ({ field, from: was[field], to: now[field] }));
    await writeHistory(tx, { saleId: sale.id, userId: user.id, action: 'schedule_changed', changes });
    await record(tx, { recordId: sale.id, buildingId: sale.buildingId });
    return {
      sale_id: sale.id,
      status: state.status,
      paid_total: fromMinor(state.paid_total),
      installments: await presentInstallments(tx, sale.id),
    };
  });
}
