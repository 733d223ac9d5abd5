import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import {
  barterProperties,
  barters,
  bookings,
  buildings,
  comments,
  customers,
  properties,
} from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { statusFromDeals } from './dealFixtures';

let t: TestApp;
let adminToken: string;
let managerToken: string;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  [adminToken, managerToken] = await Promise.all([t.signIn('admin@demo.ge'), t.signIn('sales_manager@demo.ge')]);
  [{ id: customerId }] = await t.database.db.select({ id: customers.id }).from(customers).limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });

interface Comment {
  id: number;
  body: string;
  user_id: number;
  author_name: string;
  created_at: string;
  can_edit: boolean;
}

describe('comments on a customer', () => {
  it('staff comment on a customer page; the list shows newest first with the author name', async () => {
    const first = await send(
      'POST',
      `/api/comments/customer/${customerId}`,
      { body: 'Called, wants a 2-room flat' },
      managerToken,
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await send('POST', `/api/comments/customer/${customerId}`, { body: 'Sent the price list' });
    expect(second.statusCode).toBe(201);
    const list = (await get(`/api/comments/customer/${customerId}`, managerToken)).json().data as Comment[];
    expect(list.slice(0, 2).map((c) => c.body)).toEqual(['Sent the price list', 'Called, wants a 2-room flat']);
    expect(list[0]).toMatchObject({ author_name: 'ნინო ბერიძე', can_edit: false });
    expect(list[1]).toMatchObject({ author_name: 'მარიამ ლომიძე', can_edit: true });
    const [row] = await db().select().from(comments).where(eq(comments.id, first.json().data.id));
    expect(row).toMatchObject({ model: 'customer', modelId: customerId, body: 'Called, wants a 2-room flat' });
  });

  it('only the author or an admin edits or deletes a comment; anyone else gets 403 and the comment stays', async () => {
    const mine = (await send('POST', `/api/comments/customer/${customerId}`, { body: 'mine' }, managerToken)).json()
      .data as Comment;
    const colleague = await createStaff(t, adminToken, { permissions: ['view_customers'] });
    expect(
      (await send('PUT', `/api/comments/${mine.id}`, { body: 'changed by colleague' }, colleague.token)).statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/comments/${mine.id}`, undefined, colleague.token)).statusCode).toBe(403);
    expect((await db().select().from(comments).where(eq(comments.id, mine.id)))[0].body).toBe('mine');

    const edited = await send('PUT', `/api/comments/${mine.id}`, { body: 'mine, edited' }, managerToken);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.body).toBe('mine, edited');
    const byAdmin = await send('PUT', `/api/comments/${mine.id}`, { body: 'moderated' });
    expect(byAdmin.statusCode).toBe(200);
    expect((await send('DELETE', `/api/comments/${mine.id}`)).statusCode).toBe(200);
    expect(await db().$count(comments, eq(comments.id, mine.id))).toBe(0);
    expect((await send('DELETE', `/api/comments/${mine.id}`)).statusCode).toBe(404);
  });

  it('an empty or too long body answers 422 in English and writes nothing', async () => {
    const before = await db().$count(comments);
    const empty = await send('POST', `/api/comments/customer/${customerId}`, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual(['required field']);
    const long = await send('POST', `/api/comments/customer/${customerId}`, { body: 'x'.repeat(5001) });
    expect(long.json().errors.body).toEqual(['the value is too long']);
    expect(await db().$count(comments)).toBe(before);
    const c = (await send('POST', `/api/comments/customer/${customerId}`, { body: 'ok' })).json().data as Comment;
    expect((await send('PUT', `/api/comments/${c.id}`, { body: '' })).statusCode).toBe(422);
    expect((await db().select().from(comments).where(eq(comments.id, c.id)))[0].body).toBe('ok');
  });

  it('the record must exist and be visible: unknown model 422, missing 404, own-only users: own customer', async () => {
    expect((await send('POST', '/api/comments/planet/1', { body: 'x' })).statusCode).toBe(422);
    expect((await send('POST', '/api/comments/customer/999999', { body: 'x' })).statusCode).toBe(404);
    expect((await send('POST', '/api/comments/sale/999999', { body: 'x' })).statusCode).toBe(404);
    const own = await createStaff(t, adminToken, { permissions: ['view_only_own_customers'] });
    expect((await send('POST', `/api/comments/customer/${customerId}`, { body: 'x' }, own.token)).statusCode).toBe(404);
    expect((await get(`/api/comments/customer/${customerId}`, own.token)).statusCode).toBe(404);
    const [mine] = await db()
      .insert(customers)
      .values({ nameKa: 'ჩემი', personalNumber: '88888888888', createdBy: own.id })
      .returning();
    expect(
      (await send('POST', `/api/comments/customer/${mine.id}`, { body: 'on my own customer' }, own.token)).statusCode,
    ).toBe(201);
  });
});

describe('comments on bookings and barters', () => {
  it('needs the view permission of the record kind', async () => {
    const [unit] = await db()
      .select({ id: properties.id, buildingId: properties.buildingId })
      .from(properties)
      .limit(1);
    const [booking] = await db()
      .insert(bookings)
      .values({ propertyId: unit.id, customerId, periodFrom: '2030-01-01', periodTo: '2030-02-01' })
      .returning();
    await statusFromDeals(db(), [unit.id]);
    const [barter] = await db()
      .insert(barters)
      .values({ counterparty: 'შპს მშენებელი', value: '10000', agreedOn: '2030-01-01' })
      .returning();
    const customerOnly = await createStaff(t, adminToken, { permissions: ['view_customers'] });
    expect(
      (await send('POST', `/api/comments/booking/${booking.id}`, { body: 'x' }, customerOnly.token)).statusCode,
    ).toBe(403);
    expect((await get(`/api/comments/barter/${barter.id}`, customerOnly.token)).statusCode).toBe(403);
    // a booking is bound to a unit: staff see it only within their complexes
    const elsewhere = await createStaff(t, adminToken, { permissions: ['view_bookings'] });
    expect((await get(`/api/comments/booking/${booking.id}`, elsewhere.token)).statusCode).toBe(404);
    const bookingStaff = await createStaff(t, adminToken, {
      permissions: ['view_bookings'],
      buildings: [unit.buildingId],
    });
    expect(
      (await send('POST', `/api/comments/booking/${booking.id}`, { body: 'deposit due Friday' }, bookingStaff.token))
        .statusCode,
    ).toBe(201);
    expect((await get(`/api/comments/booking/${booking.id}`, bookingStaff.token)).json().data[0].body).toBe(
      'deposit due Friday',
    );
    expect((await send('POST', `/api/comments/barter/${barter.id}`, { body: 'materials delivered' })).statusCode).toBe(
      201,
    );
    // a barter is seen through its units: staff of another complex get 404, staff of the unit's complex may comment
    await db().insert(barterProperties).values({ barterId: barter.id, propertyId: unit.id });
    await statusFromDeals(db(), [unit.id]);
    const [another] = await db()
      .select({ id: buildings.id })
      .from(buildings)
      .where(ne(buildings.id, unit.buildingId))
      .limit(1);
    const otherComplex = await createStaff(t, adminToken, { permissions: ['view_barters'], buildings: [another.id] });
    expect((await get(`/api/comments/barter/${barter.id}`, otherComplex.token)).statusCode).toBe(404);
    expect(
      (await send('POST', `/api/comments/barter/${barter.id}`, { body: 'x' }, otherComplex.token)).statusCode,
    ).toBe(404);
    const barterStaff = await createStaff(t, adminToken, {
      permissions: ['view_barters'],
      buildings: [unit.buildingId],
    });
    expect((await get(`/api/comments/barter/${barter.id}`, barterStaff.token)).json().data[0].body).toBe(
      'materials delivered',
    );
    expect((await send('POST', '/api/comments/pre_sale_booking/999999', { body: 'x' })).statusCode).toBe(404);
    expect(
      (await send('POST', `/api/comments/customer/${customerId}`, { body: 'x' }, bookingStaff.token)).statusCode,
    ).toBe(403);
  });
});
