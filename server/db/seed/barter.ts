import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { advancePayments, barterProperties, barters, buildings, customers, properties } from '../schema';

/** The demo deals: which complex (by order), how many of its free units (from the top floors), and the terms. */
const DEMO_BARTERS = [
  {
    complex: 0,
    units: 2,
    counterparty: 'შპს „ფანჯარა პლიუსი“',
    description: 'მეტალოპლასტმასის ფანჯრები და კარები, ბლოკი A',
    value: '180000.00',
    currency: 'USD',
    agreedOn: '2026-02-12',
  },
  {
    complex: 1,
    units: 1,
    counterparty: 'შპს „ლიფტ სერვისი“',
    description: 'ორი სამგზავრო ლიფტის მონტაჟი',
    value: '95000.00',
    currency: 'EUR',
    agreedOn: '2026-03-03',
  },
  {
    complex: 2,
    units: 1,
    counterparty: 'შპს „ბეტონ მიქსი“',
    description: 'ბეტონი M350, 600 მ³',
    value: '210000.00',
    currency: 'GEL',
    agreedOn: '2026-04-20',
  },
] as const;

const DEMO_ADVANCES = [
  {
    customer: 0,
    amount: '5000.00',
    currency: 'USD',
    paidOn: '2026-03-10',
    note: 'ნაღდი ანგარიშსწორება ოფისში',
    withUnit: true,
  },
  {
    customer: 1,
    amount: '12000.00',
    currency: 'GEL',
    paidOn: '2026-04-02',
    note: 'საბანკო გადარიცხვა',
    withUnit: false,
  },
  { customer: 2, amount: '3000.00', currency: 'EUR', paidOn: '2026-05-15', note: null, withUnit: true },
] as const;

/**
 * Demo barters and advance payments, the same every time: each barter takes free units from the top floors of a
 * complex and marks them 'barter'; the advance payments go to the first customers already seeded (none when
 * there are no customers). Runs after the customers seed and only reads customers.
 */
export async function seedBarter(db: Db) {
  if ((await db.$count(barters)) > 0) return;
  const complexes = await db.select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id));
  const buyers = await db
    .select({ id: customers.id })
    .from(customers)
    .where(isNull(customers.deletedAt))
    .orderBy(asc(customers.id))
    .limit(3);
  await db.transaction(async (tx) => {
    const unitsFor = async (buildingId: number, n: number) =>
      (
        await tx
          .select({ id: properties.id })
          .from(properties)
          .where(
            and(eq(properties.buildingId, buildingId), eq(properties.status, 'free'), isNull(properties.archivedAt)),
          )
          .orderBy(sql`${properties.floor} desc`, asc(properties.id))
          .limit(n)
      ).map((u) => u.id);
    const plan = [];
    for (const [i, b] of DEMO_BARTERS.entries()) {
      const complex = complexes[b.complex];
      if (!complex) continue;
      const unitIds = await unitsFor(complex.id, b.units);
      if (unitIds.length) plan.push({ ...b, unitIds, customerId: buyers[i]?.id ?? null });
    }
    if (plan.length) {
      const rows = await tx
        .insert(barters)
        .values(
          plan.map((p) => ({
            counterparty: p.counterparty,
            description: p.description,
            value: p.value,
            currency: p.currency,
            agreedOn: p.agreedOn,
            customerId: p.customerId,
          })),
        )
        .returning({ id: barters.id });
      const links = plan.flatMap((p, i) => p.unitIds.map((propertyId) => ({ barterId: rows[i].id, propertyId })));
      await tx.insert(barterProperties).values(links);
      await tx
        .update(properties)
        .set({ status: 'barter' })
        .where(
          inArray(
            properties.id,
            links.map((l) => l.propertyId),
          ),
        );
    }
    if (buyers.length && complexes[0]) {
      const [unit] = await unitsFor(complexes[0].id, 1);
      const advances = DEMO_ADVANCES.filter((a) => buyers[a.customer]).map((a) => ({
        customerId: buyers[a.customer].id,
        propertyId: a.withUnit ? (unit ?? null) : null,
        amount: a.amount,
        currency: a.currency,
        paidOn: a.paidOn,
        note: a.note,
      }));
      if (advances.length) await tx.insert(advancePayments).values(advances);
    }
  });
}
