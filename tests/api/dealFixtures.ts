/** A unit put in a deal by a test's setup: the deal's own rows with the status they give it, as the deal writes do. */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { PropertyStatus } from '../../domain/inventory';
import type { Db } from '../../server/db/client';
import {
  barterProperties,
  barters,
  bookings,
  customers,
  preSaleBookings,
  properties,
  saleProperties,
  sales,
  installments,
} from '../../server/db/schema';
import { unitsOutOfStep } from '../../server/modules/unitStatus';

/**
 * Sets a unit's status; a deal's status (pre_booked, booked, sold, barter) comes with the deal that holds it, for the
 * demo's first customer: a pending reservation, an active booking, a sale of the unit alone, a barter deal.
 */
export async function holdUnit(db: Db, propertyId: number, status: PropertyStatus) {
  await db.transaction(async (tx) => {
    const [unit] = await tx.select().from(properties).where(eq(properties.id, propertyId));
    const [customer] = await tx.select({ id: customers.id }).from(customers).orderBy(asc(customers.id)).limit(1);
    const deal = { propertyId, customerId: customer.id };
    if (status === 'pre_booked') await tx.insert(preSaleBookings).values({ ...deal, holdUntil: '2099-01-01' });
    if (status === 'booked')
      await tx.insert(bookings).values({ ...deal, periodFrom: '2026-01-01', periodTo: '2099-01-01' });
    if (status === 'sold') {
      const price = unit.price ?? '1.00';
      const [sale] = await tx
        .insert(sales)
        .values({
          contractNo: `HELD-${randomUUID().slice(0, 8)}`,
          buildingId: unit.buildingId,
          customerId: customer.id,
          price,
          contractStartDate: '2026-01-01',
        })
        .returning({ id: sales.id });
      await tx.insert(saleProperties).values({ saleId: sale.id, propertyId, price });
      // its one installment, as every sale has its schedule (due far ahead: nothing late)
      await tx.insert(installments).values({ saleId: sale.id, number: 1, dueDate: '2099-01-01', amount: price });
    }
    if (status === 'barter') {
      const [barter] = await tx
        .insert(barters)
        .values({ counterparty: 'Held by a test', value: '1.00', agreedOn: '2026-01-01' })
        .returning({ id: barters.id });
      await tx.insert(barterProperties).values({ barterId: barter.id, propertyId });
    }
    await tx.update(properties).set({ status }).where(eq(properties.id, propertyId));
  });
}

/** Gives units a test wrote deal rows for by hand the status those deals make them, as the deal writes would. */
export async function statusFromDeals(db: Db, propertyIds: number[]) {
  for (const unit of await unitsOutOfStep(db))
    if (propertyIds.includes(unit.id))
      await db
        .update(properties)
        .set({ status: unit.held ?? 'free' })
        .where(eq(properties.id, unit.id));
}
