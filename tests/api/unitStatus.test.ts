import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { buildings, customers, preSaleBookings, properties } from '../../server/db/schema';
import { expireHolds } from '../../server/modules/preSaleBookings';
import { claimUnit, releaseStrandedUnits, releaseUnit } from '../../server/modules/unitStatus';
import { businessToday } from '../../domain/businessDay';
import { AppError } from '../../server/core/errors';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let vake: number;
let customerId: number;
beforeAll(async () => {
  t = await startTestApp();
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
  [{ id: customerId }] = await db()
    .insert(customers)
    .values({ nameKa: 'ლევან ჯაფარიძე' })
    .returning({ id: customers.id });
});
afterAll(() => t.close());

const db = () => t.database.db;
let used = 0;
/** A free unit of the first complex that no other test of this file has taken. */
const freeUnit = async () => {
  const units = await db()
    .select()
    .from(properties)
    .where(and(eq(properties.buildingId, vake), eq(properties.status, 'free'), isNull(properties.archivedAt)))
    .orderBy(asc(properties.id))
    .offset(used++)
    .limit(1);
  return units[0];
};
const day = (n: number) => businessToday(new Date(Date.now() + n * 86_400_000));
const statusOf = async (id: number) =>
  (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id)))[0].status;

describe('claiming and releasing a unit (server/modules/unitStatus)', () => {
  it('claims a free unit once; a second claim is refused with 409 naming the unit and its complex', async () => {
    const unit = await freeUnit();
    await db().transaction((tx) => claimUnit(tx, unit.id, 'barter', 'barter'));
    expect(await statusOf(unit.id)).toBe('barter');
    const error = await db()
      .transaction((tx) => claimUnit(tx, unit.id, 'booked', 'booking'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 409,
      messageKey: 'deals.unit_not_free',
      params: { no: unit.no, building: 'ვაკის პარკი' },
    });
    expect(await statusOf(unit.id)).toBe('barter');
    // no barter deal was written: the unit goes back as the deal's end would give it
    expect(await releaseUnit(db(), unit.id, 'barter')).toBe(true);
  });

  it('releases a unit only while it still has the status the deal gave it', async () => {
    const unit = await freeUnit();
    await claimUnit(db(), unit.id, 'booked');
    expect(await releaseUnit(db(), unit.id, 'pre_booked')).toBe(false);
    expect(await statusOf(unit.id)).toBe('booked');
    expect(await releaseUnit(db(), unit.id, 'booked')).toBe(true);
    expect(await statusOf(unit.id)).toBe('free');
  });

  it('never claims a unit that is not for sale or was split away', async () => {
    const [held] = await db().select().from(properties).where(eq(properties.status, 'not_for_sale')).limit(1);
    await expect(claimUnit(db(), held.id, 'pre_booked')).rejects.toMatchObject({ statusCode: 409 });
    const unit = await freeUnit();
    await db().update(properties).set({ archivedAt: new Date() }).where(eq(properties.id, unit.id));
    await expect(claimUnit(db(), unit.id, 'pre_booked')).rejects.toMatchObject({ statusCode: 409 });
    expect(await statusOf(unit.id)).toBe('free');
    await expect(claimUnit(db(), 99_999_999, 'pre_booked')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('holds expire by themselves (expireHolds)', () => {
  it('expires pending and approved holds past their date and frees their units, leaving the rest alone', async () => {
    const [a, b, c, d] = [await freeUnit(), await freeUnit(), await freeUnit(), await freeUnit()];
    for (const u of [a, b, c, d]) await claimUnit(db(), u.id, 'pre_booked');
    const rows = await db()
      .insert(preSaleBookings)
      .values([
        { propertyId: a.id, customerId, status: 'pending', holdUntil: day(-1) },
        { propertyId: b.id, customerId, status: 'approved', holdUntil: day(-9) },
        { propertyId: c.id, customerId, status: 'pending', holdUntil: day(0) },
        { propertyId: d.id, customerId, status: 'converted', holdUntil: day(-9) },
      ])
      .returning();
    expect(await expireHolds(db(), businessToday())).toBe(2);
    const after = await db()
      .select({ id: preSaleBookings.id, status: preSaleBookings.status })
      .from(preSaleBookings)
      .orderBy(asc(preSaleBookings.id));
    const statusById = Object.fromEntries(after.map((r) => [r.id, r.status]));
    expect(rows.map((r) => statusById[r.id])).toEqual(['expired', 'expired', 'pending', 'converted']);
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id), await statusOf(d.id)]).toEqual([
      'free',
      'free',
      'pre_booked',
      'pre_booked',
    ]);
    expect(await expireHolds(db(), businessToday())).toBe(0);
    // a converted hold with no sale behind it is what a status-only conversion stranded: the start-up gives it back
    expect(await releaseStrandedUnits(db())).toBe(1);
    expect(await statusOf(d.id)).toBe('free');
  });
});

describe('the demo deals (server/db/seed/deals)', () => {
  it('puts reservations in every status, live and cancelled bookings on each complex, matching the units', async () => {
    const perStatus = (await db().execute(sql`
      select s.status, count(distinct p.building_id)::int as complexes
      from pre_sale_bookings s join properties p on p.id = s.property_id
      where s.note is not null group by s.status order by s.status`)) as unknown as {
      rows: Array<{ status: string; complexes: number }>;
    };
    expect(perStatus.rows).toEqual(
      ['approved', 'converted', 'expired', 'pending', 'rejected'].map((status) => ({ status, complexes: 3 })),
    );
    const mismatched = (await db().execute(sql`
      select count(*)::int as n from pre_sale_bookings s join properties p on p.id = s.property_id
      where s.note is not null and ((s.status in ('pending', 'approved') and p.status <> 'pre_booked')
        or (s.status = 'converted' and p.status <> 'sold'))`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(mismatched.rows[0].n).toBe(0);
    const booked = (await db().execute(sql`
      select b.status, p.status as unit, count(*)::int as n from bookings b join properties p on p.id = b.property_id
      group by b.status, p.status order by b.status`)) as unknown as {
      rows: Array<{ status: string; unit: string; n: number }>;
    };
    expect(booked.rows).toEqual([
      { status: 'active', unit: 'booked', n: 3 },
      { status: 'cancelled', unit: 'free', n: 3 },
    ]);
  });
});
