/** What the split test files of one topic share: the app, its tokens, and the helpers. */
import { afterAll, beforeAll } from 'vitest';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { toDecimalString, toMinor } from '../../domain/money';
import { buildings, customers, payments, properties, saleHistories, sales } from '../../server/db/schema';
import { lockSale, settle } from '../../server/modules/saleLedger';
import { startTestApp, type TestApp } from './harness';

export let t: TestApp;
export let adminToken: string;
export let accountantToken: string;
export let managerToken: string;
export let complexes: Array<{ id: number; name: string }>;

/** Starts the app before the calling file's tests and closes it after them: call once at the top of a test file. */
export function useSalesFixtures() {
  beforeAll(async () => {
    taken.clear();
    t = await startTestApp();
    [adminToken, accountantToken, managerToken] = await Promise.all([
      t.signIn('admin@demo.ge'),
      t.signIn('accountant@demo.ge'),
      t.signIn('sales_manager@demo.ge'),
    ]);
    complexes = await db()
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .orderBy(asc(buildings.id));
  });
  afterAll(() => t.close());
}

export const db = () => t.database.db;
export const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
export const send = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { ...t.as(token), ...headers } });

/** Free units with a list price in a complex, none handed out twice in this file. */
export const taken = new Set<number>();
export async function freeUnits(buildingId: number, n: number) {
  const rows = await db()
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.buildingId, buildingId),
        eq(properties.status, 'free'),
        isNull(properties.archivedAt),
        isNotNull(properties.price),
      ),
    )
    .orderBy(asc(properties.id));
  const picked = rows.filter((r) => !taken.has(r.id)).slice(0, n);
  if (picked.length < n) throw new Error('not enough free units');
  for (const p of picked) taken.add(p.id);
  return picked;
}
export const statusOf = async (id: number) =>
  (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id)))[0].status;

export async function newCustomer(name = 'ნინო ბერიძე', extra: Partial<typeof customers.$inferInsert> = {}) {
  const personalNumber = String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)).slice(0, 11);
  const [row] = await db()
    .insert(customers)
    .values({ nameKa: name, nameEn: `${name} (en)`, personalNumber, phones: ['+995 599 11 22 33'], ...extra })
    .returning();
  return row;
}

export const saleBody = (propertyIds: number[], customerId: number, extra: object = {}) => ({
  property_ids: propertyIds,
  customer_id: customerId,
  price: 10000,
  currency: 'USD',
  contract_type: 'installment',
  payment_type: 'bank_transfer',
  contract_language: 'ka',
  contract_start_date: '2026-01-10',
  first_payment_date: '2026-02-01',
  period_months: 1,
  payments_count: 10,
  formula: '1200:4,1700:3',
  ...extra,
});

export async function createSale(buildingId = complexes[0].id, extra: object = {}, units = 1, token = adminToken) {
  const picked = await freeUnits(buildingId, units);
  const customer = await newCustomer();
  const res = await send(
    'POST',
    '/api/sales',
    saleBody(
      picked.map((p) => p.id),
      customer.id,
      extra,
    ),
    token,
  );
  if (res.statusCode !== 201) throw new Error(`POST /sales answered ${res.statusCode}: ${res.body}`);
  return { sale: res.json().data, units: picked, customer };
}

/** A payment recorded straight in the ledger (lockSale → insert → settle), as the payments calls do. */
export async function pay(saleId: number, amount: number, paidOn = '2026-01-15') {
  await db().transaction(async (tx) => {
    await lockSale(tx, saleId);
    const [s] = await tx.select().from(sales).where(eq(sales.id, saleId));
    await tx.insert(payments).values({
      saleId,
      amount: toDecimalString(toMinor(amount)),
      currency: s.currency,
      credited: toDecimalString(toMinor(amount)),
      paidOn,
    });
    await settle(tx, saleId);
  });
}

export const historyOf = (saleId: number) =>
  db().select().from(saleHistories).where(eq(saleHistories.saleId, saleId)).orderBy(asc(saleHistories.id));
