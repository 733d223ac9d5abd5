import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { activityLogs, buildings, servicePrices, services } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { makeSale } from './saleFixtures';

let t: TestApp;
let adminToken: string;
let vake: number;
let saburtalo: number;

const db = () => t.database.db;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken, headers = {}) =>
  t.app.inject({ method, url, payload, headers: { ...t.as(token), ...headers } });
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });

const storage = () => ({
  name_ka: 'სათავსო',
  name_en: 'Storage room',
  name_ru: 'Кладовая',
  unit: 'unit',
  prices: [
    { building_id: null, price: 5000, currency: 'USD' },
    { building_id: vake, price: 6000, currency: 'USD' },
  ],
});

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  [vake, saburtalo] = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)).map(
    (b) => b.id,
  );
});
afterAll(() => t.close());

describe('the services catalogue', () => {
  it('an admin adds a service priced for every complex and for Vake; it reads back in the asked language', async () => {
    const res = await send('POST', '/api/services', storage());
    expect(res.statusCode, res.body).toBe(201);
    const service = res.json().data;
    expect(service).toMatchObject({ name: 'Storage room', unit: 'unit', active: true, in_use: false });
    expect(service.prices).toEqual([
      { building_id: null, building_name: null, price: 5000, currency: 'USD' },
      expect.objectContaining({ building_id: vake, price: 6000, currency: 'USD' }),
    ]);
    const ru = await t.app.inject({
      method: 'GET',
      url: `/api/services/${service.id}`,
      headers: t.as(adminToken, 'ru'),
    });
    expect(ru.json().data.name).toBe('Кладовая');
    const list = await get('/api/services?query=Storage&perpage=50');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((s: { id: number }) => s.id)).toContain(service.id);
    expect(list.json().meta.total).toBeGreaterThanOrEqual(1);
  });

  it('changes a service (PUT, and POST with an id): names, unit, prices', async () => {
    const id = (await send('POST', '/api/services', storage())).json().data.id;
    const put = await send('PUT', `/api/services/${id}`, {
      ...storage(),
      name_en: 'Storage',
      unit: 'sqm',
      prices: [{ building_id: saburtalo, price: 80, currency: 'GEL' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Storage', unit: 'sqm' });
    expect(put.json().data.prices).toEqual([
      expect.objectContaining({ building_id: saburtalo, price: 80, currency: 'GEL' }),
    ]);
    const post = await send('POST', '/api/services', { id, ...storage(), active: false });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().data.active).toBe(false);
    expect(await db().select().from(servicePrices).where(eq(servicePrices.serviceId, id))).toHaveLength(2);
    const inactive = await get('/api/services?active=false&perpage=0');
    expect(inactive.json().data.map((s: { id: number }) => s.id)).toContain(id);
    expect((await send('DELETE', `/api/services/${id}`)).statusCode).toBe(200);
    const all = await db()
      .select({
        action: activityLogs.action,
        method: activityLogs.method,
        status: activityLogs.statusCode,
        complex: activityLogs.buildingId,
      })
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'services'), eq(activityLogs.recordId, String(id))))
      .orderBy(asc(activityLogs.id));
    expect(all).toEqual([
      { action: 'create', method: 'POST', status: 201, complex: null },
      { action: 'update', method: 'PUT', status: 200, complex: null },
      { action: 'create', method: 'POST', status: 200, complex: null },
      { action: 'delete', method: 'DELETE', status: 200, complex: null },
    ]);
  });

  it('refuses a missing name, an unknown unit and two prices for one complex (422 on the fields)', async () => {
    const res = await send('POST', '/api/services', { unit: 'kg', prices: [] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['name_ka', 'unit']));
    const twice = await send('POST', '/api/services', {
      ...storage(),
      prices: [
        { building_id: vake, price: 1, currency: 'GEL' },
        { building_id: vake, price: 2, currency: 'GEL' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['prices.1.building_id'][0]).toBe('This complex already has a price for the service');
  });

  it('deletes a service nobody ordered; one in a container is refused with 409, only to be deactivated', async () => {
    const unused = (await send('POST', '/api/services', storage())).json().data.id;
    expect((await send('DELETE', `/api/services/${unused}`)).statusCode).toBe(200);
    expect(await db().select().from(services).where(eq(services.id, unused))).toHaveLength(0);
    expect((await get(`/api/services/${unused}`)).statusCode).toBe(404);

    const used = (
      await send('POST', '/api/services', {
        ...storage(),
        unit: 'fixed',
        prices: [{ building_id: null, price: 500, currency: 'USD' }],
      })
    ).json().data.id;
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 1000,
      currency: 'USD',
      firstPaymentDate: '2027-01-01',
    });
    const container = await send('POST', '/api/containers', {
      sale_id: sale.id,
      items: [{ service_id: used }],
      first_payment_date: '2027-02-01',
    });
    expect(container.statusCode, container.body).toBe(201);
    expect((await get(`/api/services/${used}`)).json().data.in_use).toBe(true);
    const refused = await send('DELETE', `/api/services/${used}`, undefined, adminToken, { 'content-language': 'ru' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Услуга входит в контейнер ремонта: её нельзя удалить, только деактивировать');
    const deactivated = await send('PUT', `/api/services/${used}`, {
      ...storage(),
      unit: 'fixed',
      active: false,
      prices: [{ building_id: null, price: 500, currency: 'USD' }],
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await db().select().from(services).where(eq(services.id, used)))[0].active).toBe(false);
  });
});

describe('who may do what', () => {
  it('a user of one complex sees only that complex’s prices and cannot price another complex', async () => {
    const id = (await send('POST', '/api/services', storage())).json().data.id;
    const staff = await createStaff(t, adminToken, {
      permissions: ['view_services', 'add_services', 'edit_services'],
      buildings: [saburtalo],
    });
    const seen = await get(`/api/services/${id}`, staff.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.prices).toEqual([expect.objectContaining({ building_id: null })]);
    const refused = await send(
      'PUT',
      `/api/services/${id}`,
      { ...storage(), prices: [{ building_id: vake, price: 1, currency: 'GEL' }] },
      staff.token,
    );
    expect(refused.statusCode).toBe(422);
    // a change by this user keeps Vake's price, which it does not see
    const kept = await send(
      'PUT',
      `/api/services/${id}`,
      { ...storage(), prices: [{ building_id: saburtalo, price: 70, currency: 'GEL' }] },
      staff.token,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const stored = await db().select().from(servicePrices).where(eq(servicePrices.serviceId, id));
    expect(stored.map((p) => p.buildingId).sort()).toEqual([vake, saburtalo].sort());
  });

  it('without the permissions: reading is 403, adding is 403, deleting is 403', async () => {
    const staff = await createStaff(t, adminToken, { permissions: ['view_sales'], buildings: [vake] });
    expect((await get('/api/services', staff.token)).statusCode).toBe(403);
    expect((await send('POST', '/api/services', storage(), staff.token)).statusCode).toBe(403);
    expect((await send('DELETE', '/api/services/1', undefined, staff.token)).statusCode).toBe(403);
    const reader = await createStaff(t, adminToken, { permissions: ['view_services', 'edit_services'] });
    expect((await get('/api/services', reader.token)).statusCode).toBe(200);
    // edit_services alone does not create
    expect((await send('POST', '/api/services', storage(), reader.token)).statusCode).toBe(403);
  });
});

describe('MODULE_SERVICES off', () => {
  it('every services route answers 404', async () => {
    const off = await startTestApp({ MODULE_SERVICES: 'false' });
    try {
      const token = await off.signIn('admin@demo.ge');
      for (const [method, url] of [
        ['GET', '/api/services'],
        ['GET', '/api/services/1'],
        ['POST', '/api/services'],
        ['PUT', '/api/services/1'],
        ['DELETE', '/api/services/1'],
        ['GET', '/api/containers/payments'],
      ] as const) {
        const res = await off.app.inject({ method, url, payload: {}, headers: off.as(token) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
