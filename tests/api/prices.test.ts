import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { priceForArea, type PropertyStatus } from '../../domain/inventory';
import { toDecimalString } from '../../domain/money';
import { activityLogs, blocks, buildings, priceLists, properties } from '../../server/db/schema';
import { multipart, startTestApp, type TestApp } from './harness';
import { holdUnit } from './dealFixtures';

let t: TestApp;
let adminToken: string;
let registrarToken: string;
let complexes: Array<{ id: number; name: string }>;

beforeAll(async () => {
  t = await startTestApp();
  [adminToken, registrarToken] = await Promise.all([t.signIn('admin@demo.ge'), t.signIn('property_registrar@demo.ge')]);
  complexes = await db().select({ id: buildings.id, name: buildings.name }).from(buildings).orderBy(buildings.id);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });
const unique = () => randomUUID().slice(0, 6);

const newBuilding = async () =>
  (
    await db()
      .insert(buildings)
      .values({ name: `Price complex ${unique()}` })
      .returning()
  )[0];
const newBlock = async (buildingId: number, name = `Block ${unique()}`) =>
  (await db().insert(blocks).values({ buildingId, name }).returning())[0];

type Seed = {
  no: string;
  area: string;
  floor?: number;
  status?: PropertyStatus;
  blockId?: number | null;
  archived?: boolean;
  price?: string;
  perM2?: string;
  currency?: string;
};
/** Units as the database holds them, deal statuses set directly (deals are another module's work). */
const seedUnits = async (buildingId: number, units: Seed[]) => {
  const rows = await db()
    .insert(properties)
    .values(
      units.map((u) => ({
        buildingId,
        blockId: u.blockId ?? null,
        no: u.no,
        floor: u.floor ?? 1,
        area: u.area,
        status: u.status === 'not_for_sale' ? u.status : 'free',
        pricePerM2: u.perM2 ?? '900.00',
        price: u.price ?? '1.00',
        currency: u.currency ?? 'USD',
        archivedAt: u.archived ? new Date() : null,
      })),
    )
    .returning();
  for (const [i, u] of units.entries())
    if (u.status && u.status !== 'not_for_sale') await holdUnit(db(), rows[i].id, u.status);
  return Object.fromEntries(rows.map((r) => [r.no, r.id])) as Record<string, number>;
};
const unitsById = async (ids: number[]) => {
  const rows = await db().select().from(properties).where(inArray(properties.id, ids));
  return Object.fromEntries(rows.map((r) => [r.no, { price: r.price, perM2: r.pricePerM2, currency: r.currency }]));
};
const expected = (area: string, perM2: string) => toDecimalString(priceForArea(area, perM2));

describe('applying a price list', () => {
  it('reprices every free and not-for-sale unit of the building to the cent, none in a deal or archived', async () => {
    const building = await newBuilding();
    const other = await newBuilding();
    const ids = await seedUnits(building.id, [
      { no: 'free-1', area: '64.30' },
      { no: 'free-2', area: '10.10' },
      { no: 'held', area: '45.55', status: 'not_for_sale' },
      { no: 'pre', area: '50.00', status: 'pre_booked', price: '45000.00' },
      { no: 'booked', area: '50.00', status: 'booked', price: '45000.00' },
      { no: 'sold', area: '50.00', status: 'sold', price: '44000.00' },
      { no: 'barter', area: '50.00', status: 'barter', price: '43000.00' },
      { no: 'split', area: '80.00', archived: true, price: '72000.00' },
    ]);
    const elsewhere = await seedUnits(other.id, [{ no: 'free-1', area: '64.30', price: '57870.00' }]);

    const res = await send('POST', '/api/prices', {
      building_id: building.id,
      price_per_m2: '1234.57',
      currency: 'GEL',
      note: 'გაზაფხულის ფასები',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      building_id: building.id,
      building_name: building.name,
      block_id: null,
      price_per_m2: 1234.57,
      currency: 'GEL',
      applied_count: 3,
      note: 'გაზაფხულის ფასები',
    });
    expect(res.json().data.applied_at).toEqual(expect.any(String));
    expect(res.json().message).toBe('The price list was applied: 3 units repriced');

    const after = await unitsById(Object.values(ids));
    expect(after['free-1']).toEqual({ price: expected('64.30', '1234.57'), perM2: '1234.57', currency: 'GEL' });
    expect(after['free-1'].price).toBe('79382.85');
    expect(after['free-2'].price).toBe('12469.16'); // 10.10 × 1234.57 = 12469.157 → half-up
    expect(after['held']).toEqual({ price: expected('45.55', '1234.57'), perM2: '1234.57', currency: 'GEL' });
    expect(after['pre']).toEqual({ price: '45000.00', perM2: '900.00', currency: 'USD' });
    expect(after['booked']).toEqual({ price: '45000.00', perM2: '900.00', currency: 'USD' });
    expect(after['sold']).toEqual({ price: '44000.00', perM2: '900.00', currency: 'USD' });
    expect(after['barter']).toEqual({ price: '43000.00', perM2: '900.00', currency: 'USD' });
    expect(after['split']).toEqual({ price: '72000.00', perM2: '900.00', currency: 'USD' });
    expect((await unitsById(Object.values(elsewhere)))['free-1'].price).toBe('57870.00');

    const [stored] = await db().select().from(priceLists).where(eq(priceLists.id, res.json().data.id));
    expect(stored).toMatchObject({ appliedCount: 3, pricePerM2: '1234.57' });
    expect(stored.appliedAt).toBeInstanceOf(Date);
  });

  it('rounds the half cent up', async () => {
    const building = await newBuilding();
    const ids = await seedUnits(building.id, [
      { no: 'a', area: '10.10' },
      { no: 'b', area: '10.01' },
    ]);
    await send('POST', '/api/prices', { building_id: building.id, price_per_m2: '0.05' });
    const after = await unitsById(Object.values(ids));
    expect([after.a.price, after.b.price]).toEqual(['0.51', '0.50']); // 0.505 → 0.51, 0.5005 → 0.50
  });

  it('covers only its block and floor range, or only its one unit', async () => {
    const building = await newBuilding();
    const [north, south] = [await newBlock(building.id, 'North'), await newBlock(building.id, 'South')];
    const ids = await seedUnits(building.id, [
      { no: 'n1', area: '50.00', floor: 1, blockId: north.id },
      { no: 'n5', area: '50.00', floor: 5, blockId: north.id },
      { no: 'n9', area: '50.00', floor: 9, blockId: north.id },
      { no: 's5', area: '50.00', floor: 5, blockId: south.id },
    ]);
    const floors = await send('POST', '/api/prices', {
      building_id: building.id,
      block_id: north.id,
      floor_from: 3,
      floor_to: 9,
      price_per_m2: 2000,
    });
    expect(floors.json().data).toMatchObject({ block_name: 'North', floor_from: 3, floor_to: 9, applied_count: 2 });
    let after = await unitsById(Object.values(ids));
    expect([after.n1.price, after.n5.price, after.n9.price, after.s5.price]).toEqual([
      '1.00',
      '100000.00',
      '100000.00',
      '1.00',
    ]);

    const single = await send('POST', '/api/prices', {
      building_id: building.id,
      property_id: ids.s5,
      floor_from: 7,
      price_per_m2: 2100,
    });
    expect(single.json().data).toMatchObject({
      property_id: ids.s5,
      property_no: 's5',
      block_id: south.id,
      floor_from: null,
      applied_count: 1,
    });
    after = await unitsById(Object.values(ids));
    expect([after.n1.price, after.s5.price]).toEqual(['1.00', '105000.00']);
  });

  it('re-applies when changed, by PUT and by form with _method=PUT; deleting a list keeps its prices', async () => {
    const building = await newBuilding();
    const ids = await seedUnits(building.id, [
      { no: '1', area: '70.00' },
      { no: '2', area: '30.00' },
    ]);
    const created = (await send('POST', '/api/prices', { building_id: building.id, price_per_m2: 1000 })).json().data;
    const put = await send('PUT', `/api/prices/${created.id}`, { price_per_m2: 1100, note: 'autumn' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ price_per_m2: 1100, note: 'autumn', applied_count: 2 });
    expect((await unitsById(Object.values(ids)))['1'].price).toBe('77000.00');

    // Meanwhile unit 2 is booked: the next application passes it by.
    await holdUnit(db(), ids['2'], 'booked');
    const form = multipart({
      _method: 'PUT',
      building_id: String(building.id),
      block_id: '',
      floor_from: '',
      floor_to: '',
      property_id: '',
      price_per_m2: '1200.50',
      currency: 'EUR',
      note: '',
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/prices/${created.id}`,
      payload: form.payload,
      headers: { ...t.as(adminToken), ...form.headers },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ price_per_m2: 1200.5, currency: 'EUR', applied_count: 1, note: null });
    let after = await unitsById(Object.values(ids));
    expect(after['1']).toEqual({ price: '84035.00', perM2: '1200.50', currency: 'EUR' });
    expect(after['2']).toEqual({ price: '33000.00', perM2: '1100.00', currency: 'USD' });

    expect((await send('DELETE', `/api/prices/${created.id}`)).statusCode).toBe(200);
    expect((await get(`/api/prices/${created.id}`)).statusCode).toBe(404);
    after = await unitsById(Object.values(ids));
    expect(after['1'].price).toBe('84035.00');
  });
});

describe('bad price lists', () => {
  it('refuses a price per m² of zero or less, floors out of order, a block or unit of another complex', async () => {
    const building = await newBuilding();
    const otherBlock = await newBlock(complexes[1].id);
    const ids = await seedUnits(building.id, [{ no: '1', area: '50.00' }]);
    const theirs = await seedUnits(complexes[1].id, [{ no: `x-${unique()}`, area: '50.00' }]);
    const lists = await db().$count(priceLists);

    const zero = await send('POST', '/api/prices', { building_id: building.id, price_per_m2: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual({ price_per_m2: ['The number must be greater than zero'] });
    const negative = await send('POST', '/api/prices', {
      building_id: building.id,
      price_per_m2: -100,
      currency: 'RUB',
    });
    expect(negative.json().errors).toEqual({
      price_per_m2: ['The number must be greater than zero'],
      currency: ['invalid value'],
    });
    const missing = await send('POST', '/api/prices', {});
    expect(missing.json().errors).toEqual({ building_id: ['required field'], price_per_m2: ['required field'] });

    const target = await send('POST', '/api/prices', {
      building_id: building.id,
      block_id: otherBlock.id,
      floor_from: 9,
      floor_to: 3,
      price_per_m2: 1000,
    });
    expect(target.statusCode).toBe(422);
    expect(target.json().errors).toEqual({
      block_id: ['This block belongs to another building'],
      floor_to: ['the minimum cannot exceed the maximum'],
    });
    const unit = await send('POST', '/api/prices', {
      building_id: building.id,
      property_id: Object.values(theirs)[0],
      price_per_m2: 1000,
    });
    expect(unit.json().errors).toEqual({ property_id: ['This unit is not in the chosen building and block'] });

    expect(await db().$count(priceLists)).toBe(lists);
    expect((await unitsById(Object.values(ids)))['1'].price).toBe('1.00');
  });

  it('refuses an update that would break the list, and leaves the list and the units as they were', async () => {
    const building = await newBuilding();
    const ids = await seedUnits(building.id, [{ no: '1', area: '50.00' }]);
    const created = (await send('POST', '/api/prices', { building_id: building.id, price_per_m2: 1000 })).json().data;
    const res = await send('PUT', `/api/prices/${created.id}`, { price_per_m2: 2000, floor_from: 5, floor_to: 1 });
    expect(res.statusCode).toBe(422);
    expect((await get(`/api/prices/${created.id}`)).json().data).toMatchObject({
      price_per_m2: 1000,
      floor_from: null,
    });
    expect((await unitsById(Object.values(ids)))['1'].price).toBe('50000.00');
  });
});

describe('building scope and permissions', () => {
  let mine: number;
  let theirs: number;
  beforeAll(async () => {
    mine = (
      await send('POST', '/api/prices', {
        building_id: complexes[0].id,
        block_id: (await newBlock(complexes[0].id)).id,
        price_per_m2: 1000,
      })
    ).json().data.id;
    theirs = (
      await send('POST', '/api/prices', {
        building_id: complexes[1].id,
        block_id: (await newBlock(complexes[1].id)).id,
        price_per_m2: 1000,
      })
    ).json().data.id;
  });

  it('a registrar of the first complex lists only its price lists and gets 404 on another complex’s', async () => {
    const listed = await get('/api/prices?perpage=0', registrarToken);
    expect(listed.statusCode).toBe(200);
    const buildingIds = new Set(
      (listed.json().data as Array<{ building_id: number; id: number }>).map((p) => p.building_id),
    );
    expect([...buildingIds]).toEqual([complexes[0].id]);
    expect(listed.json().data.map((p: { id: number }) => p.id)).toContain(mine);
    expect((await get(`/api/prices?building_id=${complexes[1].id}`, registrarToken)).json().meta.total).toBe(0);

    expect((await get(`/api/prices/${theirs}`, registrarToken)).statusCode).toBe(404);
    expect((await send('PUT', `/api/prices/${theirs}`, { price_per_m2: 1 }, registrarToken)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/prices/${theirs}`, undefined, registrarToken)).statusCode).toBe(404);
    const create = await send('POST', '/api/prices', { building_id: complexes[1].id, price_per_m2: 1 }, registrarToken);
    expect(create.statusCode).toBe(422);
    expect(create.json().errors).toEqual({ building_id: [`unknown building: ${complexes[1].id}`] });
    expect((await get(`/api/prices/${theirs}`)).json().data.price_per_m2).toBe(1000);
  });

  it('the registrar sets prices for their own complex', async () => {
    const res = await send('PUT', `/api/prices/${mine}`, { price_per_m2: 1500 }, registrarToken);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a client manager may not read or set prices', async () => {
    const clientManager = await t.signIn('client_manager@demo.ge');
    expect((await get('/api/prices', clientManager)).statusCode).toBe(403);
    expect(
      (await send('POST', '/api/prices', { building_id: complexes[0].id, price_per_m2: 1 }, clientManager)).statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/prices/${mine}`, undefined, clientManager)).statusCode).toBe(403);
  });
});

describe('the activity log of a price list', () => {
  it("names the list's complex on each line, the one it was moved to after an edit", async () => {
    const [building, other] = [await newBuilding(), await newBuilding()];
    const created = await send('POST', '/api/prices', { building_id: building.id, price_per_m2: 1000 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const edit = await send('PUT', `/api/prices/${id}`, { building_id: other.id, price_per_m2: 1100 });
    expect(edit.statusCode, edit.body).toBe(200);
    const lines = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'prices'), eq(activityLogs.recordId, String(id))))
      .orderBy(asc(activityLogs.id));
    expect(lines.map((l) => [l.action, l.statusCode, l.buildingId, l.oldValues])).toEqual([
      ['create', 201, building.id, null],
      ['update', 200, other.id, null],
    ]);
  });
});
