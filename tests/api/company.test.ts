import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { activityLogs, buildings, companies } from '../../server/db/schema';
import { createStaff, multipart, PNG, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const db = () => t.database.db;
const theCompany = async () => (await db().select().from(companies).orderBy(asc(companies.id)))[0];
const storedLogos = () => {
  const dir = path.join(t.config.filesDir, 'logos');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const getCompany = (token = adminToken) => t.app.inject({ method: 'GET', url: '/api/company', headers: t.as(token) });
const saveCompany = (form: ReturnType<typeof multipart>, token = adminToken, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/company',
    payload: form.payload,
    headers: { ...t.as(token, locale), ...form.headers },
  });

/** The company's activity-log lines: action, status, complex, old values. */
const linesOf = async (id: number) =>
  (await db().select().from(activityLogs).where(eq(activityLogs.recordType, 'company')).orderBy(asc(activityLogs.id)))
    .filter((l) => l.recordId === String(id))
    .map((l) => [l.action, l.statusCode, l.buildingId, l.oldValues]);

const DEMO_FIELDS = {
  name: 'შპს „ახალი ქალაქი“',
  identification_code: '405123456',
  director: 'ნინო ბერიძე',
  director_pid: '01001012345',
  phone: '+995 32 2 123 456',
  email: 'info@demo.ge',
  address: 'თბილისი, ჭავჭავაძის გამზ. 37',
};

describe('the company page', () => {
  it('shows the demo company to a user who may view it', async () => {
    const res = await getCompany();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...DEMO_FIELDS, logo_url: null });
  });

  it('saves the form with a logo, and the logo is served through its signed URL', async () => {
    const res = await saveCompany(
      multipart(
        { ...DEMO_FIELDS, name: 'შპს „ახალი ქალაქი 2“', phone: '+995 555 12 34 56' },
        { logo: { filename: 'logo.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Record updated successfully');
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'შპს „ახალი ქალაქი 2“', phone: '+995 555 12 34 56' });
    expect(data.logo_url).toMatch(/^\/api\/files\/logos\/[\w-]+\.png\?expires=\d+&signature=[\w-]+$/);
    const image = await t.app.inject({ method: 'GET', url: data.logo_url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const row = await theCompany();
    expect(row).toMatchObject({
      name: 'შპს „ახალი ქალაქი 2“',
      phone: '+995 555 12 34 56',
      identificationCode: '405123456',
    });
    expect(row.logoPath).toMatch(/^logos\/.+\.png$/);
    expect(await db().$count(companies)).toBe(1);
    expect((await getCompany()).json().data.logo_url).toMatch(/^\/api\/files\/logos\//);
  });

  it('replaces the logo (the old file goes) and removes it on request', async () => {
    const before = storedLogos();
    expect(before).toHaveLength(1);
    await saveCompany(
      multipart({ name: DEMO_FIELDS.name }, { logo: { filename: 'new.png', type: 'image/png', data: PNG } }),
    );
    const after = storedLogos();
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    const removed = await saveCompany(multipart({ name: DEMO_FIELDS.name, remove_logo: 'true' }));
    expect(removed.json().data.logo_url).toBeNull();
    expect(storedLogos()).toEqual([]);
    expect((await theCompany()).logoPath).toBeNull();
  });

  it('a save of the company records its line, as a create of no complex', async () => {
    const { id } = await theCompany();
    const before = (await linesOf(id)).length;
    const res = await saveCompany(multipart(DEMO_FIELDS));
    expect(res.statusCode, res.body).toBe(200);
    expect((await linesOf(id)).slice(before)).toEqual([['create', 200, null, null]]);
  });

  it('clears a field sent empty and keeps the fields not sent', async () => {
    const res = await saveCompany(multipart({ name: DEMO_FIELDS.name, address: '' }));
    expect(res.json().data).toMatchObject({ address: null, director: DEMO_FIELDS.director, email: DEMO_FIELDS.email });
  });

  it('refuses bad input with the validation messages, in English, and changes nothing', async () => {
    const before = await theCompany();
    const res = await saveCompany(
      multipart(
        { name: ' ', email: 'info@demo', director_pid: '0100101234', identification_code: '12345', phone: 'call me' },
        { logo: { filename: 'logo.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The data is invalid. Check the marked fields.',
      errors: {
        name: ['required field'],
        email: ['invalid email format'],
        director_pid: ['Personal number must be exactly 11 digits'],
        identification_code: ['The identification code is 9 digits (11 for an individual entrepreneur)'],
        phone: ['wrong format'],
      },
    });
    expect(await theCompany()).toEqual(before);
    expect(storedLogos()).toEqual([]);
  });

  it('refuses a logo that is not an image, on the logo field, and writes nothing', async () => {
    const before = await theCompany();
    const res = await saveCompany(
      multipart(
        { name: 'Renamed' },
        { logo: { filename: 'logo.png', type: 'image/png', data: Buffer.from('not a png') } },
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ logo: ['this file type is not allowed'] });
    expect(await theCompany()).toEqual(before);
  });

  it('answers in Georgian by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      payload: { name: 'X', director_pid: '1' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.json().errors.director_pid).toEqual(['პირადი ნომერი უნდა შედგებოდეს ზუსტად 11 ციფრისგან']);
  });

  it('lets a user with view_general_company read but not save; others may not even read', async () => {
    const reader = await createStaff(t, adminToken, { permissions: ['view_general_company'] });
    expect((await getCompany(reader.token)).statusCode).toBe(200);
    const refused = await saveCompany(multipart({ name: 'Taken over' }), reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission for this action');
    const registrar = await t.signIn('property_registrar@demo.ge');
    expect((await getCompany(registrar)).statusCode).toBe(403);
    expect((await theCompany()).name).not.toBe('Taken over');
  });

  it('creates the company when there is none yet (201), and new buildings belong to it', async () => {
    await db().update(buildings).set({ companyId: null });
    await db().delete(companies);
    expect((await getCompany()).json()).toEqual({ data: null });
    const res = await saveCompany(multipart({ name: 'შპს „მშენებელი“', identification_code: '01234567890' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'შპს „მშენებელი“',
      identification_code: '01234567890',
      director: null,
    });
    expect(await db().$count(companies)).toBe(1);
    expect(await linesOf(res.json().data.id)).toEqual([['create', 201, null, null]]);
    const building = await t.app.inject({
      method: 'POST',
      url: '/api/buildings',
      payload: { name: 'კომპანიის შენობა' },
      headers: t.as(adminToken),
    });
    expect(building.json().data).toMatchObject({ company_id: res.json().data.id, company_name: 'შპს „მშენებელი“' });
  });
});
