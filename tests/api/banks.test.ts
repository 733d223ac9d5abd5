import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ensureBanks } from '../../server/db/bootstrap';
import { activityLogs, bankAccounts, banks, buildings } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const send = (method: 'POST' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });
const bankByCode = async (code: string) => (await db().select().from(banks).where(eq(banks.code, code)))[0];

/** The 15 Georgian banks in their order, with IBAN code and SWIFT. */
const DESIGN_BANKS = [
  ['Bank of Georgia', 'BG', 'BAGAGE22'],
  ['TBC Bank', 'TB', 'TBCBGE22'],
  ['Liberty Bank', 'LB', 'LBRTGE22'],
  ['Credo Bank', 'CD', 'JSCRGE22'],
  ['ProCredit Bank', 'PC', 'MIBGGE22'],
  ['Basisbank', 'BS', 'CBASGE22'],
  ['Cartu Bank', 'CR', 'CRTUGE22'],
  ['Terabank', 'KS', 'TEBAGE22'],
  ['Halyk Bank Georgia', 'HB', 'HABGGE22'],
  ['Silk Road Bank', 'BT', 'DISNGE22'],
  ['VTB Bank Georgia', 'VT', 'UGEBGE22'],
  ['Ziraat Bank Georgia', 'ZB', 'TCZBGE22'],
  ['PASHA Bank Georgia', 'PB', 'PAHAGE22'],
  ['Isbank Georgia', 'IS', 'ISBKGE22'],
  ['Paysera Georgia', 'PS', 'PSRAGE22'],
];

describe('the banks list (GET /banks)', () => {
  it('holds the 15 Georgian banks from the first start, with their SWIFT and IBAN codes, all on one page', async () => {
    const res = await get('/api/banks');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{
      title_en: string;
      iban_code: string;
      code: string;
      title: string;
      name: string;
    }>;
    expect(rows.map((b) => [b.title_en, b.iban_code, b.code])).toEqual(DESIGN_BANKS);
    expect(res.json().meta).toMatchObject({ total: 15, current_page: 1, last_page: 1 });
    expect(rows[1]).toMatchObject({ title: 'თიბისი ბანკი', name: 'TBC Bank' });
  });

  it('names each bank in the reader language: Georgian title for ka', async () => {
    const res = await get('/api/banks?query=TBCB', adminToken, 'ka');
    expect(res.json().data).toEqual([expect.objectContaining({ name: 'თიბისი ბანკი', code: 'TBCBGE22' })]);
  });

  it('is open to every signed-in user, even one whose role grants nothing', async () => {
    const nobody = await createStaff(t, adminToken, { permissions: [] });
    const res = await get('/api/banks', nobody.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(15);
    expect((await t.app.inject({ method: 'GET', url: '/api/banks' })).statusCode).toBe(401);
  });

  it('searches by title or code and pages when asked', async () => {
    expect(
      (await get(`/api/banks?query=${encodeURIComponent('ბანკი საქართველო')}`))
        .json()
        .data.map((b: { iban_code: string }) => b.iban_code),
    ).toEqual(['HB', 'ZB', 'PB', 'IS']);
    const page = await get('/api/banks?perpage=5&page=3&sort=code');
    expect(page.json().meta).toMatchObject({ total: 15, from: 11, to: 15, last_page: 3 });
  });

  it('ensureBanks on every start adds nothing twice and does not bring back a bank an admin deleted', async () => {
    await ensureBanks(db());
    await ensureBanks(db());
    expect(await db().$count(banks)).toBe(15);
    const paysera = await bankByCode('PSRAGE22');
    expect((await send('DELETE', `/api/banks/${paysera.id}`)).statusCode).toBe(200);
    await ensureBanks(db());
    expect(await bankByCode('PSRAGE22')).toBeUndefined();
    await db()
      .insert(banks)
      .values({ title: 'პეისერა საქართველო', titleEn: 'Paysera Georgia', code: 'PSRAGE22', ibanCode: 'PS' });
  });
});

describe('adding a bank (POST /banks, the bank dialog)', () => {
  it('adds a bank; codes typed in lower case are stored in upper case', async () => {
    const res = await send('POST', '/api/banks', {
      title: 'ტესტ ბანკი',
      title_en: 'Test Bank',
      code: 'tstbge22xxx',
      iban_code: 'tt',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'ტესტ ბანკი',
      title_en: 'Test Bank',
      name: 'Test Bank',
      code: 'TSTBGE22XXX',
      iban_code: 'TT',
      accounts_count: 0,
    });
    expect(await bankByCode('TSTBGE22XXX')).toMatchObject({ title: 'ტესტ ბანკი', ibanCode: 'TT' });
    expect((await get('/api/banks')).json().data).toHaveLength(16);
  });

  it('refuses a wrong SWIFT code, a wrong IBAN bank code and an empty title, in English, writing nothing', async () => {
    const res = await send('POST', '/api/banks', { title: '', code: 'TBCB-GE22', iban_code: 'T1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The data is invalid. Check the marked fields.',
      errors: {
        title: ['required field'],
        code: ['A SWIFT code has 8 or 11 letters and digits, e.g. TBCBGE22'],
        iban_code: ['The IBAN bank code is 2 letters, e.g. TB'],
      },
    });
    const short = await send('POST', '/api/banks', { title: 'მოკლე', code: 'TBCBGE2', iban_code: 'ABC' });
    expect(short.json().errors).toEqual({
      code: ['A SWIFT code has 8 or 11 letters and digits, e.g. TBCBGE22'],
      iban_code: ['The IBAN bank code is 2 letters, e.g. TB'],
    });
    const missing = await send('POST', '/api/banks', { title: 'უკოდო' });
    expect(missing.json().errors).toEqual({ code: ['required field'], iban_code: ['required field'] });
    expect(await db().$count(banks)).toBe(16);
  });

  it('refuses codes another bank already has, naming that bank', async () => {
    const res = await send('POST', '/api/banks', { title: 'ასლი', code: 'TBCBGE22', iban_code: 'BG' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: ['This SWIFT code is already used by TBC Bank'],
      iban_code: ['This IBAN bank code is already used by Bank of Georgia'],
    });
  });

  it('needs add_banks', async () => {
    const accountant = await t.signIn('accountant@demo.ge');
    const res = await send('POST', '/api/banks', { title: 'არა', code: 'NOPEGE22', iban_code: 'NO' }, accountant);
    expect(res.statusCode).toBe(403);
    expect(await bankByCode('NOPEGE22')).toBeUndefined();
  });
});

describe('deleting a bank (DELETE /banks/{id})', () => {
  it('refuses a bank an account uses (409 naming it) and deletes an unused one', async () => {
    const [building] = await db().select().from(buildings).orderBy(asc(buildings.id)).limit(1);
    const liberty = await bankByCode('LBRTGE22');
    await db()
      .insert(bankAccounts)
      .values({ buildingId: building.id, bankId: liberty.id, iban: 'GE00LB0000000000000000' });
    const used = await db().$count(bankAccounts, eq(bankAccounts.bankId, liberty.id));
    const refused = await send('DELETE', `/api/banks/${liberty.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Liberty Bank cannot be deleted: bank accounts use it (${used})`);
    expect(await bankByCode('LBRTGE22')).toBeDefined();
    expect((await get('/api/banks?query=LBRT')).json().data[0].accounts_count).toBe(used);

    const test = await bankByCode('TSTBGE22XXX');
    const res = await send('DELETE', `/api/banks/${test.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Record deleted successfully');
    expect(await bankByCode('TSTBGE22XXX')).toBeUndefined();
    expect((await send('DELETE', `/api/banks/${test.id}`)).statusCode).toBe(404);
  });

  it('needs delete_banks', async () => {
    const adder = await createStaff(t, adminToken, { permissions: ['add_banks'] });
    const cartu = await bankByCode('CRTUGE22');
    expect((await send('DELETE', `/api/banks/${cartu.id}`, undefined, adder.token)).statusCode).toBe(403);
    expect(await bankByCode('CRTUGE22')).toBeDefined();
  });
});

describe('the activity log of a bank', () => {
  it('a deleted bank has its line, of no complex', async () => {
    const [bank] = await db()
      .insert(banks)
      .values({ title: 'ჩანაწერის ბანკი', code: 'LOGGEDXX', ibanCode: 'LG' })
      .returning();
    expect((await send('DELETE', `/api/banks/${bank.id}`)).statusCode).toBe(200);
    const lines = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'banks'), eq(activityLogs.recordId, String(bank.id))));
    expect(lines.map((l) => [l.action, l.statusCode, l.buildingId, l.oldValues])).toEqual([
      ['delete', 200, null, null],
    ]);
  });
});
