import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { blocks, buildings, properties } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import type { Board } from '../../domain/contracts/board';
import type { PropertyStatus } from '../../domain/inventory';
import { holdUnit } from './dealFixtures';

let t: TestApp;
let adminToken: string;
let tower: number;
let blockA: number;
let blockB: number;

type UnitRow = typeof properties.$inferInsert;
const unit = (fields: Partial<UnitRow> & Pick<UnitRow, 'no' | 'floor'>): UnitRow => ({
  buildingId: tower,
  blockId: blockA,
  area: '50.00',
  rooms: 2,
  type: 'apartment',
  state: 'white_frame',
  view: 'city',
  status: 'free',
  pricePerM2: '1000.00',
  price: '50000.00',
  currency: 'USD',
  ...fields,
});

const getBoard = async (query = '', token = adminToken, buildingId = tower) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${buildingId}${query}`, headers: t.as(token) });
  return res;
};
const boardOf = async (query = '') => {
  const res = await getBoard(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Board;
};
const cells = (board: Board) => board.floors.flatMap((f) => f.units);
const numbersOn = (board: Board, floor: number) => board.floors.find((f) => f.floor === floor)?.units.map((u) => u.no);

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  // A small tower the way a registrar would have entered it: block A with three floors, block B with one unit.
  const [building] = await t.database.db.insert(buildings).values({ name: 'Board test tower' }).returning();
  tower = building.id;
  const [a, b] = await t.database.db
    .insert(blocks)
    .values([
      { buildingId: tower, name: 'A', floors: 3 },
      { buildingId: tower, name: 'B', floors: 2 },
    ])
    .returning();
  blockA = a.id;
  blockB = b.id;
  const units = [
    unit({
      no: 'C-1',
      floor: 1,
      type: 'commercial',
      rooms: null,
      area: '120.50',
      price: '180750.00',
      view: 'street',
      status: 'sold',
    }),
    unit({ no: '10', floor: 2, rooms: 3, area: '80.00', price: '80000.00' }),
    unit({ no: '2', floor: 2, rooms: 2, status: 'booked' }),
    unit({ no: '1', floor: 2, rooms: 1, area: '35.25', price: '35250.00', view: 'park', status: 'pre_booked' }),
    unit({ no: '11', floor: 3, rooms: 2, status: 'not_for_sale', state: 'black_frame' }),
    unit({ no: '3', floor: 3, rooms: 4, area: '120.00', price: '150000.00', view: 'park', status: 'barter' }),
    unit({ no: '1', floor: 2, blockId: blockB, rooms: 2, area: '55.00', price: '55000.00' }),
    unit({ no: 'P-1', floor: -1, type: 'parking', rooms: null, area: '14.00', price: '14000.00', view: null }),
  ];
  // the units in a deal are held by one, as the deal writes do
  const inDeal = (status: UnitRow['status']) => status !== 'free' && status !== 'not_for_sale';
  const added = await t.database.db
    .insert(properties)
    .values(units.map((u) => (inDeal(u.status) ? { ...u, status: 'free' } : u)))
    .returning();
  for (const [i, u] of units.entries())
    if (inDeal(u.status)) await holdUnit(t.database.db, added[i].id, u.status as PropertyStatus);
  // A unit split into others keeps its history but leaves sale: the board does not show it.
  await t.database.db.insert(properties).values(unit({ no: '99', floor: 2, archivedAt: new Date() }));
});
afterAll(() => t.close());

describe('the availability board', () => {
  it('shows the complex floor by floor from the top, units in natural number order, blocks in order', async () => {
    const board = await boardOf();
    expect(board.building).toEqual({ id: tower, name: 'Board test tower' });
    expect(board.blocks).toEqual([
      { id: blockA, name: 'A', floors: 3 },
      { id: blockB, name: 'B', floors: 2 },
    ]);
    expect(board.floors.map((f) => f.floor)).toEqual([3, 2, 1, -1]);
    expect(numbersOn(board, 3)).toEqual(['3', '11']);
    // Block A's 1, 2, 10 (2 before 10), then block B's 1.
    expect(board.floors.find((f) => f.floor === 2)!.units.map((u) => [u.no, u.block_id])).toEqual([
      ['1', blockA],
      ['2', blockA],
      ['10', blockA],
      ['1', blockB],
    ]);
  });

  it('answers each unit with numbers, not strings, and leaves split-off (archived) units out', async () => {
    const board = await boardOf();
    const commercial = cells(board).find((u) => u.no === 'C-1')!;
    expect(commercial).toMatchObject({
      area: 120.5,
      rooms: null,
      price: 180750,
      currency: 'USD',
      status: 'sold',
      type: 'commercial',
      view: 'street',
      block_id: blockA,
      matches: true,
    });
    expect(typeof commercial.id).toBe('number');
    expect(cells(board).map((u) => u.no)).not.toContain('99');
    expect(cells(board)).toHaveLength(8);
  });

  it('counts every status in the legend', async () => {
    const board = await boardOf();
    expect(board.legend).toEqual({ free: 3, pre_booked: 1, booked: 1, sold: 1, barter: 1, not_for_sale: 1 });
  });

  it('keeps every cell when filtering and dims those that do not match; the legend counts the matches', async () => {
    const board = await boardOf('?rooms=2');
    expect(cells(board)).toHaveLength(8);
    expect(
      cells(board)
        .filter((u) => u.matches)
        .map((u) => u.no)
        .sort(),
    ).toEqual(['1', '11', '2']);
    expect(board.legend).toEqual({ free: 1, pre_booked: 0, booked: 1, sold: 0, barter: 0, not_for_sale: 1 });

    const park = await boardOf('?view=park&state=white_frame');
    expect(
      cells(park)
        .filter((u) => u.matches)
        .map((u) => u.no)
        .sort(),
    ).toEqual(['1', '3']);

    const priced = await boardOf('?price_from=50000&price_to=80000&type=apartment');
    expect(
      cells(priced)
        .filter((u) => u.matches)
        .map((u) => u.no)
        .sort(),
    ).toEqual(['1', '10', '11', '2']);
  });

  it('lights up the chosen statuses without changing the legend, so the other counts stay readable', async () => {
    const board = await boardOf('?status[]=free&status[]=barter');
    expect(
      cells(board)
        .filter((u) => u.matches)
        .map((u) => u.no)
        .sort(),
    ).toEqual(['1', '10', '3', 'P-1']);
    expect(board.legend).toEqual({ free: 3, pre_booked: 1, booked: 1, sold: 1, barter: 1, not_for_sale: 1 });
    const commaForm = await boardOf('?status=free,barter');
    expect(cells(commaForm).filter((u) => u.matches)).toHaveLength(4);
  });

  it('shows one block when asked, and refuses a block of another complex', async () => {
    const board = await boardOf(`?block_id=${blockB}`);
    expect(board.floors).toEqual([{ floor: 2, units: [expect.objectContaining({ no: '1', block_id: blockB })] }]);
    expect(board.legend.free).toBe(1);
    expect(board.blocks).toHaveLength(2);

    const [otherBlock] = await t.database.db
      .select({ id: blocks.id })
      .from(blocks)
      .where(sql`${blocks.buildingId} <> ${tower}`)
      .limit(1);
    const res = await getBoard(`?block_id=${otherBlock.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This block does not belong to the complex');
  });

  it('answers 422 for filters it cannot read', async () => {
    const res = await getBoard('?status[]=free&status[]=gone&type=castle&rooms=two');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['rooms', 'status.1', 'type']);
    const range = await getBoard('?price_from=90000&price_to=10');
    expect(range.statusCode).toBe(422);
    expect(range.json().errors).toEqual({ price_to: ['the minimum cannot exceed the maximum'] });
  });

  it('shows a property registrar only their complex; another answers 404 as if it did not exist', async () => {
    const registrar = await t.signIn('property_registrar@demo.ge');
    const [first] = await t.database.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.name, 'ვაკის პარკი'));
    const own = await getBoard('', registrar, first.id);
    expect(own.statusCode).toBe(200);
    expect(cells(own.json().data).length).toBeGreaterThan(100);

    const [batumi] = await t.database.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.name, 'ბათუმის ბულვარი'));
    for (const id of [tower, batumi.id]) {
      const res = await getBoard('', registrar, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Complex not found');
    }
    expect((await getBoard('', adminToken, 999_999)).statusCode).toBe(404);
  });

  it('lists the complexes a user may open on the board, by name, within their scope', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/board', headers: t.as(adminToken) });
    expect(all.statusCode).toBe(200);
    const names = (all.json().data as Array<{ name: string }>).map((b) => b.name);
    expect(names).toEqual(
      expect.arrayContaining(['Board test tower', 'ვაკის პარკი', 'საბურთალოს კოშკები', 'ბათუმის ბულვარი']),
    );
    expect(names).toEqual([...names].sort());
    const registrar = await t.signIn('property_registrar@demo.ge');
    const own = await t.app.inject({ method: 'GET', url: '/api/board', headers: t.as(registrar) });
    expect(own.json().data).toEqual([{ id: expect.any(Number), name: 'ვაკის პარკი' }]);
  });

  it('opens for view_properties, view_bookings or view_barters; 403 without them, 401 without a token', async () => {
    // A barter clerk who may not read GET /buildings still gets the complex picker and the board.
    const barterClerk = await createStaff(t, adminToken, { permissions: ['view_barters', 'all_buildings_access'] });
    expect((await getBoard('', barterClerk.token)).statusCode).toBe(200);
    const picker = await t.app.inject({ method: 'GET', url: '/api/board', headers: t.as(barterClerk.token) });
    expect(picker.statusCode).toBe(200);
    expect(picker.json().data.length).toBeGreaterThanOrEqual(4);

    const userManager = await createStaff(t, adminToken, { permissions: ['view_users', 'all_buildings_access'] });
    const refused = await getBoard('', userManager.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission for this action');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/board', headers: t.as(userManager.token) })).statusCode,
    ).toBe(403);

    for (const url of [`/api/board/${tower}`, '/api/board']) {
      const anonymous = await t.app.inject({ method: 'GET', url, headers: { 'content-language': 'en' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Please sign in');
    }
  });

  it('answers a 25-floor block of 300 units quickly (timing printed)', async () => {
    const [building] = await t.database.db.insert(buildings).values({ name: 'Board timing tower' }).returning();
    const [block] = await t.database.db
      .insert(blocks)
      .values({ buildingId: building.id, name: '1', floors: 25 })
      .returning();
    const floors = Array.from({ length: 300 }, (_, i) => 1 + Math.floor(i / 12));
    await t.database.db.execute(sql`
      insert into properties (building_id, block_id, no, floor, area, rooms, status, price_per_m2, price)
      select ${building.id}, ${block.id}, n::text, f, 60 + n % 40, 1 + n % 4, (array['free','sold','booked','not_for_sale'])[1 + n % 4], 1000, (60 + n % 40) * 1000
      from unnest(${sql.param(floors.map((_, i) => i + 1))}::int[], ${sql.param(floors)}::int[]) as u(n, f)`);
    const url = `/api/board/${building.id}?block_id=${block.id}&rooms=2`;
    await t.app.inject({ method: 'GET', url, headers: t.as(adminToken) });
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url, headers: t.as(adminToken) });
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      if (i === 0) {
        const board = res.json().data as Board;
        expect(board.floors).toHaveLength(25);
        expect(cells(board)).toHaveLength(300);
        expect(cells(board).filter((u) => u.matches)).toHaveLength(75);
      }
    }
    // no deal holds these units: they go back to free, as the file leaves every unit in step with its deals
    await t.database.db
      .update(properties)
      .set({ status: 'free' })
      .where(and(eq(properties.buildingId, building.id), inArray(properties.status, ['sold', 'booked'])));
    times.sort((a, b) => a - b);
    console.log(
      `board of 300 units on 25 floors (${process.env.TEST_DB}): median ${times[10].toFixed(1)} ms, slowest ${times[19].toFixed(1)} ms over 20 requests`,
    );
  });
});
