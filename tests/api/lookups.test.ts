import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_TYPES,
  PROPERTY_STATES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PROPERTY_VIEWS,
} from '../../domain/inventory';
import { translate } from '../../i18n';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let nobodyToken: string;

beforeAll(async () => {
  t = await startTestApp();
  const adminToken = await t.signIn('admin@demo.ge');
  // Lookups are open to every signed-in user: this one holds no permission at all.
  nobodyToken = (await createStaff(t, adminToken, { permissions: [] })).token;
});
afterAll(() => t.close());

const get = (url: string, locale: string) => t.app.inject({ method: 'GET', url, headers: t.as(nobodyToken, locale) });

const LOOKUPS = [
  ['/api/property-statuses', PROPERTY_STATUSES, 'property_status'],
  ['/api/property-states', PROPERTY_STATES, 'property_state'],
  ['/api/property-types', PROPERTY_TYPES, 'property_type'],
  ['/api/property-views', PROPERTY_VIEWS, 'property_view'],
  ['/api/contract-types', CONTRACT_TYPES, 'contract_type'],
] as const;

describe('the lookups', () => {
  it('answer each vocabulary with its names in the request’s language', async () => {
    for (const [url, values, labels] of LOOKUPS) {
      for (const locale of ['ka', 'en', 'ru'] as const) {
        const res = await get(url, locale);
        expect(res.statusCode, url).toBe(200);
        expect(res.json().data).toEqual(values.map((id) => ({ id, name: translate(locale, `enums.${labels}.${id}`) })));
      }
    }
  });

  it('name the statuses as a user reads them', async () => {
    expect((await get('/api/property-statuses', 'en')).json().data).toEqual([
      { id: 'free', name: 'Free' },
      { id: 'pre_booked', name: 'Reserved' },
      { id: 'booked', name: 'Booked' },
      { id: 'sold', name: 'Sold' },
      { id: 'barter', name: 'Barter' },
      { id: 'not_for_sale', name: 'Not for sale' },
    ]);
    expect((await get('/api/property-statuses', 'ka')).json().data[0]).toEqual({ id: 'free', name: 'თავისუფალი' });
    expect((await get('/api/property-states', 'ru')).json().data[0]).toEqual({
      id: 'black_frame',
      name: 'Чёрный каркас',
    });
  });

  it('GET /getEnums answers them all at once, with the currencies', async () => {
    const res = await get('/api/getEnums', 'ka');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'contract_types',
      'currencies',
      'property_states',
      'property_statuses',
      'property_types',
      'property_views',
    ]);
    expect(data.property_types.find((t: { id: string }) => t.id === 'apartment').name).toBe('ბინა');
    expect(data.currencies).toEqual([
      { id: 'GEL', name: 'GEL' },
      { id: 'USD', name: 'USD' },
      { id: 'EUR', name: 'EUR' },
    ]);
    const english = (await get('/api/getEnums', 'en')).json().data;
    expect(english.contract_types.map((c: { name: string }) => c.name)).toEqual([
      'Full payment',
      'Installments',
      'Mortgage',
      'Barter',
    ]);
  });

  it('are closed to anyone not signed in', async () => {
    for (const url of ['/api/getEnums', ...LOOKUPS.map(([u]) => u)]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'content-language': 'en' } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
