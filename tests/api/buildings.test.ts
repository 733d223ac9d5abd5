import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const namesSeenBy = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/buildings?perpage=0', headers: t.as(token) });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ name: string }>).map((b) => b.name);
};

describe('building scope (SPEC §6)', () => {
  it('an accountant and a user with all_buildings_access see every complex', async () => {
    expect(await namesSeenBy(await t.signIn('accountant@demo.ge'))).toHaveLength(3);
    const all = await createStaff(t, adminToken, { permissions: ['view_buildings', 'all_buildings_access'] });
    expect(await namesSeenBy(all.token)).toHaveLength(3);
  });

  it('a registrar assigned to one complex sees only that one; a user with none assigned sees none', async () => {
    const registrar = await namesSeenBy(await t.signIn('property_registrar@demo.ge'));
    expect(registrar).toEqual(['ვაკის პარკი']);
    const unassigned = await createStaff(t, adminToken, { permissions: ['view_buildings'] });
    expect(await namesSeenBy(unassigned.token)).toEqual([]);
  });

  it('searches by name and pages with meta', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/buildings?query=${encodeURIComponent('ბათუმ')}&perpage=5`, headers: t.as(adminToken) });
    expect(res.json().data.map((b: { name: string }) => b.name)).toEqual(['ბათუმის ბულვარი']);
    expect(res.json().meta).toMatchObject({ total: 1, current_page: 1, last_page: 1, from: 1, to: 1, per_page: 5 });
  });
});
