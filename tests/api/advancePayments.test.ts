import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  activityLogs,
  advancePayments,
  buildings,
  customers,
  idempotencyKeys,
  properties,
} from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
let complexes: Array<{ id: number; name: string }>;
let tamar: { id: number };
let irakli: { id: number };
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  complexes = await db().select({ id: buildings.id, name: buildings.name }).from(buildings).orderBy(asc(buildings.id));
  // GET /customers belongs to another slice: the buyers are written straight into the database.
  [tamar, irakli] = await db()
    .insert(customers)
    .values([
      { nameKa: 'თამარ გელაშვილი', personalNumber: '01024055555' },
      { nameKa: 'ირაკლი წიკლაური', personalNumber: '01024066666' },
    ])
    .returning({ id: customers.id });
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });
const unitOf = async (buildingId: number) =>
  (
    await db()
      .select()
      .from(properties)
      .where(eq(properties.buildingId, buildingId))
      .orderBy(asc(properties.id))
      .limit(1)
  )[0];

describe('advance payments', () => {
  it('records a payment, shows it with the customer and the unit, corrects it and soft-deletes it', async () => {
    const unit = await unitOf(complexes[0].id);
    const res = await send('POST', '/api/advance-payments', {
      customer_id: tamar.id,
      property_id: unit.id,
      amount: 5000.25,
      currency: 'GEL',
      paid_on: '2026-04-10',
      note: 'Cash at the office',
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().data;
    expect(payment).toMatchObject({
      customer_id: tamar.id,
      customer_name: 'თამარ გელაშვილი',
      property_id: unit.id,
      amount: 5000.25,
      currency: 'GEL',
      paid_on: '2026-04-10',
      note: 'Cash at the office',
    });
    expect(payment.property_label).toContain(unit.no);

    const changed = await send('PUT', `/api/advance-payments/${payment.id}`, { amount: '6000', note: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ amount: 6000, note: null, currency: 'GEL' });

    const list = await get(`/api/advance-payments?customer_id=${tamar.id}`);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([payment.id]);

    expect((await send('DELETE', `/api/advance-payments/${payment.id}`)).statusCode).toBe(200);
    expect((await get(`/api/advance-payments?customer_id=${tamar.id}`)).json().data).toEqual([]);
    expect((await get(`/api/advance-payments/${payment.id}`)).statusCode).toBe(404);
    // the row stays, marked deleted
    expect(
      await db().$count(advancePayments, and(eq(advancePayments.id, payment.id), isNotNull(advancePayments.deletedAt))),
    ).toBe(1);
  });

  it('filters by customer, unit and date range, with paging', async () => {
    const unit = await unitOf(complexes[1].id);
    for (const [day, customer] of [
      ['2026-01-05', irakli],
      ['2026-02-05', irakli],
      ['2026-03-05', irakli],
      ['2026-03-06', tamar],
    ] as const) {
      expect(
        (
          await send('POST', '/api/advance-payments', {
            customer_id: customer.id,
            property_id: unit.id,
            amount: 100,
            currency: 'USD',
            paid_on: day,
          })
        ).statusCode,
      ).toBe(201);
    }
    const inRange = await get(`/api/advance-payments?customer_id=${irakli.id}&date_from=2026-02-01&date_to=2026-03-31`);
    expect(inRange.json().data.map((p: { paid_on: string }) => p.paid_on)).toEqual(['2026-03-05', '2026-02-05']);
    const byUnit = await get(`/api/advance-payments?property_id=${unit.id}&perpage=2&page=2`);
    expect(byUnit.json().meta).toMatchObject({ total: 4, current_page: 2, last_page: 2 });
    expect(byUnit.json().data).toHaveLength(2);
    // a customer is found by a personal number as by a name, as the customers list finds them
    for (const text of ['01024066666', 'წიკლაური']) {
      const found = await get(`/api/advance-payments?property_id=${unit.id}&query=${encodeURIComponent(text)}`);
      expect(found.json().data.map((p: { paid_on: string }) => p.paid_on)).toEqual([
        '2026-03-05',
        '2026-02-05',
        '2026-01-05',
      ]);
    }
    expect((await get('/api/advance-payments?date_from=2026-05-01&date_to=2026-01-01')).statusCode).toBe(422);
  });

  it('refuses an unknown customer, a zero amount, a bad currency and a bad date with English messages', async () => {
    const before = await db().$count(advancePayments);
    const res = await send('POST', '/api/advance-payments', {
      customer_id: 987654,
      amount: 0,
      currency: 'GBP',
      paid_on: '10.04.2026',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      amount: ['The number must be greater than zero'],
      currency: ['invalid value'],
      paid_on: ['wrong format'],
    });
    const unknown = await send('POST', '/api/advance-payments', {
      customer_id: 987654,
      amount: 10,
      currency: 'USD',
      paid_on: '2026-04-10',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ customer_id: ['There is no such customer'] });
    const missing = await send('POST', '/api/advance-payments', { amount: 10, currency: 'USD', paid_on: '2026-04-10' });
    expect(missing.json().errors).toEqual({ customer_id: ['required field'] });
    expect(await db().$count(advancePayments)).toBe(before);
  });

  it("a bookkeeper bound to one complex sees its units' payments and unit-less ones, not another's", async () => {
    const mine = await unitOf(complexes[0].id);
    const theirs = await unitOf(complexes[2].id);
    const onMine = (
      await send('POST', '/api/advance-payments', {
        customer_id: irakli.id,
        property_id: mine.id,
        amount: 1,
        currency: 'EUR',
        paid_on: '2026-06-01',
      })
    ).json().data;
    const onTheirs = (
      await send('POST', '/api/advance-payments', {
        customer_id: irakli.id,
        property_id: theirs.id,
        amount: 2,
        currency: 'EUR',
        paid_on: '2026-06-01',
      })
    ).json().data;
    const noUnit = (
      await send('POST', '/api/advance-payments', {
        customer_id: irakli.id,
        amount: 3,
        currency: 'EUR',
        paid_on: '2026-06-01',
      })
    ).json().data;
    const clerk = await createStaff(t, adminToken, {
      permissions: [
        'view_advanced_payments',
        'add_advanced_payments',
        'edit_advanced_payments',
        'delete_advanced_payments',
      ],
      buildings: [complexes[0].id],
    });
    const seen = (await get('/api/advance-payments?date_from=2026-06-01&date_to=2026-06-01', clerk.token))
      .json()
      .data.map((p: { id: number }) => p.id);
    expect(seen.sort()).toEqual([onMine.id, noUnit.id].sort());
    expect((await get(`/api/advance-payments/${onTheirs.id}`, clerk.token)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/advance-payments/${onTheirs.id}`, undefined, clerk.token)).statusCode).toBe(404);
    const outside = await send(
      'POST',
      '/api/advance-payments',
      { customer_id: irakli.id, property_id: theirs.id, amount: 4, currency: 'EUR', paid_on: '2026-06-02' },
      clerk.token,
    );
    expect(outside.json().errors).toEqual({ property_id: ['There is no such unit'] });
    const registrar = await t.signIn('property_registrar@demo.ge');
    expect((await get('/api/advance-payments', registrar)).statusCode).toBe(403);
  });
});

describe('the activity log of an advance payment', () => {
  const linesOf = (id: number) =>
    db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'advance-payments'), eq(activityLogs.recordId, String(id))))
      .orderBy(asc(activityLogs.id));

  it("names the unit's complex on each line; a repeated key replays the answer recorded with the write", async () => {
    const [first, second] = [await unitOf(complexes[0].id), await unitOf(complexes[1].id)];
    const key = { 'idempotency-key': `advance-${Date.now()}` };
    const body = { customer_id: tamar.id, property_id: first.id, amount: 700, currency: 'USD', paid_on: '2026-07-01' };
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/advance-payments',
        payload: body,
        headers: { ...t.as(adminToken), ...key },
      });
    const res = await pay();
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const [stored] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key['idempotency-key']));
    expect(JSON.parse(stored.response!)).toEqual(res.json());
    const again = await pay();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(res.json());
    expect((await send('PUT', `/api/advance-payments/${id}`, { property_id: second.id, amount: 800 })).statusCode).toBe(
      200,
    );
    const noUnit = (await send('POST', '/api/advance-payments', { ...body, property_id: null })).json().data
      .id as number;
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.action, l.statusCode, l.buildingId, l.oldValues])).toEqual([
      ['create', 201, complexes[0].id, null],
      ['update', 200, complexes[1].id, null],
    ]);
    expect((await linesOf(noUnit)).map((l) => [l.action, l.buildingId])).toEqual([['create', null]]);
  });
});
