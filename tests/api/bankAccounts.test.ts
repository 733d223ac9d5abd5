import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bankAccounts, banks, blocks, buildings } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
let vake: number;
let saburtalo: number;
let tbc: { id: number };
let bog: { id: number };
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  [vake, saburtalo] = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)).map(
    (b) => b.id,
  );
  [tbc] = await db().select().from(banks).where(eq(banks.ibanCode, 'TB'));
  [bog] = await db().select().from(banks).where(eq(banks.ibanCode, 'BG'));
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });
const accountCount = () => db().$count(bankAccounts);

/** ISO 13616 check digits, worked out here (BigInt mod 97) rather than by the code under test. */
const iban = (bankCode: string, account: string) => {
  const digits = `${bankCode}${account}GE00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return `GE${String(98n - (BigInt(digits) % 97n)).padStart(2, '0')}${bankCode}${account}`;
};
let serial = 0;
const nextAccount = () => String(7_000_000_000_000_000 + ++serial * 137);
const newBlock = async (buildingId: number, name: string) =>
  (await db().insert(blocks).values({ buildingId, name, floors: 5 }).returning())[0];

describe('adding a bank account (POST /bank-accounts)', () => {
  it("adds a complex's general account with GEL, USD and EUR IBANs, stored as typed but without spaces", async () => {
    const gel = iban('TB', nextAccount());
    const spaced = gel.toLowerCase().replace(/(.{4})/g, '$1 ');
    const res = await send('POST', '/api/bank-accounts', {
      building_id: vake,
      block_id: '',
      bank_id: tbc.id,
      iban: spaced,
      iban_usd: gel,
      iban_eur: gel,
      mediator_bank_usd: 'Citibank N.A., New York, SWIFT CITIUS33',
      mediator_bank_eur: 'Commerzbank AG, Frankfurt, SWIFT COBADEFF',
      branch: 'ვაკის ფილიალი',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      building_id: vake,
      building_name: 'ვაკის პარკი',
      block_id: null,
      block_name: null,
      bank_name: 'TBC Bank',
      iban: gel,
      local_currency: 'GEL',
      iban_usd: gel,
      mediator_bank_usd: 'Citibank N.A., New York, SWIFT CITIUS33',
      branch: 'ვაკის ფილიალი',
    });
    const [row] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, res.json().data.id));
    expect(row).toMatchObject({
      buildingId: vake,
      blockId: null,
      bankId: tbc.id,
      iban: gel,
      ibanEur: gel,
      localCurrency: 'GEL',
    });
  });

  it('adds an account of one block, and only an EUR IBAN is enough', async () => {
    const block = await newBlock(vake, 'ანგარიშის ბლოკი');
    const eur = iban('BG', nextAccount());
    const res = await send('POST', '/api/bank-accounts', {
      building_id: vake,
      block_id: block.id,
      bank_id: bog.id,
      iban_eur: eur,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      block_id: block.id,
      block_name: 'ანგარიშის ბლოკი',
      bank_name: 'Bank of Georgia',
      iban: null,
      iban_eur: eur,
    });
  });

  it('refuses a wrong IBAN shape and wrong check digits, each on its field, in English; writes nothing', async () => {
    const before = await accountCount();
    const good = iban('TB', nextAccount());
    const wrongCheck = `GE${good.slice(2, 4) === '11' ? '12' : '11'}${good.slice(4)}`;
    const res = await send('POST', '/api/bank-accounts', {
      building_id: vake,
      bank_id: tbc.id,
      iban: 'GE12TB123',
      iban_usd: wrongCheck,
      iban_eur: 'DE89370400440532013000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The data is invalid. Check the marked fields.',
      errors: {
        iban: ['A Georgian IBAN is GE, 2 check digits, the 2-letter bank code and 16 digits (22 characters)'],
        iban_usd: ['The IBAN check digits are wrong: check the number for a typo'],
        iban_eur: ['A Georgian IBAN is GE, 2 check digits, the 2-letter bank code and 16 digits (22 characters)'],
      },
    });
    expect(await accountCount()).toBe(before);
  });

  it('refuses an IBAN of another bank than the one chosen, saying whose code it should carry', async () => {
    const before = await accountCount();
    const res = await send('POST', '/api/bank-accounts', {
      building_id: vake,
      bank_id: tbc.id,
      iban: iban('BG', nextAccount()),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      iban: ['This IBAN belongs to another bank: an IBAN of TBC Bank has the bank code TB'],
    });
    expect(await accountCount()).toBe(before);
  });

  it('asks for at least one IBAN, a building and a bank', async () => {
    const res = await send('POST', '/api/bank-accounts', { branch: 'ცარიელი' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ building_id: ['required field'], bank_id: ['required field'] });
    const noIban = await send('POST', '/api/bank-accounts', {
      building_id: vake,
      bank_id: tbc.id,
      iban: ' ',
      iban_usd: '',
    });
    expect(noIban.json().errors).toEqual({ iban: ['Enter at least one IBAN (GEL, USD or EUR)'] });
  });

  it('refuses a block of another complex and a bank that does not exist', async () => {
    const otherBlock = await newBlock(saburtalo, 'სხვისი ბლოკი');
    const before = await accountCount();
    const res = await send('POST', '/api/bank-accounts', {
      building_id: vake,
      block_id: otherBlock.id,
      bank_id: 99999,
      iban: iban('TB', nextAccount()),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      block_id: ['This block does not belong to the building'],
      bank_id: ['No such bank'],
    });
    expect(await accountCount()).toBe(before);
  });

  it('needs add_bank_accounts', async () => {
    const accountant = await t.signIn('accountant@demo.ge');
    const res = await send(
      'POST',
      '/api/bank-accounts',
      { building_id: vake, bank_id: tbc.id, iban: iban('TB', nextAccount()) },
      accountant,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('the bank accounts list (GET /bank-accounts)', () => {
  it('lists every account of the complexes the user sees, by building, general ones first, then by block', async () => {
    const res = await get('/api/bank-accounts?perpage=0');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ building_name: string; building_id: number; block_name: string | null }>;
    expect(rows.length).toBe(await accountCount());
    expect(res.json().meta.total).toBe(rows.length);
    // Grouped: each building's accounts together, its general ones first, then each block's together.
    const runs = (keys: string[]) => keys.filter((key, i) => i === 0 || keys[i - 1] !== key);
    const buildingRuns = runs(rows.map((r) => String(r.building_id)));
    expect(buildingRuns).toEqual([...new Set(buildingRuns)]);
    for (const buildingId of new Set(rows.map((r) => r.building_id))) {
      const mine = rows.filter((r) => r.building_id === buildingId).map((r) => r.block_name ?? '');
      const firstBlock = mine.findIndex((name) => name !== '');
      if (firstBlock >= 0) expect(mine.slice(firstBlock)).not.toContain('');
      expect(runs(mine)).toEqual([...new Set(mine)]);
    }
  });

  it('filters by building, and names banks in Georgian for ka', async () => {
    const res = await get(`/api/bank-accounts?perpage=0&building_id=${vake}`, adminToken, 'ka');
    const rows = res.json().data as Array<{ building_id: number; bank_name: string; bank_id: number }>;
    expect(rows.length).toBe(await db().$count(bankAccounts, eq(bankAccounts.buildingId, vake)));
    expect(new Set(rows.map((r) => r.building_id))).toEqual(new Set([vake]));
    expect(rows.find((r) => r.bank_id === tbc.id)?.bank_name).toBe('თიბისი ბანკი');
  });

  it('is open to any signed-in user, within their building scope: none assigned, none seen', async () => {
    const nobody = await createStaff(t, adminToken, { permissions: [] });
    const res = await get('/api/bank-accounts', nobody.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('building scope on bank accounts', () => {
  it("the property registrar sees only the first complex's accounts; another is 404 whatever the call", async () => {
    const registrar = await t.signIn('property_registrar@demo.ge');
    const seen = (await get('/api/bank-accounts?perpage=0', registrar)).json().data as Array<{ building_id: number }>;
    expect(seen.length).toBe(await db().$count(bankAccounts, eq(bankAccounts.buildingId, vake)));
    expect(new Set(seen.map((a) => a.building_id))).toEqual(new Set([vake]));

    expect((await get(`/api/bank-accounts?building_id=${saburtalo}`, registrar)).statusCode).toBe(404);

    const [othersAccount] = await db()
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.buildingId, saburtalo))
      .limit(1);
    const accountId =
      othersAccount?.id ??
      (
        await db()
          .insert(bankAccounts)
          .values({ buildingId: saburtalo, bankId: tbc.id, iban: iban('TB', nextAccount()) })
          .returning()
      )[0].id;
    const deleter = await createStaff(t, adminToken, {
      permissions: ['add_bank_accounts', 'delete_bank_accounts'],
      buildings: [vake],
    });
    const refused = await send('DELETE', `/api/bank-accounts/${accountId}`, undefined, deleter.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Record not found');
    expect(await db().$count(bankAccounts, eq(bankAccounts.id, accountId))).toBe(1);

    const before = await accountCount();
    const adding = await send(
      'POST',
      '/api/bank-accounts',
      { building_id: saburtalo, bank_id: tbc.id, iban: iban('TB', nextAccount()) },
      deleter.token,
    );
    expect(adding.statusCode).toBe(404);
    expect(await accountCount()).toBe(before);
    // Their own complex works.
    expect(
      (
        await send(
          'POST',
          '/api/bank-accounts',
          { building_id: vake, bank_id: tbc.id, iban: iban('TB', nextAccount()) },
          deleter.token,
        )
      ).statusCode,
    ).toBe(201);
  });
});

describe('deleting a bank account (DELETE /bank-accounts/{id})', () => {
  it('deletes it for a user with delete_bank_accounts; a second delete finds nothing', async () => {
    const created = await send('POST', '/api/bank-accounts', {
      building_id: vake,
      bank_id: tbc.id,
      iban: iban('TB', nextAccount()),
    });
    const id = created.json().data.id as number;
    const res = await send('DELETE', `/api/bank-accounts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Record deleted successfully');
    expect(await db().$count(bankAccounts, eq(bankAccounts.id, id))).toBe(0);
    expect((await send('DELETE', `/api/bank-accounts/${id}`)).statusCode).toBe(404);
  });

  it('needs delete_bank_accounts', async () => {
    const adder = await createStaff(t, adminToken, { permissions: ['add_bank_accounts', 'all_buildings_access'] });
    const created = await send(
      'POST',
      '/api/bank-accounts',
      { building_id: saburtalo, bank_id: bog.id, iban: iban('BG', nextAccount()) },
      adder.token,
    );
    expect(created.statusCode).toBe(201);
    expect(
      (await send('DELETE', `/api/bank-accounts/${created.json().data.id}`, undefined, adder.token)).statusCode,
    ).toBe(403);
    expect(
      await db().$count(
        bankAccounts,
        and(eq(bankAccounts.id, created.json().data.id), inArray(bankAccounts.buildingId, [saburtalo])),
      ),
    ).toBe(1);
  });
});

describe('changing a bank account (GET and PUT /bank-accounts/{id})', () => {
  it('reads one account and mends its IBAN and branch; a wrong one is refused on its field, none changed', async () => {
    const typo = iban('TB', nextAccount());
    const created = await send('POST', '/api/bank-accounts', { building_id: vake, bank_id: tbc.id, iban: typo });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const read = await get(`/api/bank-accounts/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id, iban: typo, bank_id: tbc.id, block_id: null });

    const right = iban('TB', nextAccount());
    const changed = await send('PUT', `/api/bank-accounts/${id}`, {
      building_id: vake,
      block_id: '',
      bank_id: tbc.id,
      iban: right,
      branch: 'Vake branch',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ id, iban: right, branch: 'Vake branch' });
    const [stored] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(stored).toMatchObject({ iban: right, branch: 'Vake branch', buildingId: vake });

    const otherBank = await send('PUT', `/api/bank-accounts/${id}`, {
      building_id: vake,
      bank_id: bog.id,
      iban: right,
    });
    expect(otherBank.statusCode).toBe(422);
    expect(otherBank.json().errors.iban[0]).toContain('BG');
    const [unchanged] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(unchanged).toMatchObject({ iban: right, bankId: tbc.id, branch: 'Vake branch' });
  });

  it('is 404 for another complex’s account and for moving one there, and needs edit_bank_accounts', async () => {
    const [othersAccount] = await db()
      .insert(bankAccounts)
      .values({ buildingId: saburtalo, bankId: tbc.id, iban: iban('TB', nextAccount()) })
      .returning();
    const [ownAccount] = await db()
      .insert(bankAccounts)
      .values({ buildingId: vake, bankId: tbc.id, iban: iban('TB', nextAccount()) })
      .returning();
    const editor = await createStaff(t, adminToken, { permissions: ['edit_bank_accounts'], buildings: [vake] });
    const body = (buildingId: number) => ({
      building_id: buildingId,
      bank_id: tbc.id,
      iban: iban('TB', nextAccount()),
    });
    expect((await get(`/api/bank-accounts/${othersAccount.id}`, editor.token)).statusCode).toBe(404);
    expect((await send('PUT', `/api/bank-accounts/${othersAccount.id}`, body(vake), editor.token)).statusCode).toBe(
      404,
    );
    expect((await send('PUT', `/api/bank-accounts/${ownAccount.id}`, body(saburtalo), editor.token)).statusCode).toBe(
      404,
    );
    const [still] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, ownAccount.id));
    expect(still).toMatchObject({ buildingId: vake, iban: ownAccount.iban });
    expect((await send('PUT', `/api/bank-accounts/${ownAccount.id}`, body(vake), editor.token)).statusCode).toBe(200);

    const viewer = await createStaff(t, adminToken, { permissions: ['view_bank_accounts'], buildings: [vake] });
    expect((await send('PUT', `/api/bank-accounts/${ownAccount.id}`, body(vake), viewer.token)).statusCode).toBe(403);
  });
});
