import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  // Any signed-in user: a role that grants nothing at all.
  token = (await createStaff(t, await t.signIn('admin@demo.ge'), { permissions: [] })).token;
});
afterAll(() => t.close());

interface Country {
  id: number;
  name_en: string;
  name_ka: string;
  code_iso2: string;
  code_iso3: string;
  code_phone: string;
}

const countries = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: t.as(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as Country[];
};

describe('the countries lookup (GET /location/countries, GET /countries)', () => {
  it('answers the same 198 countries at both addresses to any signed-in user, nothing to anonymous ones', async () => {
    const list = await countries('/api/location/countries');
    expect(list).toHaveLength(198);
    expect(await countries('/api/countries')).toEqual(list);
    expect((await t.app.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(401);
  });

  it('carries the Georgian and English names, ISO codes and the dialling code of each', async () => {
    const list = await countries('/api/countries');
    const byCode = new Map(list.map((c) => [c.code_iso2, c]));
    expect(byCode.get('GE')).toEqual({
      id: 268,
      name_en: 'Georgia',
      name_ka: 'საქართველო',
      name_ru: 'Грузия',
      code_iso2: 'GE',
      code_iso3: 'GEO',
      code_phone: '+995',
    });
    expect(byCode.get('DE')).toMatchObject({ name_ka: 'გერმანია', code_iso3: 'DEU', code_phone: '+49' });
    expect(byCode.get('UA')).toMatchObject({ name_en: 'Ukraine', name_ka: 'უკრაინა', code_phone: '+380' });
    expect(byCode.get('US')).toMatchObject({ name_en: 'United States', code_phone: '+1' });
    for (const c of list) {
      expect(c.code_iso2).toMatch(/^[A-Z]{2}$/);
      expect(c.code_iso3).toMatch(/^[A-Z]{3}$/);
      expect(c.code_phone).toMatch(/^\+\d{1,4}$/);
      expect(c.name_ka).toMatch(/^[\u10D0-\u10FF]/);
      expect(c.name_en.length).toBeGreaterThan(2);
    }
    for (const key of ['id', 'code_iso2', 'code_iso3'] as const)
      expect(new Set(list.map((c) => c[key])).size).toBe(198);
  });

  it('holds the UN members and observers plus Taiwan, Hong Kong and Macao, and no dependent territory', async () => {
    const codes = new Set((await countries('/api/countries')).map((c) => c.code_iso2));
    for (const code of ['GE', 'AM', 'AZ', 'TR', 'IL', 'KZ', 'SS', 'VA', 'PS', 'TW', 'HK', 'MO'])
      expect(codes.has(code), code).toBe(true);
    for (const code of ['PR', 'GL', 'GI', 'FO', 'AQ', 'EH', 'XK', 'CK', 'NU'])
      expect(codes.has(code), code).toBe(false);
  });

  it('is sorted by the Georgian name', async () => {
    const names = (await countries('/api/countries')).map((c) => c.name_ka);
    expect(names).toEqual([...names].sort(new Intl.Collator('ka').compare));
    expect(names[0]).toBe('ავსტრალია');
  });
});
