import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { activityLogs, currencyRates } from '../../server/db/schema';
import { nbgClient, perUnit, type FetchRates } from '../../server/modules/currency/nbg';
import { multipart, startTestApp, type TestApp } from './harness';

const recorded = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'nbg-2026-11-20.json'), 'utf8'),
) as unknown;
const liveFetch = nbgClient.fetch;
const asked: string[] = [];
const recordedNbg: FetchRates = async (url) => {
  asked.push(url);
  return { ok: true, status: 200, json: async () => structuredClone(recorded) };
};

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  nbgClient.fetch = recordedNbg;
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterEach(() => {
  nbgClient.fetch = recordedNbg;
});
afterAll(async () => {
  nbgClient.fetch = liveFetch;
  await t.close();
});

const db = () => t.database.db;
const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const post = (url: string, payload: object, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token, locale) });
const stored = async (currency: string, date: string) =>
  (
    await db()
      .select()
      .from(currencyRates)
      .where(and(eq(currencyRates.currency, currency), eq(currencyRates.date, date)))
  )[0];

describe('rates from the National Bank of Georgia (POST /currency-rates/fetch)', () => {
  it('asks NBG for USD and EUR of each day; stores rates per one unit under the day they are valid from', async () => {
    asked.length = 0;
    const res = await post('/api/currency-rates/fetch', { date_from: '2026-11-20', date_to: '2026-11-20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fetched: 2 });
    expect(asked).toEqual([
      'https://nbg.gov.ge/gw/api/ct/monetarypolicy/currencies/en/json/?date=2026-11-20&currencies=USD&currencies=EUR',
    ]);
    expect(await stored('USD', '2026-11-20')).toMatchObject({ rate: '2.713500', source: 'nbg' });
    expect(await stored('EUR', '2026-11-20')).toMatchObject({ rate: '3.142700', source: 'nbg' });
  });

  it('answers 502 with a translated message when NBG cannot be reached, and stores nothing', async () => {
    nbgClient.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const res = await post(
      '/api/currency-rates/fetch',
      { date_from: '2019-05-01', date_to: '2019-05-02' },
      adminToken,
      'ka',
    );
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'საქართველოს ეროვნული ბანკის კურსების სერვისთან დაკავშირება ვერ მოხერხდა. ' +
        'სცადეთ მოგვიანებით ან შეიყვანეთ კურსი ხელით.',
    );
    nbgClient.fetch = async () => ({ ok: false, status: 503, json: async () => ({}) });
    expect(
      (await post('/api/currency-rates/fetch', { date_from: '2019-05-01', date_to: '2019-05-01' })).statusCode,
    ).toBe(502);
  });

  it('refuses a backwards or over-long range (422)', async () => {
    expect(
      (await post('/api/currency-rates/fetch', { date_from: '2026-11-20', date_to: '2026-11-19' })).json().errors
        .date_to,
    ).toEqual(['The end date is before the start date']);
    expect(
      (await post('/api/currency-rates/fetch', { date_from: '2024-01-01', date_to: '2026-01-01' })).statusCode,
    ).toBe(422);
  });

  it('NBG quotes some currencies per 10 or 100 units: the stored rate is per one', () => {
    expect(perUnit(2.7135, 1)).toBe('2.713500');
    expect(perUnit(1.8214, 100)).toBe('0.018214');
    expect(perUnit(3.7551, 10)).toBe('0.375510');
  });
});

describe('the rate of a day (GET /currency/...)', () => {
  it('a weekend or holiday answers the last published rate, with its date', async () => {
    await post('/api/currency-rates', { currency: 'USD', date: '2019-03-08', rate: '2.6800' });
    const sunday = await get('/api/currency/usd/2019-03-10');
    expect(sunday.statusCode, sunday.body).toBe(200);
    expect(sunday.json().data).toEqual({
      currency: 'USD',
      date: '2019-03-10',
      rate: '2.680000',
      rate_date: '2019-03-08',
      source: 'manual',
    });
    const same = await get('/api/currency/USD/2019-03-10');
    expect(same.json().data).toEqual(sunday.json().data);
    expect((await get('/api/currency/gel/2019-03-10')).json().data).toMatchObject({ rate: '1.000000' });
  });

  it('no rate on or before the day is a 404 saying so; GET /currency/usd is today’s (or the last) rate', async () => {
    const none = await get('/api/currency/eur/1990-01-01');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain('EUR');
    const today = await get('/api/currency/usd');
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json().data.rate_date <= today.json().data.date).toBe(true);
  });

  it('converts an amount between currencies at the day’s rates (POST /currency/convert)', async () => {
    await post('/api/currency-rates', { currency: 'USD', date: '2019-04-05', rate: '2.7000' });
    await post('/api/currency-rates', { currency: 'EUR', date: '2019-04-05', rate: '3.0000' });
    const res = await post('/api/currency/convert', { amount: 1000, from: 'USD', to: 'GEL', date: '2019-04-06' });
    expect(res.json().data).toEqual({
      amount: 1000,
      from: 'USD',
      to: 'GEL',
      date: '2019-04-06',
      rate: '2.70000000',
      result: 2700,
    });
    const cross = await post('/api/currency/convert', { amount: 100, from: 'EUR', to: 'USD', date: '2019-04-05' });
    expect(cross.json().data).toMatchObject({ rate: '1.11111111', result: 111.11 });
  });
});

describe('rates entered or imported by hand', () => {
  it('POST /currency-rates stores or replaces a day’s rate; only add_payments may write, everyone reads', async () => {
    expect((await post('/api/currency-rates', { currency: 'EUR', date: '2018-06-01', rate: 3.1 })).statusCode).toBe(
      201,
    );
    const res = await post('/api/currency-rates', { currency: 'EUR', date: '2018-06-01', rate: '3.1234' });
    expect(res.json().data).toMatchObject({ currency: 'EUR', date: '2018-06-01', rate: '3.123400', source: 'manual' });
    expect(await stored('EUR', '2018-06-01')).toMatchObject({ rate: '3.123400' });
    const lines = await t.database.db
      .select({ action: activityLogs.action, status: activityLogs.statusCode, complex: activityLogs.buildingId })
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'currency-rates'), eq(activityLogs.recordId, 'EUR:2018-06-01')));
    expect(lines).toEqual([
      { action: 'create', status: 201, complex: null },
      { action: 'create', status: 201, complex: null },
    ]);
    const bad = await post('/api/currency-rates', { currency: 'GEL', date: '2018-06-01', rate: '-1' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'rate']);
    // a rate is a lari amount for one unit:
    // a typing slip far outside it is refused, and its cross rates could not be kept
    for (const rate of ['0', '0.0001', '1000.01', '27000']) {
      const slip = await post('/api/currency-rates', { currency: 'USD', date: '2018-06-01', rate });
      expect(slip.statusCode, rate).toBe(422);
      expect(slip.json().errors, rate).toEqual({
        rate: ['A rate is between 0.01 and 1,000 lari for one unit of the currency'],
      });
    }
    for (const rate of ['0.01', '1000'])
      expect((await post('/api/currency-rates', { currency: 'USD', date: '2018-06-04', rate })).statusCode).toBe(201);
    const manager = await t.signIn('sales_manager@demo.ge');
    expect(
      (await post('/api/currency-rates', { currency: 'EUR', date: '2018-06-02', rate: '3' }, manager)).statusCode,
    ).toBe(403);
    const list = await get('/api/currency-rates?currency=EUR&date_from=2018-01-01&date_to=2018-12-31', manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ currency: 'EUR', date: '2018-06-01', rate: '3.123400' }),
    ]);
  });

  it('POST /currency-rates/import reads date, currency and rate from Excel, all or nothing', async () => {
    const sheet = async (rows: Array<[string, string, string]>) => {
      const workbook = new ExcelJS.Workbook();
      const ws = workbook.addWorksheet('rates');
      ws.addRow(['Date', 'Currency', 'Rate']);
      rows.forEach((r) => ws.addRow(r));
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const upload = async (data: Buffer) => {
      const body = multipart({}, { file: { filename: 'rates.xlsx', type: 'application/octet-stream', data } });
      return t.app.inject({
        method: 'POST',
        url: '/api/currency-rates/import',
        payload: body.payload,
        headers: { ...t.as(adminToken), ...body.headers },
      });
    };
    const broken = await upload(
      await sheet([
        ['2017-02-01', 'usd', '2.65'],
        ['2017-02-02', 'GBP', '3.3'],
      ]),
    );
    expect(broken.statusCode).toBe(422);
    expect(await stored('USD', '2017-02-01')).toBeUndefined();
    const ok = await upload(
      await sheet([
        ['2017-02-01', 'usd', '2.65'],
        ['2017-02-01', 'EUR', '2.8512'],
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toEqual({ imported: 2 });
    expect(await stored('USD', '2017-02-01')).toMatchObject({ rate: '2.650000', source: 'import' });
  });
});

describe('the background fetch', () => {
  it('with CURRENCY_FETCH on, the server stores today’s NBG rates on start; the tests leave it off', async () => {
    expect(t.config.currencyFetch).toBe(false);
    asked.length = 0;
    const other = await startTestApp({ CURRENCY_FETCH: 'on' });
    try {
      await vi.waitFor(() => expect(asked).toHaveLength(1), { timeout: 5000, interval: 100 });
      // the seeded rate of the day is from nbg too: wait for the fetched one (its write is a transaction)
      await vi.waitFor(
        async () => {
          const [row] = await other.database.db
            .select()
            .from(currencyRates)
            .where(and(eq(currencyRates.currency, 'USD'), eq(currencyRates.date, '2026-11-20')));
          expect(row).toMatchObject({ rate: '2.713500', source: 'nbg' });
        },
        { timeout: 5000, interval: 100 },
      );
    } finally {
      await other.close();
    }
  });
});
