import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PreSaleBookingStatus } from '../../../domain/deals';
import { rows, type Db } from '../client';
import { bookings, buildings, customers, preSaleBookings, properties, users } from '../schema';
import { claimUnit } from '../../modules/unitStatus';

const DAY = 86_400_000;
const isoDay = (offsetDays: number, from: Date) =>
  new Date(from.getTime() + offsetDays * DAY).toISOString().slice(0, 10);

/** Per complex: one reservation in every status (holds that still run end in the future) and two bookings. */
const RESERVATIONS: Array<{ status: PreSaleBookingStatus; holdDays: number; note: string }> = [
  { status: 'pending', holdDays: 10, note: 'კლიენტი ფიქრობს, ნახვა შაბათს' },
  { status: 'approved', holdDays: 20, note: 'ბანკის წინასწარი თანხმობა მიღებულია' },
  { status: 'converted', holdDays: 5, note: 'ხელშეკრულება მზადდება' },
  { status: 'rejected', holdDays: 15, note: 'კლიენტმა სხვა ბინა აირჩია' },
  { status: 'expired', holdDays: -3, note: 'ვადა გავიდა, კლიენტი არ დაგვიკავშირდა' },
];
const BOOKINGS = [
  { status: 'active', from: -5, to: 25, price: '1500.00', currency: 'USD', paid: true },
  { status: 'cancelled', from: -40, to: -10, price: '800.00', currency: 'GEL', paid: false },
] as const;

/**
 * Demo deals on demo units, consistent with the units' statuses: live reservations hold their unit
 * (pre_booked), an active booking books it; rejected, expired and cancelled deals leave it free. The units
 * are picked by position among each complex's free units, so the same demo gets the same deals.
 * `complexIds` puts the same deals on other complexes (the scale seed); by default the first three.
 */
export async function seedDeals(db: Db, today = new Date(), options: { complexIds?: number[] } = {}) {
  await db.transaction(async (tx) => {
    let people = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(isNull(customers.deletedAt))
      .orderBy(asc(customers.id))
      .limit(30);
    if (people.length === 0) {
      people = await tx
        .insert(customers)
        .values([
          {
            nameKa: 'თამარ გელაშვილი',
            nameEn: 'Tamar Gelashvili',
            nameRu: 'Тамар Гелашвили',
            personalNumber: '01024055123',
            country: 'GE',
          },
          {
            nameKa: 'ირაკლი წიკლაური',
            nameEn: 'Irakli Tsiklauri',
            nameRu: 'Иракли Циклаури',
            personalNumber: '01024055124',
            country: 'GE',
          },
        ])
        .returning({ id: customers.id });
    }
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
    const complexes = options.complexIds
      ? options.complexIds.map((id) => ({ id }))
      : await tx.select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(3);
    let n = 0;
    const customer = () => people[n++ % people.length].id;
    for (const complex of complexes) {
      const free = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.buildingId, complex.id), eq(properties.status, 'free'), isNull(properties.archivedAt)))
        .orderBy(asc(properties.id));
      const pick = (i: number) => free[(7 + i * 23) % free.length].id;
      let slot = 0;
      for (const r of RESERVATIONS) {
        const propertyId = pick(slot++);
        if (r.status === 'pending' || r.status === 'approved' || r.status === 'converted')
          await claimUnit(tx, propertyId, 'pre_booked', 'demo');
        await tx.insert(preSaleBookings).values({
          propertyId,
          customerId: customer(),
          status: r.status,
          holdUntil: isoDay(r.holdDays, today),
          note: r.note,
          createdBy: admin?.id ?? null,
        });
      }
      for (const b of BOOKINGS) {
        const propertyId = pick(slot++);
        if (b.status === 'active') await claimUnit(tx, propertyId, 'booked', 'demo');
        await tx.insert(bookings).values({
          propertyId,
          customerId: customer(),
          periodFrom: isoDay(b.from, today),
          periodTo: isoDay(b.to, today),
          price: b.price,
          currency: b.currency,
          paid: b.paid,
          status: b.status,
          createdBy: admin?.id ?? null,
        });
      }
    }
  });
}

/**
 * A converted reservation is one a sale took over: after the sales are seeded, each demo reservation seeded as
 * converted moves to the first unit and customer of a live sale of its complex that no reservation converted yet,
 * the sale names it, and the unit it held meanwhile (so the sales seed picked the same free units) is free again.
 */
export async function attachConvertedReservations(db: Db) {
  await db.transaction(async (tx) => {
    const converted = await rows<{ id: number; property_id: number; building_id: number }>(
      tx,
      sql`select r.id, r.property_id, p.building_id from pre_sale_bookings r join properties p on p.id = r.property_id
          where r.status = 'converted'
            and not exists (select 1 from sales s where s.pre_sale_booking_id = r.id)
          order by r.id`,
    );
    for (const reservation of converted) {
      const [sale] = await rows<{ id: number; customer_id: number; property_id: number }>(
        tx,
        sql`select s.id, s.customer_id, min(sp.property_id) as property_id
            from sales s join sale_properties sp on sp.sale_id = s.id
            where s.building_id = ${reservation.building_id} and s.deleted_at is null
              and s.pre_sale_booking_id is null
            group by s.id order by s.id limit 1`,
      );
      if (!sale) continue;
      await tx
        .update(properties)
        .set({ status: 'free' })
        .where(and(eq(properties.id, reservation.property_id), eq(properties.status, 'pre_booked')));
      await tx
        .update(preSaleBookings)
        .set({ propertyId: sale.property_id, customerId: sale.customer_id })
        .where(eq(preSaleBookings.id, reservation.id));
      await tx.execute(sql`update sales set pre_sale_booking_id = ${reservation.id} where id = ${sale.id}`);
    }
  });
}
