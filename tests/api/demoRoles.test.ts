import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { customers, sales, userBuildings, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';

/**
 * The demo users see what their roles' descriptions say: the sales manager its own sales (not every sale of its
 * complex), the client manager the customers it created or is in charge of, the booking registrar every customer (it
 * names the customer of each booking it registers, and adds none).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
}, 120_000);
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.as(token, 'en') });
const listed = async <T>(url: string, token: string) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T[] }).data;
};
const idOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

describe('the demo sales manager', () => {
  it('lists only the sales it is the manager of, and opens no other manager’s sale of its complex', async () => {
    const token = await t.signIn('sales_manager@demo.ge');
    const me = await idOf('sales_manager@demo.ge');
    const db = t.database.db;
    const complexes = (await db.select().from(userBuildings).where(eq(userBuildings.userId, me))).map(
      (b) => b.buildingId,
    );
    const inComplex = await db
      .select({ id: sales.id, userId: sales.userId })
      .from(sales)
      .where(and(inArray(sales.buildingId, complexes), isNull(sales.deletedAt)));
    const mine = inComplex.filter((s) => s.userId === me).map((s) => s.id);
    const others = inComplex.filter((s) => s.userId !== me).map((s) => s.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);

    const list = await listed<{ id: number; user_id: number | null }>('/api/sales?perpage=1000', token);
    expect(list.map((s) => s.id).sort((a, b) => a - b)).toEqual(mine.sort((a, b) => a - b));
    const totals = (await get('/api/sales/totals', token)).json().data as { count: number };
    expect(totals.count).toBe(mine.length);
    for (const id of others.slice(0, 3)) expect((await get(`/api/sales/${id}`, token)).statusCode).toBe(404);
    // an administrator still reads them
    for (const id of others.slice(0, 3)) expect((await get(`/api/sales/${id}`, admin)).statusCode).toBe(200);
  });
});

describe('the demo client manager', () => {
  it('lists only the customers it created or is in charge of', async () => {
    const token = await t.signIn('client_manager@demo.ge');
    const me = await idOf('client_manager@demo.ge');
    const live = isNull(customers.deletedAt);
    const own = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(live, or(eq(customers.createdBy, me), eq(customers.responsibleUserId, me))));
    const [someoneElses] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          live,
          or(ne(customers.createdBy, me), isNull(customers.createdBy)),
          or(ne(customers.responsibleUserId, me), isNull(customers.responsibleUserId)),
        ),
      );
    expect(own.length).toBeGreaterThan(0);
    const list = await listed<{ id: number }>('/api/customers?perpage=1000', token);
    expect(list.map((c) => c.id).sort((a, b) => a - b)).toEqual(own.map((c) => c.id).sort((a, b) => a - b));
    expect((await get(`/api/customers/${someoneElses.id}`, token)).statusCode).toBe(404);
  });
});

describe('the demo booking registrar', () => {
  it('finds any customer to name on a booking', async () => {
    const token = await t.signIn('booking_registrar@demo.ge');
    const all = await t.database.db.select({ id: customers.id }).from(customers).where(isNull(customers.deletedAt));
    const list = await listed<{ id: number }>('/api/customers?perpage=1000', token);
    expect(list.length).toBe(all.length);
  });
});
