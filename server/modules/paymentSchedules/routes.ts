import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCIES, fromMinor, toDecimalString, toMinor } from '../../../domain/money';
import { priceShares } from '../../../domain/ledger';
import { isoDate, V } from '../../../domain/validation';
import { currentUser } from '../../core/access';
import { invalid } from '../../core/errors';
import { needs } from '../../core/types';
import type { Tx } from '../../db/client';
import { installments, properties, saleProperties, sales } from '../../db/schema';
import { lockSale, replaceTerms, scheduleOf, settle } from '../saleLedger';
import { moneyText, payableSale, saleCanceled } from '../payments';
import { oneOf, optionalText, positiveMoney, requiredId, requiredWhole } from '../../core/fields';
import { writeHistory, type SaleChange } from '../saleLedger';
import { todayIso } from '../unitStatus';
import { presentInstallment } from '../sales';

const tags = ['payment schedules'];
const date = () => z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());
/** Counts are checked by buildSchedule, whose messages say the allowed range. */
const scheduleFields = {
  first_payment_date: date(),
  period_months: requiredWhole(-32768, 32767).default(1),
  payments_count: requiredWhole(-32768, 32767).default(1),
  formula: optionalText(500),
};
const previewBody = z.object({ price: positiveMoney(), currency: oneOf(CURRENCIES).default('USD'), ...scheduleFields });
const replaceBody = z.object({ sale_id: requiredId(), price: positiveMoney().optional(), ...scheduleFields });

/** The sale's installments as GET /sales/{id} shows them. */
async function presentInstallments(tx: Tx, saleId: number, today = todayIso()) {
  const rows = await tx.select().from(installments).where(eq(installments.saleId, saleId)).orderBy(asc(installments.number));
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
  const shares = priceShares(price, units.map((u) => (u.listPrice === null ? null : toMinor(u.listPrice))));
  for (const [index, unit] of units.entries()) {
    await tx.update(saleProperties).set({ price: toDecimalString(shares[index]) }).where(and(eq(saleProperties.saleId, saleId), eq(saleProperties.propertyId, unit.propertyId)));
  }
}

/** SPEC §7: POST /getPaymentScheduler (a preview) and POST /sales/addPaymentSchedule (a sale's new schedule). */
export default async function paymentSchedulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/getPaymentScheduler',
    { config: { access: needs('view_sales', 'view_only_own_sales', 'add_sales') }, schema: { tags, body: previewBody } },
    async (request) => {
      const { price, ...schedule } = request.body;
      return { data: scheduleOf({ ...schedule, price: toMinor(price) }).map((i) => ({ number: i.number, due_date: i.due_date, amount: fromMinor(i.amount) })) };
    },
  );

  app.post('/sales/addPaymentSchedule', { config: { access: needs('edit_sales') }, schema: { tags, body: replaceBody } }, async (request) => {
    const user = currentUser(request);
    const input = request.body;
    await payableSale(app.db, user, input.sale_id);
    const data = await app.db.transaction(async (tx) => {
      const locked = await lockSale(tx, input.sale_id);
      if (locked.status === 'canceled') throw saleCanceled();
      const [sale] = await tx.select().from(sales).where(eq(sales.id, input.sale_id));
      const price = input.price !== undefined ? toMinor(input.price) : toMinor(sale.price);
      const paid = toMinor(sale.paidTotal);
      if (price < paid) throw invalid({ price: [['payment_rules.price_below_paid', { paid: moneyText(paid, sale.currency) }]] });
      const formula = input.formula ?? null;
      await replaceTerms(tx, sale.id, price, { ...input, formula });
      if (price !== toMinor(sale.price)) await reshare(tx, sale.id, price);
      const state = await settle(tx, sale.id);
      const was = { price: moneyText(toMinor(sale.price), sale.currency), first_payment_date: sale.firstPaymentDate, period_months: sale.periodMonths, payments_count: sale.paymentsCount, formula: sale.formula };
      const now = { price: moneyText(price, sale.currency), first_payment_date: input.first_payment_date, period_months: input.period_months, payments_count: input.payments_count, formula };
      const changes: SaleChange[] = (Object.keys(was) as Array<keyof typeof was>).filter((k) => was[k] !== now[k]).map((field) => ({ field, from: was[field], to: now[field] }));
      await writeHistory(tx, { saleId: sale.id, userId: user.id, action: 'schedule_changed', changes });
      return { sale_id: sale.id, status: state.status, paid_total: fromMinor(state.paid_total), installments: await presentInstallments(tx, sale.id) };
    });
    return { data };
  });
}
