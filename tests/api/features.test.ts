import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  buildings,
  properties,
  propertyFeatureGroups,
  propertyFeatureLinks,
  propertyFeatures,
} from '../../server/db/schema';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
let registrarToken: string;

beforeAll(async () => {
  t = await startTestApp();
  [adminToken, registrarToken] = await Promise.all([t.signIn('admin@demo.ge'), t.signIn('property_registrar@demo.ge')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken, locale = 'en') =>
  t.app.inject({ method, url, payload, headers: t.as(token, locale) });
const unique = () => randomUUID().slice(0, 6);

interface Group {
  id: number;
  name: string;
  name_ka: string;
  features: Array<{ id: number; name: string; properties_count: number }>;
}

const addGroup = async (fields: Record<string, unknown>, token = adminToken) => {
  const res = await send('POST', '/api/property-feature-groups', fields, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Group;
};
const addFeature = async (fields: Record<string, unknown>, token = adminToken) => {
  const res = await send('POST', '/api/property-features', fields, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string; group_id: number | null; group_name: string | null };
};
const aUnit = async () => {
  const [building] = await db()
    .insert(buildings)
    .values({ name: `Features complex ${unique()}` })
    .returning();
  return (
    await db().insert(properties).values({ buildingId: building.id, no: '1', floor: 1, area: '50.00' }).returning()
  )[0];
};

describe('feature groups and features', () => {
  it('a registrar builds a group with features; /features reads them grouped, in the reader’s language', async () => {
    const group = await addGroup(
      { name_ka: `აივანი და ტერასა ${unique()}`, name_en: 'Balcony and terrace', name_ru: 'Балкон и терраса' },
      registrarToken,
    );
    const terrace = await addFeature(
      { name_ka: 'ტერასა', name_en: 'Terrace', name_ru: 'Терраса', group_id: group.id },
      registrarToken,
    );
    const loggia = await addFeature({ name_ka: 'ლოჯია', group_id: group.id }, registrarToken);
    expect(terrace).toMatchObject({ name: 'Terrace', group_id: group.id, group_name: 'Balcony and terrace' });

    const page = await get('/api/property-feature-groups?perpage=0', registrarToken, 'ru');
    const listed = (page.json().data as Group[]).find((g) => g.id === group.id)!;
    expect(listed).toMatchObject({
      name: 'Балкон и терраса',
      features: [
        { id: terrace.id, name: 'Терраса', properties_count: 0 },
        { id: loggia.id, name: 'ლოჯია', properties_count: 0 },
      ],
    });
    expect(page.json().meta.total).toBe(await db().$count(propertyFeatureGroups));

    const features = await get(`/api/property-features?group_id=${group.id}`, registrarToken, 'ka');
    expect(features.json().data.map((f: { name: string }) => f.name)).toEqual(['ტერასა', 'ლოჯია']);
    expect((await get(`/api/property-feature-groups/${group.id}`)).json().data.features).toHaveLength(2);
  });

  it('renames a group and a feature, moves a feature to another group, by PUT and POST with _method=PUT', async () => {
    const first = await addGroup({ name_ka: `ხედი ${unique()}` });
    const second = await addGroup({ name_ka: `ინფრასტრუქტურა ${unique()}` });
    const feature = await addFeature({ name_ka: 'ზღვის ხედი', group_id: first.id });
    const renamed = await send('PUT', `/api/property-feature-groups/${first.id}`, { name_en: 'Views' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Views', name_ka: first.name_ka });

    const form = multipart({ _method: 'PUT', name_ka: 'ზღვის ხედი', name_en: 'Sea view', group_id: String(second.id) });
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/property-features/${feature.id}`,
      payload: form.payload,
      headers: { ...t.as(adminToken), ...form.headers },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await db().select().from(propertyFeatures).where(eq(propertyFeatures.id, feature.id)))[0]).toMatchObject({
      groupId: second.id,
      nameEn: 'Sea view',
    });
  });

  it('needs a Georgian name, a group that exists, and no second feature of the same name in a group', async () => {
    const before = await db().$count(propertyFeatures);
    const nameless = await send('POST', '/api/property-features', { name_en: 'Garden' });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors).toEqual({ name_ka: ['required field'] });
    const lost = await send('POST', '/api/property-features', { name_ka: 'ბაღი', group_id: 987654 });
    expect(lost.json().errors).toEqual({ group_id: ['There is no such feature group'] });

    const group = await addGroup({ name_ka: `ეზო ${unique()}` });
    await addFeature({ name_ka: 'ბაღი', group_id: group.id });
    const twice = await send('POST', '/api/property-features', { name_ka: 'ბაღი', group_id: group.id });
    expect(twice.json().errors).toEqual({ name_ka: ['This group already has a feature with this name'] });
    const groupTwice = await send('POST', '/api/property-feature-groups', { name_ka: group.name_ka.toUpperCase() });
    expect(groupTwice.json().errors).toEqual({ name_ka: ['A group with this name already exists'] });
    expect(await db().$count(propertyFeatures)).toBe(before + 1);
  });

  it('deleting a feature takes it off the units that carry it; deleting a group takes its features too', async () => {
    const unit = await aUnit();
    const group = await addGroup({ name_ka: `ტექნიკა ${unique()}` });
    const lift = await addFeature({ name_ka: 'ლიფტი', group_id: group.id });
    const heating = await addFeature({ name_ka: 'ცენტრალური გათბობა', group_id: group.id });
    await db()
      .insert(propertyFeatureLinks)
      .values([
        { propertyId: unit.id, featureId: lift.id },
        { propertyId: unit.id, featureId: heating.id },
      ]);
    const counted = await get(`/api/property-feature-groups/${group.id}`);
    expect(counted.json().data.features.map((f: { properties_count: number }) => f.properties_count)).toEqual([1, 1]);

    expect((await send('DELETE', `/api/property-features/${lift.id}`)).statusCode).toBe(200);
    expect(
      (await db().select().from(propertyFeatureLinks).where(eq(propertyFeatureLinks.propertyId, unit.id))).map(
        (l) => l.featureId,
      ),
    ).toEqual([heating.id]);

    expect((await send('DELETE', `/api/property-feature-groups/${group.id}`)).statusCode).toBe(200);
    expect(await db().$count(propertyFeatures, eq(propertyFeatures.groupId, group.id))).toBe(0);
    expect(await db().$count(propertyFeatureLinks, eq(propertyFeatureLinks.propertyId, unit.id))).toBe(0);
    expect((await send('DELETE', `/api/property-feature-groups/${group.id}`)).statusCode).toBe(404);
    expect((await get(`/api/property-features/${lift.id}`)).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('a client manager may neither read nor change features', async () => {
    const clientManager = await t.signIn('client_manager@demo.ge');
    expect((await get('/api/property-feature-groups', clientManager)).statusCode).toBe(403);
    expect((await send('POST', '/api/property-feature-groups', { name_ka: 'x' }, clientManager)).statusCode).toBe(403);
    expect((await send('POST', '/api/property-features', { name_ka: 'x' }, clientManager)).statusCode).toBe(403);
  });

  it('whoever adds or edits units reads the features to tick on the unit form, without managing them', async () => {
    const unitEditor = await createStaff(t, adminToken, { permissions: ['edit_properties'] });
    expect((await get('/api/property-features', unitEditor.token)).statusCode).toBe(200);
    expect((await send('POST', '/api/property-features', { name_ka: 'ბუხარი' }, unitEditor.token)).statusCode).toBe(
      403,
    );
    const group = await addGroup({ name_ka: `სხვა ${unique()}` });
    expect(
      (await send('DELETE', `/api/property-feature-groups/${group.id}`, undefined, unitEditor.token)).statusCode,
    ).toBe(403);
  });
});
