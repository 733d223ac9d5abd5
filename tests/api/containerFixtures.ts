/** What the renovation container test files share: the app, its complexes, three services, and the helpers. */
import { afterAll, beforeAll, expect } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import {
  activityLogs,
  buildings,
  containerInstallments,
  installments,
  sales,
  serviceContainers,
} from '../../server/db/schema';
import { businessToday } from '../../domain/businessDay';
import { startTestApp, type TestApp } from './harness';
import { makeSale } from './saleFixtures';

export let t: TestApp;
export let adminToken: string;
export let vake: number;
export let saburtalo: number;
/** Services of these files: renovation per m² in GEL, a parking place per unit in USD, cleaning at a fixed price. */
export let renovation: number;
export let parking: number;
export let cleaning: number;
export const today = businessToday();

export const db = () => t.database.db;
export const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
  headers = {},
) => t.app.inject({ method, url, payload, headers: { ...t.as(token), ...headers } });
export const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
export const saleRow = async (id: number) => (await db().select().from(sales).where(eq(sales.id, id)))[0];
export const containerRow = async (id: number) =>
  (await db().select().from(serviceContainers).where(eq(serviceContainers.id, id)))[0];
export const renovationSchedule = (containerId: number) =>
  db()
    .select()
    .from(containerInstallments)
    .where(eq(containerInstallments.containerId, containerId))
    .orderBy(asc(containerInstallments.number));
/** The newest activity-log line of a route (its pattern, as `/api/containers/:id`). */
export const lastLine = async (route: string) =>
  (
    await db().select().from(activityLogs).where(eq(activityLogs.route, route)).orderBy(desc(activityLogs.id)).limit(1)
  )[0];
export const saleSchedule = (saleId: number) =>
  db().select().from(installments).where(eq(installments.saleId, saleId)).orderBy(asc(installments.number));

export async function newService(body: object) {
  const res = await send('POST', '/api/services', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** A GEL sale in Vake (10,000 GEL in 4 monthly installments from next year) unless told otherwise. */
export const gelSale = (extra: Partial<Parameters<typeof makeSale>[1]> = {}) =>
  makeSale(db(), {
    buildingId: vake,
    price: 10000,
    currency: 'GEL',
    firstPaymentDate: '2027-01-15',
    paymentsCount: 4,
    ...extra,
  });

/** A renovation of 1,000 GEL (cleaning) in two installments, by default due next year. */
export async function addContainer(saleId: number, extra: object = {}) {
  const res = await send('POST', '/api/containers', {
    sale_id: saleId,
    items: [{ service_id: cleaning }],
    first_payment_date: '2027-02-01',
    period_months: 1,
    payments_count: 2,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; price: number; installments: Array<{ amount: number; due_date: string }> };
}

export const payContainer = (containerId: number, amount: number, currency = 'GEL', headers = {}) =>
  send(
    'POST',
    '/api/containers/pay',
    { container_id: containerId, amount, currency, paid_on: today },
    adminToken,
    headers,
  );

/** Starts the app before the calling file's tests and closes it after them: call once at the top of a test file. */
export function useContainerFixtures() {
  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await t.signIn('admin@demo.ge');
    [vake, saburtalo] = (
      await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)
    ).map((b) => b.id);
    // NBG's rate for today: 1 USD = 2.70 GEL
    const rate = await send('POST', '/api/currency-rates', { currency: 'USD', date: today, rate: '2.7000' });
    expect(rate.statusCode, rate.body).toBe(201);
    renovation = await newService({
      name_ka: 'რემონტი (ტესტი)',
      name_en: 'Renovation (test)',
      unit: 'sqm',
      prices: [
        { building_id: null, price: 300, currency: 'GEL' },
        { building_id: vake, price: 350, currency: 'GEL' },
      ],
    });
    parking = await newService({
      name_ka: 'პარკინგი (ტესტი)',
      unit: 'unit',
      prices: [{ building_id: null, price: 100, currency: 'USD' }],
    });
    cleaning = await newService({
      name_ka: 'დასუფთავება (ტესტი)',
      unit: 'fixed',
      prices: [{ building_id: null, price: 1000, currency: 'GEL' }],
    });
  });
  afterAll(() => t.close());
}
