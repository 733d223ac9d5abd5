import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { bankAccounts, banks, blocks, buildings, companies } from '../../server/db/schema';
import { createStaff, multipart, PNG } from './harness';

import {
  t,
  adminToken,
  namesSeenBy,
  db,
  get,
  send,
  sendForm,
  storedFacsimiles,
  buildingNamed,
  blocksOf,
  demoIds,
  addUnit,
  unique,
  createBuilding,
  useBuildingsFixtures,
} from './buildingsFixtures';

useBuildingsFixtures();

describe('building scope: all buildings or only the assigned ones', () => {
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
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/buildings?query=${encodeURIComponent('ბათუმ')}&perpage=5`,
      headers: t.as(adminToken),
    });
    expect(res.json().data.map((b: { name: string }) => b.name)).toEqual(['ბათუმის ბულვარი']);
    expect(res.json().meta).toMatchObject({ total: 1, current_page: 1, last_page: 1, from: 1, to: 1, per_page: 5 });
  });
});

describe('creating a complex (POST /buildings, a form)', () => {
  it('takes the form with the facsimile, blocks and state titles, and answers the new complex', async () => {
    const name = unique('დიღმის მასივი');
    const res = await sendForm(
      '/api/buildings',
      multipart(
        {
          name,
          cad_code: '01.10.14.005.012',
          director: 'გიორგი მელაძე',
          director_pid: '01001099999',
          manager_name: 'ნინო ჯავახიშვილი',
          address: 'თბილისი, დიღმის მასივი, მე-5 კვ.',
          email: 'digomi@demo.ge',
          phone: '+995 599 11 22 33',
          notifiable: 'yes',
          property_states: JSON.stringify({ black_frame: 'კარკასი', renovated: 'სრული რემონტი' }),
          blocks: JSON.stringify([
            { name: 'A', floors: 12 },
            { name: 'B', floors: 16 },
          ]),
        },
        { facsimile: { filename: 'stamp.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    const company = (await db().select().from(companies).orderBy(asc(companies.id)))[0];
    expect(data).toMatchObject({
      name,
      cad_code: '01.10.14.005.012',
      director_pid: '01001099999',
      manager_name: 'ნინო ჯავახიშვილი',
      email: 'digomi@demo.ge',
      notifiable: true,
      company_id: company.id,
      company_name: company.name,
      blocks_count: 2,
      properties_count: 0,
      bank_accounts: [],
      // Titles not given take the catalogue's, in the language of the request.
      property_states: {
        black_frame: 'კარკასი',
        white_frame: 'White frame',
        green_frame: 'Green frame',
        renovated: 'სრული რემონტი',
      },
    });
    expect(data.blocks.map((b: { name: string; floors: number }) => [b.name, b.floors])).toEqual([
      ['A', 12],
      ['B', 16],
    ]);
    expect(data.facsimile_url).toMatch(/^\/api\/files\/facsimiles\/[\w-]+\.png\?expires=\d+&signature=[\w-]+$/);
    expect((await t.app.inject({ method: 'GET', url: data.facsimile_url })).statusCode).toBe(200);

    const row = await buildingNamed(name);
    expect(row).toMatchObject({ notifiable: true, directorPid: '01001099999', companyId: company.id });
    expect(row.facsimilePath).toMatch(/^facsimiles\/.+\.png$/);
    expect(await blocksOf(row.id)).toEqual([
      expect.objectContaining({ name: 'A', floors: 12 }),
      expect.objectContaining({ name: 'B', floors: 16 }),
    ]);
  });

  it('takes JSON too; empty optional fields are stored as empty', async () => {
    const res = await send('POST', '/api/buildings', {
      name: unique('ვაკე'),
      email: '',
      director_pid: '',
      blocks: [],
      notifiable: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      email: null,
      director_pid: null,
      blocks: [],
      blocks_count: 0,
      notifiable: false,
      facsimile_url: null,
    });
  });

  it('refuses bad input with English messages and writes nothing, not even the facsimile', async () => {
    const count = await db().$count(buildings);
    const blockCount = await db().$count(blocks);
    const filesBefore = storedFacsimiles();
    const res = await sendForm(
      '/api/buildings',
      multipart(
        {
          name: '',
          email: 'office@',
          director_pid: '123456789',
          blocks: JSON.stringify([
            { name: 'A', floors: 0 },
            { name: 'a', floors: 5 },
            { name: '', floors: 5 },
          ]),
          property_states: JSON.stringify({ sold_out: 'x' }),
        },
        { facsimile: { filename: 'stamp.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The data is invalid. Check the marked fields.',
      errors: {
        name: ['required field'],
        email: ['invalid email format'],
        director_pid: ['Personal number must be exactly 11 digits'],
        'blocks.0.floors': ['The number of floors is a whole number from 1 to 200'],
        'blocks.1.name': ['Two blocks of a building cannot have the same name'],
        'blocks.2.name': ['required field'],
        'property_states.sold_out': ['unknown field'],
      },
    });
    expect(await db().$count(buildings)).toBe(count);
    expect(await db().$count(blocks)).toBe(blockCount);
    expect(storedFacsimiles()).toEqual(filesBefore);
  });

  it('refuses two blocks with the same name, naming the block field', async () => {
    const res = await send('POST', '/api/buildings', {
      name: unique('ორი A'),
      blocks: [
        { name: 'A', floors: 3 },
        { name: ' a ', floors: 4 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'blocks.1.name': ['Two blocks of a building cannot have the same name'] });
  });

  it('refuses a company that does not exist', async () => {
    const res = await send('POST', '/api/buildings', { name: unique('უცხო'), company_id: 999999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_id: ['No such company'] });
  });

  it('is for add_buildings only', async () => {
    const bookingRegistrar = await t.signIn('booking_registrar@demo.ge');
    const res = await send('POST', '/api/buildings', { name: unique('არა') }, bookingRegistrar);
    expect(res.statusCode).toBe(403);
  });
});

describe('a complex and its card (GET /buildings, GET /buildings/{id})', () => {
  it('answers the card fields in the list, searched by address or cadastral code, sorted and paged', async () => {
    const made = await createBuilding({
      address: 'ქობულეთი, აღმაშენებლის გამზ. 1077',
      cad_code: '20.35.11.999.001',
      director: 'ლევან ქავთარაძე',
      manager_name: 'თეა ბოლქვაძე',
    });
    const byAddress = await get(`/api/buildings?query=${encodeURIComponent('აღმაშენებლის გამზ. 1077')}`);
    expect(byAddress.json().data).toEqual([
      expect.objectContaining({
        id: made.id,
        name: made.name,
        cad_code: '20.35.11.999.001',
        director: 'ლევან ქავთარაძე',
        manager_name: 'თეა ბოლქვაძე',
        blocks_count: 1,
        facsimile_url: null,
      }),
    ]);
    expect((await get('/api/buildings?query=20.35.11.999')).json().data.map((b: { id: number }) => b.id)).toEqual([
      made.id,
    ]);

    const all = await get('/api/buildings?perpage=0&sort=id&order=desc');
    const ids = all.json().data.map((b: { id: number }) => b.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page2 = await get('/api/buildings?perpage=2&page=2&sort=id');
    expect(page2.json().meta).toMatchObject({
      current_page: 2,
      per_page: 2,
      from: 3,
      to: 4,
      total: all.json().meta.total,
    });
    expect(page2.json().data.map((b: { id: number }) => b.id)).toEqual([...ids].reverse().slice(2, 4));
  });

  it('opens one complex with its blocks (units counted) and its bank accounts', async () => {
    const made = await createBuilding({
      blocks: [
        { name: 'A', floors: 5 },
        { name: 'B', floors: 7 },
      ],
    });
    const blockA = made.blocks.find((b) => b.name === 'A')!;
    await addUnit(made.id, blockA.id, '1');
    await addUnit(made.id, blockA.id, '2');
    const [bank] = await db().select().from(banks).where(eq(banks.ibanCode, 'TB'));
    await db().insert(bankAccounts).values({ buildingId: made.id, bankId: bank.id, iban: 'GE54TB0000000000000001' });
    const res = await get(`/api/buildings/${made.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: made.id,
      properties_count: 2,
      blocks: [
        { name: 'A', floors: 5, properties_count: 2 },
        { name: 'B', floors: 7, properties_count: 0 },
      ],
      bank_accounts: [{ bank_name: 'TBC Bank', iban: 'GE54TB0000000000000001', block_id: null, block_name: null }],
    });
  });

  it('answers 404 for a complex that does not exist', async () => {
    const res = await get('/api/buildings/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Record not found');
  });

  it('gives a user who manages users but may not see buildings only names, for the users form', async () => {
    const userManager = await createStaff(t, adminToken, { permissions: ['view_users', 'all_buildings_access'] });
    const list = await get('/api/buildings?perpage=0', userManager.token);
    expect(list.statusCode).toBe(200);
    for (const row of list.json().data) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    const [first] = await demoIds();
    expect((await get(`/api/buildings/${first}`, userManager.token)).json()).toEqual({
      data: { id: first, name: 'ვაკის პარკი' },
    });
  });
});
