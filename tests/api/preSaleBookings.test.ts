import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { buildings, customers, preSaleBookings, properties, sales } from '../../server/db/schema';
import { releaseStrandedUnits } from '../../server/modules/unitStatus';
import { businessToday } from '../../domain/businessDay';
import { createStaff, startTestApp, type TestApp } from './harness';
import { saleBody } from './salesFixtures';

let t: TestApp;
let adminToken: string;
let managerToken: string;
let vake: number;
let saburtalo: number;
let nino: number;
let giorgi: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  managerToken = await t.signIn('sales_manager@demo.ge');
  [vake, saburtalo] = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)).map(
    (b) => b.id,
  );
  [{ id: nino }, { id: giorgi }] = await db()
    .insert(customers)
    .values([
      { nameKa: 'ნინო კაპანაძე', nameEn: 'Nino Kapanadze' },
      { nameKa: 'გიორგი მელაძე-ქავთარაძე', nameEn: 'Giorgi Meladze-Kavtaradze' },
    ])
    .returning({ id: customers.id });
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });
const inDays = (n: number) => businessToday(new Date(Date.now() + n * 86_400_000));

const taken = new Set<number>();
/** A free unit of a complex that no other test here has taken. */
const freeUnit = async (buildingId = vake) => {
  const units = await db()
    .select()
    .from(properties)
    .where(and(eq(properties.buildingId, buildingId), eq(properties.status, 'free'), isNull(properties.archivedAt)))
    .orderBy(asc(properties.id))
    .limit(200);
  const unit = units.find((u) => !taken.has(u.id))!;
  taken.add(unit.id);
  return unit;
};
const statusOf = async (id: number) =>
  (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id)))[0].status;
const reserve = (propertyId: number, token = adminToken, customerId = nino, holdUntil = inDays(7)) =>
  send(
    'POST',
    '/api/pre-sale-bookings',
    { property_id: propertyId, customer_id: customerId, hold_until: holdUntil, note: 'ბინის ნახვა შაბათს' },
    token,
  );
const holdsOf = (propertyId: number) =>
  db().select().from(preSaleBookings).where(eq(preSaleBookings.propertyId, propertyId));

describe('reserving a unit (POST /pre-sale-bookings)', () => {
  it('holds a free unit for a customer until a date: the reservation is pending and the unit pre-booked', async () => {
    const unit = await freeUnit();
    const res = await reserve(unit.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      property_id: unit.id,
      property_no: unit.no,
      building_name: 'ვაკის პარკი',
      customer_id: nino,
      customer_name: 'Nino Kapanadze',
      status: 'pending',
      next_statuses: ['approved', 'rejected', 'expired'],
      hold_until: inDays(7),
      note: 'ბინის ნახვა შაბათს',
    });
    expect(await statusOf(unit.id)).toBe('pre_booked');
  });

  it('refuses a unit that is no longer free with 409 naming it, and writes nothing', async () => {
    const unit = await freeUnit();
    expect((await reserve(unit.id)).statusCode).toBe(201);
    const second = await reserve(unit.id, adminToken, giorgi);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`Unit ${unit.no} (ვაკის პარკი) is no longer free`);
    expect(await holdsOf(unit.id)).toHaveLength(1);
  });

  it('checks the form: required fields, a date from today on, a known unit and customer (422, none held)', async () => {
    const unit = await freeUnit();
    const empty = await send('POST', '/api/pre-sale-bookings', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['customer_id', 'hold_until', 'property_id']);
    const past = await reserve(unit.id, adminToken, nino, inDays(-1));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.hold_until).toEqual(['The hold must last until today or later']);
    const badDate = await reserve(unit.id, adminToken, nino, '31.12.2030');
    expect(badDate.statusCode).toBe(422);
    const stranger = await reserve(unit.id, adminToken, 99_999_999);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.customer_id).toEqual(['There is no such customer']);
    expect(await holdsOf(unit.id)).toHaveLength(0);
    expect(await statusOf(unit.id)).toBe('free');
    expect((await reserve(unit.id, adminToken, nino, businessToday())).statusCode).toBe(201);
  });

  it('says that an impossible day does not exist, in the request language', async () => {
    const unit = await freeUnit();
    for (const [locale, message] of [
      ['en', 'there is no such date'],
      ['ka', 'ასეთი თარიღი არ არსებობს'],
      ['ru', 'такой даты не существует'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pre-sale-bookings',
        payload: { property_id: unit.id, customer_id: nino, hold_until: '2099-02-31' },
        headers: t.as(adminToken, locale),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.hold_until).toEqual([message]);
    }
    expect(await holdsOf(unit.id)).toHaveLength(0);
  });

  it('lets ten staff reserve one free unit at once: exactly one succeeds, nine get 409 naming the unit', async () => {
    const unit = await freeUnit();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reserve(unit.id, adminToken, i % 2 ? nino : giorgi)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toContain(`Unit ${unit.no} `);
    const holds = await holdsOf(unit.id);
    expect(holds).toHaveLength(1);
    expect(holds[0].status).toBe('pending');
    expect(await statusOf(unit.id)).toBe('pre_booked');
  });
});

describe('changing a reservation status (POST /pre-sale-bookings/{id}/change-status)', () => {
  const change = (id: number, status: string, token = adminToken) =>
    send('POST', `/api/pre-sale-bookings/${id}/change-status`, { status }, token);

  it('approves a pending reservation; the status alone cannot convert it (422, no write), the sale does', async () => {
    const unit = await freeUnit();
    const { id } = (await reserve(unit.id)).json().data;
    const approved = await change(id, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      next_statuses: ['converted', 'expired', 'rejected'],
    });
    for (const [locale, message] of [
      ['en', 'A reservation is converted by selling its unit: make the sale from the reservation'],
      ['ka', 'რეზერვაცია გაყიდვად იქცევა ფართის გაყიდვით: გააფორმეთ გაყიდვა რეზერვაციიდან'],
      ['ru', 'Резервирование переводится в продажу продажей помещения: оформите продажу из резервирования'],
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/pre-sale-bookings/${id}/change-status`,
        payload: { status: 'converted' },
        headers: t.as(adminToken, locale),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ message, errors: { status: [message] } });
    }
    expect((await holdsOf(unit.id))[0].status).toBe('approved');
    expect(await statusOf(unit.id)).toBe('pre_booked');

    const sold = await send('POST', '/api/sales', saleBody([unit.id], nino, { pre_sale_booking_id: id }));
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await holdsOf(unit.id))[0].status).toBe('converted');
    expect(await statusOf(unit.id)).toBe('sold');
    const salesOfUnit = await db().select().from(sales).where(eq(sales.preSaleBookingId, id));
    expect(salesOfUnit).toHaveLength(1);
    expect((await get(`/api/pre-sale-bookings/${id}`)).json().data).toMatchObject({
      status: 'converted',
      next_statuses: [],
      property_status: 'sold',
    });
  });

  it('on start gives back a unit a status-only conversion left pre-booked with no sale', async () => {
    const stranded = await freeUnit();
    const kept = await freeUnit();
    await db().update(properties).set({ status: 'pre_booked' }).where(eq(properties.id, stranded.id));
    await db()
      .insert(preSaleBookings)
      .values({ propertyId: stranded.id, customerId: nino, status: 'converted', holdUntil: inDays(7) });
    const { id } = (await reserve(kept.id)).json().data;
    await change(id, 'approved');
    expect(await releaseStrandedUnits(db())).toBe(1);
    expect(await statusOf(stranded.id)).toBe('free');
    expect(await statusOf(kept.id)).toBe('pre_booked');
    expect(await releaseStrandedUnits(db())).toBe(0);
  });

  it('rejecting a reservation frees its unit, which another customer can then reserve', async () => {
    const unit = await freeUnit();
    const { id } = (await reserve(unit.id)).json().data;
    expect((await change(id, 'rejected')).json().data).toMatchObject({ status: 'rejected', next_statuses: [] });
    expect(await statusOf(unit.id)).toBe('free');
    expect((await reserve(unit.id, adminToken, giorgi)).statusCode).toBe(201);
  });

  it('refuses changes outside the table with 422 and a clear message, changing nothing', async () => {
    const unit = await freeUnit();
    const { id } = (await reserve(unit.id)).json().data;
    const toSale = await change(id, 'converted');
    expect(toSale.statusCode).toBe(422);
    expect(toSale.json().message).toBe(
      'A reservation is converted by selling its unit: make the sale from the reservation',
    );
    await change(id, 'expired');
    const revive = await change(id, 'approved');
    expect(revive.statusCode).toBe(422);
    expect(revive.json().message).toBe('A reservation cannot go from "Expired" to "Approved"');
    expect((await change(id, 'lost')).statusCode).toBe(422);
    expect((await holdsOf(unit.id))[0].status).toBe('expired');
    expect(await statusOf(unit.id)).toBe('free');
  });
});

describe('listing reservations (GET /pre-sale-bookings)', () => {
  it('filters by status, complex, customer and free text, with paging', async () => {
    const a = await freeUnit(saburtalo);
    const b = await freeUnit(saburtalo);
    const ra = (await reserve(a.id, adminToken, giorgi)).json().data;
    await reserve(b.id, adminToken, giorgi);
    await send('POST', `/api/pre-sale-bookings/${ra.id}/change-status`, { status: 'approved' });
    const approved = await get(
      `/api/pre-sale-bookings?status[]=approved&building_id=${saburtalo}&customer_id=${giorgi}`,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.map((r: { id: number }) => r.id)).toEqual([ra.id]);
    const both = await get(
      `/api/pre-sale-bookings?status[]=approved&status[]=pending&building_id=${saburtalo}&customer_id=${giorgi}&perpage=1`,
    );
    expect(both.json().data).toHaveLength(1);
    expect(both.json().meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    const byName = await get(
      `/api/pre-sale-bookings?query=${encodeURIComponent('მელაძე-ქავთ')}&building_id=${saburtalo}`,
    );
    expect(byName.json().meta.total).toBe(2);
    expect((await get('/api/pre-sale-bookings?status=gone')).statusCode).toBe(422);
  });

  it('expires a hold past its date before answering, and its unit is free again', async () => {
    const unit = await freeUnit();
    const { id } = (await reserve(unit.id)).json().data;
    await db()
      .update(preSaleBookings)
      .set({ holdUntil: inDays(-1) })
      .where(eq(preSaleBookings.id, id));
    const list = await get(`/api/pre-sale-bookings?status[]=expired&building_id=${vake}&perpage=0`);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect(await statusOf(unit.id)).toBe('free');
  });

  it('shows a sales manager only the first complex: another complex’s reservation is not found', async () => {
    const own = (await reserve((await freeUnit(vake)).id)).json().data;
    const other = (await reserve((await freeUnit(saburtalo)).id)).json().data;
    const list = await get('/api/pre-sale-bookings?perpage=0', managerToken);
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
    expect(new Set(list.json().data.map((r: { building_id: number }) => r.building_id))).toEqual(new Set([vake]));
    expect((await get(`/api/pre-sale-bookings/${other.id}`, managerToken)).statusCode).toBe(404);
    expect(
      (await send('POST', `/api/pre-sale-bookings/${other.id}/change-status`, { status: 'approved' }, managerToken))
        .statusCode,
    ).toBe(404);
    expect((await send('DELETE', `/api/pre-sale-bookings/${other.id}`, undefined, managerToken)).statusCode).toBe(404);
    const foreignUnit = await freeUnit(saburtalo);
    const refused = await reserve(foreignUnit.id, managerToken);
    expect(refused.statusCode).toBe(422);
    expect(await statusOf(foreignUnit.id)).toBe('free');
  });
});

describe('deleting a reservation (DELETE /pre-sale-bookings/{id})', () => {
  it('removes it and frees the unit it held; a finished one leaves the unit as it is', async () => {
    const unit = await freeUnit();
    const { id } = (await reserve(unit.id)).json().data;
    const res = await send('DELETE', `/api/pre-sale-bookings/${id}`);
    expect(res.statusCode).toBe(200);
    expect(await holdsOf(unit.id)).toHaveLength(0);
    expect(await statusOf(unit.id)).toBe('free');
    expect((await send('DELETE', `/api/pre-sale-bookings/${id}`)).statusCode).toBe(404);

    const sold = await freeUnit();
    const converted = (await reserve(sold.id)).json().data;
    await send('POST', `/api/pre-sale-bookings/${converted.id}/change-status`, { status: 'approved' });
    await send('POST', '/api/sales', saleBody([sold.id], nino, { pre_sale_booking_id: converted.id }));
    await send('DELETE', `/api/pre-sale-bookings/${converted.id}`);
    expect(await statusOf(sold.id)).toBe('sold');
  });
});

describe('access', () => {
  it('needs view, add, edit (change-status) and delete permissions respectively', async () => {
    const viewer = await createStaff(t, adminToken, {
      permissions: ['view_pre_sale_bookings', 'all_buildings_access'],
    });
    expect((await get('/api/pre-sale-bookings', viewer.token)).statusCode).toBe(200);
    const unit = await freeUnit();
    expect((await reserve(unit.id, viewer.token)).statusCode).toBe(403);
    const { id } = (await reserve(unit.id)).json().data;
    expect(
      (await send('POST', `/api/pre-sale-bookings/${id}/change-status`, { status: 'approved' }, viewer.token))
        .statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/pre-sale-bookings/${id}`, undefined, viewer.token)).statusCode).toBe(403);
    const clientManager = await t.signIn('client_manager@demo.ge');
    expect((await get('/api/pre-sale-bookings', clientManager)).statusCode).toBe(403);
    expect(await statusOf(unit.id)).toBe('pre_booked');
  });
});
