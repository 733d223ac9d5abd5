import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { activityLogs, bookings, buildings, customers, properties } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { holdUnit } from './dealFixtures';

let t: TestApp;
let adminToken: string;
let managerToken: string;
let vake: number;
let saburtalo: number;
let tamar: number;
let levan: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  managerToken = await t.signIn('sales_manager@demo.ge');
  [vake, saburtalo] = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)).map(
    (b) => b.id,
  );
  [{ id: tamar }, { id: levan }] = await db()
    .insert(customers)
    .values([
      { nameKa: 'თამარ ლომიძე', nameEn: 'Tamar Lomidze' },
      { nameKa: 'ლევან ბერიძე', personalNumber: '01017012345', phones: ['+995 577 41 41 41'] },
    ])
    .returning({ id: customers.id });
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });

const taken = new Set<number>();
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
const booking = (propertyId: number, extra: object = {}) => ({
  property_id: propertyId,
  customer_id: tamar,
  period_from: '2026-12-01',
  period_to: '2026-12-31',
  price: '1500.50',
  currency: 'GEL',
  paid: false,
  note: 'დეპოზიტი ნაღდით',
  ...extra,
});
const book = (propertyId: number, extra: object = {}, token = adminToken) =>
  send('POST', '/api/bookings', booking(propertyId, extra), token);
const bookingsOf = (propertyId: number) => db().select().from(bookings).where(eq(bookings.propertyId, propertyId));

describe('booking a unit (POST /bookings)', () => {
  it('books a free unit for a period at a price: the booking is active and the unit booked', async () => {
    const unit = await freeUnit();
    const res = await book(unit.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      property_id: unit.id,
      property_no: unit.no,
      building_name: 'ვაკის პარკი',
      customer_name: 'Tamar Lomidze',
      period_from: '2026-12-01',
      period_to: '2026-12-31',
      price: 1500.5,
      currency: 'GEL',
      paid: false,
      status: 'active',
      note: 'დეპოზიტი ნაღდით',
    });
    expect(await statusOf(unit.id)).toBe('booked');
  });

  it('checks the form: end not before start, price not negative, known currency and customer (422)', async () => {
    const unit = await freeUnit();
    const backwards = await book(unit.id, { period_to: '2026-11-30' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.period_to).toEqual(['The end of the period cannot be before its start']);
    const bad = await book(unit.id, { price: -5, currency: 'JPY', customer_id: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'customer_id', 'price']);
    const stranger = await book(unit.id, { customer_id: 99_999_999 });
    expect(stranger.json().errors.customer_id).toEqual(['There is no such customer']);
    expect(await bookingsOf(unit.id)).toHaveLength(0);
    expect(await statusOf(unit.id)).toBe('free');
    const sameDay = await book(unit.id, { period_to: '2026-12-01', price: 0 });
    expect(sameDay.statusCode, sameDay.body).toBe(201);
  });

  it('lets ten staff book one free unit at once: one 201, nine 409 naming the unit, one booking held', async () => {
    const unit = await freeUnit();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => book(unit.id, { customer_id: i % 2 ? tamar : levan })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(`Unit ${unit.no} (ვაკის პარკი) is no longer free`);
    const held = await bookingsOf(unit.id);
    expect(held).toHaveLength(1);
    expect(held[0].status).toBe('active');
    expect(await statusOf(unit.id)).toBe('booked');
  });

  it('a failed claim leaves no booking row: a pre-booked unit cannot be booked', async () => {
    const unit = await freeUnit();
    await holdUnit(db(), unit.id, 'pre_booked');
    const res = await book(unit.id);
    expect(res.statusCode).toBe(409);
    expect(await bookingsOf(unit.id)).toHaveLength(0);
    expect(await statusOf(unit.id)).toBe('pre_booked');
  });
});

describe('reading and changing bookings (GET, PUT /bookings/{id})', () => {
  it('lists with filters and free text, and opens one booking', async () => {
    const unit = await freeUnit(saburtalo);
    const { id } = (await book(unit.id, { customer_id: levan, paid: true })).json().data;
    const list = await get(`/api/bookings?building_id=${saburtalo}&customer_id=${levan}&paid=1&status[]=active`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((b: { id: number }) => b.id)).toEqual([id]);
    expect(list.json().data[0].customer_name).toBe('ლევან ბერიძე');
    const byText = await get(`/api/bookings?query=${encodeURIComponent(unit.no)}&building_id=${saburtalo}`);
    expect(byText.json().data.map((b: { id: number }) => b.id)).toContain(id);
    // the customer is found as the customers list finds them: by a personal number or a phone, not only a name
    for (const text of ['01017012345', '577 41 41', 'ბერიძე']) {
      const found = await get(`/api/bookings?query=${encodeURIComponent(text)}&building_id=${saburtalo}`);
      expect(found.json().data.map((b: { id: number }) => b.id)).toContain(id);
    }
    const nobody = await get(`/api/bookings?query=99999999999&building_id=${saburtalo}`);
    expect(nobody.json().data).toEqual([]);
    const one = await get(`/api/bookings/${id}`);
    expect(one.json().data).toMatchObject({ id, paid: true, property_no: unit.no });
    expect((await get('/api/bookings/99999999')).statusCode).toBe(404);
  });

  it('updates period, price and paid flag; cancelling frees the unit, re-activating books it again', async () => {
    const unit = await freeUnit();
    const { id } = (await book(unit.id)).json().data;
    const edited = await send('PUT', `/api/bookings/${id}`, { period_to: '2027-01-15', price: 2000, paid: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ period_to: '2027-01-15', price: 2000, paid: true, status: 'active' });
    expect((await send('PUT', `/api/bookings/${id}`, { period_to: '2026-01-01' })).statusCode).toBe(422);
    const cancelled = await send('PUT', `/api/bookings/${id}`, { status: 'cancelled' });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await statusOf(unit.id)).toBe('free');
    expect((await send('PUT', `/api/bookings/${id}`, { status: 'active' })).statusCode).toBe(200);
    expect(await statusOf(unit.id)).toBe('booked');
  });

  it('re-activating a cancelled booking whose unit was taken meanwhile answers 409 and changes nothing', async () => {
    const unit = await freeUnit();
    const { id } = (await book(unit.id)).json().data;
    await send('PUT', `/api/bookings/${id}`, { status: 'cancelled' });
    expect((await book(unit.id, { customer_id: levan })).statusCode).toBe(201);
    const revive = await send('PUT', `/api/bookings/${id}`, { status: 'active' });
    expect(revive.statusCode).toBe(409);
    expect((await bookingsOf(unit.id)).map((b) => b.status).sort()).toEqual(['active', 'cancelled']);
  });
});

describe('deleting a booking (DELETE /bookings/{id})', () => {
  it('removes it and frees the unit', async () => {
    const unit = await freeUnit();
    const { id } = (await book(unit.id)).json().data;
    expect((await send('DELETE', `/api/bookings/${id}`)).statusCode).toBe(200);
    expect(await bookingsOf(unit.id)).toHaveLength(0);
    expect(await statusOf(unit.id)).toBe('free');
  });
});

describe('building scope and access', () => {
  it('shows a sales manager only the first complex’s bookings; another complex’s booking is not found', async () => {
    const own = (await book((await freeUnit(vake)).id)).json().data;
    const other = (await book((await freeUnit(saburtalo)).id)).json().data;
    const ids = (await get('/api/bookings?perpage=0', managerToken)).json().data.map((b: { id: number }) => b.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
    expect((await get(`/api/bookings/${other.id}`, managerToken)).statusCode).toBe(404);
    expect((await send('PUT', `/api/bookings/${other.id}`, { paid: true }, managerToken)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/bookings/${other.id}`, undefined, managerToken)).statusCode).toBe(404);
    expect((await book((await freeUnit(saburtalo)).id, {}, managerToken)).statusCode).toBe(422);
  });

  it('needs view, add, edit and delete permissions respectively', async () => {
    const viewer = await createStaff(t, adminToken, { permissions: ['view_bookings', 'all_buildings_access'] });
    expect((await get('/api/bookings', viewer.token)).statusCode).toBe(200);
    const unit = await freeUnit();
    expect((await book(unit.id, {}, viewer.token)).statusCode).toBe(403);
    const { id } = (await book(unit.id)).json().data;
    expect((await send('PUT', `/api/bookings/${id}`, { paid: true }, viewer.token)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/bookings/${id}`, undefined, viewer.token)).statusCode).toBe(403);
    expect((await get('/api/bookings', await t.signIn('client_manager@demo.ge'))).statusCode).toBe(403);
  });
});

describe('a page past the end of a deal list', () => {
  it('shows no rows but still the true total, for bookings and reservations alike', async () => {
    for (const list of ['/api/bookings', '/api/pre-sale-bookings']) {
      const first = (await get(`${list}?perpage=5`)).json();
      expect(first.meta.total).toBeGreaterThan(0);
      const beyond = (await get(`${list}?perpage=5&page=999`)).json();
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toMatchObject({ total: first.meta.total, current_page: 999, from: null, to: null });
    }
  });
});

describe('the activity log of a booking', () => {
  it('names the unit’s complex on each line and keeps the note it replaced', async () => {
    const unit = await freeUnit(saburtalo);
    const created = await book(unit.id, { note: 'პირველი' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await send('PUT', `/api/bookings/${id}`, { note: 'მეორე' })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/bookings/${id}`)).statusCode).toBe(200);
    const lines = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'bookings'), eq(activityLogs.recordId, String(id))))
      .orderBy(asc(activityLogs.id));
    expect(lines.map((l) => [l.action, l.buildingId])).toEqual([
      ['create', saburtalo],
      ['update', saburtalo],
      ['delete', saburtalo],
    ]);
    expect(lines[1].oldValues).toEqual({ note: 'პირველი' });
    expect(lines[1].changes).toMatchObject({ note: 'მეორე' });
  });
});
