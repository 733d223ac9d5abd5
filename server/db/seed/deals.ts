import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PreSaleBookingStatus } from '../../../domain/deals';
import type { Db } from '../client';
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
