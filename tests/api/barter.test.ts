import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { activityLogs, barterProperties, barters, buildings, properties } from '../../server/db/schema';
import { seedBarter } from '../../server/db/seed/barter';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';
import { holdUnit } from './dealFixtures';

let t: TestApp;
let adminToken: string;
let complexes: Array<{ id: number; name: string }>;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  complexes = await db().select({ id: buildings.id, name: buildings.name }).from(buildings).orderBy(asc(buildings.id));
  // The demo's barters (seed/barter.ts) first, as the demo start would add them; the deals below come on top.
  await seedBarter(db());
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });

/** Free units of a complex nobody else in this file has taken yet. */
const taken = new Set<number>();
async function freeUnits(buildingId: number, n: number) {
  const rows = await db()
    .select()
    .from(properties)
    .where(and(eq(properties.buildingId, buildingId), eq(properties.status, 'free')))
    .orderBy(asc(properties.id));
  const picked = rows.filter((r) => !taken.has(r.id)).slice(0, n);
  for (const p of picked) taken.add(p.id);
  return picked;
}
const statusOf = async (id: number) =>
  (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id)))[0].status;
const deal = (propertyIds: number[], extra: object = {}) => ({
  counterparty: 'შპს „მშენებელი“',
  description: 'Windows and doors for block A',
  value: 125000.5,
  currency: 'USD',
  agreed_on: '2026-03-01',
  property_ids: propertyIds,
  ...extra,
});

describe('making a barter deal (POST /barter)', () => {
  it('gives the chosen units to the counterparty: each becomes "barter" and the deal shows them', async () => {
    const [a, b] = await freeUnits(complexes[0].id, 2);
    const res = await send('POST', '/api/barter', deal([a.id, b.id]));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      counterparty: 'შპს „მშენებელი“',
      value: 125000.5,
      currency: 'USD',
      agreed_on: '2026-03-01',
      status: 'active',
    });
    expect(created.units.map((u: { id: number }) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(created.units[0]).toMatchObject({ building_name: complexes[0].name, status: 'barter' });
    expect(typeof created.units[0].area).toBe('number');
    expect(await statusOf(a.id)).toBe('barter');
    expect(await statusOf(b.id)).toBe('barter');

    const shown = await get(`/api/barter/${created.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.units).toHaveLength(2);
    expect(shown.json().data.units.find((u: { id: number }) => u.id === a.id)).toMatchObject({
      no: a.no,
      area: Number(a.area),
      building_name: complexes[0].name,
    });
  });

  it('is all or nothing: a second unit already booked is named in a 409, the first stays free, no deal', async () => {
    const [first, second] = await freeUnits(complexes[0].id, 2);
    await holdUnit(db(), second.id, 'booked');
    const before = await db().$count(barters);
    const res = await send('POST', '/api/barter', deal([first.id, second.id], { counterparty: 'All or nothing Ltd' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Unit ${second.no} (${complexes[0].name}) is no longer free`);
    expect(await statusOf(first.id)).toBe('free');
    expect(await statusOf(second.id)).toBe('booked');
    expect(await db().$count(barters)).toBe(before);
    expect(await db().$count(barters, eq(barters.counterparty, 'All or nothing Ltd'))).toBe(0);
  });

  it('refuses a value of 0, no units and an unknown currency with English messages, writing nothing', async () => {
    const [a] = await freeUnits(complexes[0].id, 1);
    const before = await db().$count(barters);
    const res = await send('POST', '/api/barter', deal([], { value: 0, currency: 'GBP' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      value: ['The number must be greater than zero'],
      property_ids: ['Choose at least one unit'],
      currency: ['invalid value'],
    });
    const noCounterparty = await send('POST', '/api/barter', deal([a.id], { counterparty: '' }));
    expect(noCounterparty.statusCode).toBe(422);
    expect(Object.keys(noCounterparty.json().errors)).toEqual(['counterparty']);
    expect(await db().$count(barters)).toBe(before);
    expect(await statusOf(a.id)).toBe('free');
  });
});

describe('changing and removing a barter deal', () => {
  it('swapping units releases the removed one and claims the added one; deleting the deal frees them all', async () => {
    const [a, b, c] = await freeUnits(complexes[0].id, 3);
    const created = (await send('POST', '/api/barter', deal([a.id, b.id]))).json().data;
    const changed = await send('PUT', `/api/barter/${created.id}`, { property_ids: [b.id, c.id], value: 99000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ value: 99000, property_ids: expect.arrayContaining([b.id, c.id]) });
    expect(await statusOf(a.id)).toBe('free');
    expect(await statusOf(b.id)).toBe('barter');
    expect(await statusOf(c.id)).toBe('barter');

    const removed = await send('DELETE', `/api/barter/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await statusOf(b.id)).toBe('free');
    expect(await statusOf(c.id)).toBe('free');
    expect(await db().$count(barters, eq(barters.id, created.id))).toBe(0);
    expect(await db().$count(barterProperties, eq(barterProperties.barterId, created.id))).toBe(0);
    expect((await get(`/api/barter/${created.id}`)).statusCode).toBe(404);
  });

  it('an edit that adds a unit that is not free changes nothing', async () => {
    const [a, b] = await freeUnits(complexes[0].id, 2);
    await holdUnit(db(), b.id, 'sold');
    const created = (await send('POST', '/api/barter', deal([a.id]))).json().data;
    const res = await send('PUT', `/api/barter/${created.id}`, { property_ids: [b.id], counterparty: 'Changed' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Unit ${b.no} (${complexes[0].name}) is no longer free`);
    expect(await statusOf(a.id)).toBe('barter');
    expect((await get(`/api/barter/${created.id}`)).json().data).toMatchObject({
      counterparty: 'შპს „მშენებელი“',
      property_ids: [a.id],
    });
  });
});

describe('the barter list (GET /barter) and building scope', () => {
  it('finds deals by counterparty and by complex, with their units and paging', async () => {
    const [a] = await freeUnits(complexes[1].id, 1);
    await send('POST', '/api/barter', deal([a.id], { counterparty: 'Findable Glass LLC' }));
    const found = await get('/api/barter?query=findable&perpage=5');
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toHaveLength(1);
    expect(found.json().data[0]).toMatchObject({
      counterparty: 'Findable Glass LLC',
      units: [expect.objectContaining({ id: a.id, no: a.no })],
    });
    expect(found.json().meta).toMatchObject({ total: 1, current_page: 1, per_page: 5 });
    const inOtherComplex = await get(`/api/barter?query=findable&building_id=${complexes[0].id}`);
    expect(inOtherComplex.json().data).toHaveLength(0);
  });

  it("a manager bound to the first complex sees only deals on its units; another complex's deal is 404", async () => {
    const [mine] = await freeUnits(complexes[0].id, 1);
    const [theirs] = await freeUnits(complexes[2].id, 1);
    const own = (await send('POST', '/api/barter', deal([mine.id], { counterparty: 'Scope Mine' }))).json().data;
    const other = (await send('POST', '/api/barter', deal([theirs.id], { counterparty: 'Scope Theirs' }))).json().data;
    const manager = await createStaff(t, adminToken, {
      permissions: ['view_barters', 'add_barters', 'edit_barters', 'delete_barters'],
      buildings: [complexes[0].id],
    });
    const list = await get('/api/barter?query=scope', manager.token);
    expect(list.json().data.map((b: { counterparty: string }) => b.counterparty)).toEqual(['Scope Mine']);
    expect((await get(`/api/barter/${own.id}`, manager.token)).statusCode).toBe(200);
    expect((await get(`/api/barter/${other.id}`, manager.token)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/barter/${other.id}`, undefined, manager.token)).statusCode).toBe(404);
    expect(await statusOf(theirs.id)).toBe('barter');
    // a unit outside the manager's complexes cannot be put into a deal
    const [outside] = await freeUnits(complexes[2].id, 1);
    const refused = await send('POST', '/api/barter', deal([outside.id]), manager.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.property_ids).toEqual(['There is no such unit']);
    expect(await statusOf(outside.id)).toBe('free');
  });

  it('a user without the barter permissions is refused', async () => {
    const manager = await t.signIn('sales_manager@demo.ge');
    expect((await get('/api/barter', manager)).statusCode).toBe(403);
    const [a] = await freeUnits(complexes[0].id, 1);
    expect((await send('POST', '/api/barter', deal([a.id]), manager)).statusCode).toBe(403);
    expect(await db().$count(properties, and(inArray(properties.id, [a.id]), eq(properties.status, 'free')))).toBe(1);
  });
});

describe('the files of a barter deal', () => {
  it('keeps a PDF contract on the deal and hides it from a manager of another complex', async () => {
    const [unit] = await freeUnits(complexes[2].id, 1);
    const created = (await send('POST', '/api/barter', deal([unit.id], { counterparty: 'Files Ltd' }))).json().data;
    const body = multipart(
      { title: 'Contract' },
      { file: { filename: 'contract.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%test\n') } },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/barter/${created.id}/addFile`,
      headers: { ...t.as(adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    const files = await get(`/api/barter/${created.id}/files`);
    expect(files.json().data).toEqual([
      expect.objectContaining({ original_name: 'contract.pdf', title: 'Contract', active: true }),
    ]);
    const manager = await createStaff(t, adminToken, { permissions: ['view_barters'], buildings: [complexes[0].id] });
    expect((await get(`/api/barter/${created.id}/files`, manager.token)).statusCode).toBe(404);
  });
});

describe('the demo barters (server/db/seed/barter.ts)', () => {
  it('adds three deals whose units are marked "barter", once', async () => {
    const before = await db().$count(barters);
    await seedBarter(db());
    expect(await db().$count(barters)).toBe(before);
    const demo = await get('/api/barter?query=შპს&perpage=50');
    const seeded = demo
      .json()
      .data.filter((b: { counterparty: string }) =>
        ['შპს „ფანჯარა პლიუსი“', 'შპს „ლიფტ სერვისი“', 'შპს „ბეტონ მიქსი“'].includes(b.counterparty),
      );
    expect(seeded).toHaveLength(3);
    for (const b of seeded) {
      expect(b.units.length).toBeGreaterThan(0);
      for (const u of b.units) expect(u.status).toBe('barter');
    }
  });
});

describe('the activity log of a barter deal', () => {
  it("names the first unit's complex on each line and keeps the values an edit replaced", async () => {
    const [a] = await freeUnits(complexes[1].id, 1);
    const created = await send('POST', '/api/barter', deal([a.id], { counterparty: 'ძველი პარტნიორი' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const edit = await send('PUT', `/api/barter/${id}`, {
      counterparty: 'ახალი პარტნიორი',
      value: 99,
      currency: 'USD',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await send('DELETE', `/api/barter/${id}`)).statusCode).toBe(200);
    const lines = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'barter'), eq(activityLogs.recordId, String(id))))
      .orderBy(asc(activityLogs.id));
    expect(lines.map((l) => [l.action, l.statusCode, l.buildingId])).toEqual([
      ['create', 201, complexes[1].id],
      ['update', 200, complexes[1].id],
      ['delete', 200, complexes[1].id],
    ]);
    expect(lines[0].oldValues).toBeNull();
    expect(lines[1].oldValues).toEqual({ counterparty: 'ძველი პარტნიორი', value: '125000.50' });
    expect(lines[1].changes).toMatchObject({ counterparty: 'ახალი პარტნიორი' });
  });
});
