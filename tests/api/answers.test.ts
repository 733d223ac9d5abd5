import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The API's own documentation and the downloads (files, Excel templates) answer files, not JSON. */
const answersAFile = (url: string) =>
  url.startsWith('/api/docs') || url === '/api/files/*' || url.endsWith('/template');

describe('declared answers', () => {
  it('every /api operation declares its 2xx answer', () => {
    const operations = t.app.routeTable.filter((r) => r.url.startsWith('/api') && !answersAFile(r.url));
    const declares = (r: (typeof operations)[number]) =>
      Object.keys((r.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {}).some((status) =>
        status.startsWith('2'),
      );
    expect(operations.length).toBeGreaterThan(100);
    expect(
      operations.filter((r) => !declares(r)).map((r) => `${r.method} ${r.url}`),
      'declare these',
    ).toEqual([]);
  });

  it('answers a lookup as declared: codes and names in the language asked for', async () => {
    const token = await t.signIn('admin@demo.ge');
    const statuses = await t.app.inject({ url: '/api/property-statuses', headers: t.as(token, 'en') });
    expect(statuses.statusCode).toBe(200);
    expect(statuses.json().data).toContainEqual({ id: 'free', name: expect.any(String) });
    const enums = await t.app.inject({ url: '/api/getEnums', headers: t.as(token, 'ka') });
    expect(Object.keys(enums.json().data).sort()).toEqual(
      [
        'contract_types',
        'currencies',
        'property_states',
        'property_statuses',
        'property_types',
        'property_views',
      ].sort(),
    );
    expect(enums.json().data.currencies).toEqual([
      { id: 'GEL', name: 'GEL' },
      { id: 'USD', name: 'USD' },
      { id: 'EUR', name: 'EUR' },
    ]);
  });
});
