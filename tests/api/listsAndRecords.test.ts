import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { buildings } from '../../server/db/schema';
import { multipart, startTestApp, type TestApp } from './harness';
import { cancelSale, makeSale } from './saleFixtures';

/** List paging, the paid-share filter, the range sliders' ends, a complex's facsimile and a cancelled sale's files. */
let t: TestApp;
let adminToken: string;
let accountantToken: string;
let vake: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  accountantToken = await t.signIn('accountant@demo.ge');
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('list paging and the payment_percent filter', () => {
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...t.as(adminToken), 'accept-language': 'en' } });

  it('takes page=0 as the first page and names a wrong page or perpage', async () => {
    const first = await get('/api/customers?page=1&perpage=5');
    const zero = await get('/api/customers?page=0&perpage=5');
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().data.map((c: { id: number }) => c.id)).toEqual(
      first.json().data.map((c: { id: number }) => c.id),
    );
    for (const [query, field] of [
      ['page=-1', 'page'],
      ['page=two', 'page'],
      ['perpage=1001', 'perpage'],
      ['perpage=-5', 'perpage'],
    ]) {
      const res = await get(`/api/customers?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.body, query).toContain(field);
    }
  });

  it('reads payment_percent without a value as 10 and refuses 100', async () => {
    const blank = await get('/api/sales?payment_percent=&perpage=1000');
    const ten = await get('/api/sales?payment_percent=10&perpage=1000');
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().meta.total).toBe(ten.json().meta.total);
    const all = await get('/api/sales?perpage=1000');
    expect(ten.json().meta.total).toBeLessThan(all.json().meta.total);
    expect((await get('/api/sales?payment_percent=99.5')).statusCode).toBe(200);
    const hundred = await get('/api/sales?payment_percent=100');
    expect(hundred.statusCode).toBe(422);
    expect(hundred.json().errors).toHaveProperty('payment_percent');
  });
});

it('answers a complex’s facsimile under the original client’s name too, facsimile_file_url', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${vake}`, headers: t.as(adminToken) });
  expect(res.statusCode).toBe(200);
  const building = res.json().data;
  expect(building).toHaveProperty('facsimile_file_url');
  expect(building.facsimile_file_url).toBe(building.facsimile_url);
});

describe('the range sliders’ ends (GET /properties/ranges)', () => {
  const span = async (where: string) => {
    const {
      rows: [row],
    } = (await db().execute(
      sql.raw(`select min(area)::float as area_min, max(area)::float as area_max, min(price)::float as price_min,
        max(price)::float as price_max, min(floor) as floor_min, max(floor) as floor_max
        from properties where archived_at is null ${where}`),
    )) as { rows: Array<Record<string, number>> };
    return {
      area: { min: row.area_min, max: row.area_max },
      price: { min: row.price_min, max: row.price_max },
      floor: { min: row.floor_min, max: row.floor_max },
    };
  };

  it('spans the units the user may see, of the chosen complexes', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/properties/ranges', headers: t.as(adminToken) });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual(await span(''));

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/properties/ranges?building_id=${vake}`,
      headers: t.as(adminToken),
    });
    expect(one.json().data).toEqual(await span(`and building_id = ${vake}`));

    const manager = await t.signIn('sales_manager@demo.ge');
    const scoped = await t.app.inject({ method: 'GET', url: '/api/properties/ranges', headers: t.as(manager) });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const mine = `and building_id in (select building_id from user_buildings ub join users u on u.id = ub.user_id
      where u.email = 'sales_manager@demo.ge')`;
    expect(scoped.json().data).toEqual(await span(mine));
    expect(scoped.json().data).not.toEqual(all.json().data);
  });
});

describe("a cancelled sale's files", () => {
  it('stay listed and open, read-only, to readers of cancelled sales; the live route no longer has them', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 1000,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 1,
    });
    const body = multipart(
      { title: 'Signed contract' },
      { file: { filename: 'contract.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') } },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/addFile`,
      headers: { ...t.as(adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    await cancelSale(db(), sale.id, sale.propertyIds);

    const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
    expect((await get(`/api/sales/${sale.id}/files`)).statusCode).toBe(404);
    const listed = await get(`/api/sales/trashed/${sale.id}/files`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0]).toMatchObject({ original_name: 'contract.pdf', title: 'Signed contract' });
    const opened = await t.app.inject({ method: 'GET', url: listed.json().data[0].url });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // read-only: no write route; a live sale is not reached through the trashed route; the permission is needed
    const write = multipart(
      {},
      { file: { filename: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') } },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/sales/trashed/${sale.id}/addFile`,
      headers: { ...t.as(adminToken), ...write.headers },
      payload: write.payload,
    });
    expect(refused.statusCode).toBe(404);
    const live = await makeSale(db(), {
      buildingId: vake,
      price: 1000,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 1,
    });
    expect((await get(`/api/sales/trashed/${live.id}/files`)).statusCode).toBe(404);
    expect((await get(`/api/sales/trashed/${sale.id}/files`, accountantToken)).statusCode).toBe(403);
  });
});
