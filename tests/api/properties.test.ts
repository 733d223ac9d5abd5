import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { priceForArea } from '../../domain/inventory';
import { toDecimalString } from '../../domain/money';
import { translate } from '../../i18n';
import {
  activityLogs,
  properties,
  propertyFeatureGroups,
  propertyFeatureLinks,
  propertyFeatures,
} from '../../server/db/schema';
import { multipart } from './harness';

import {
  t,
  adminToken,
  registrarToken,
  complexes,
  db,
  get,
  send,
  unique,
  newBuilding,
  newBlock,
  row,
  unitsIn,
  setStatus,
  type Unit,
  addUnit,
  usePropertiesFixtures,
} from './propertiesFixtures';

usePropertiesFixtures();

describe('adding a unit', () => {
  it('a registrar adds a unit to their block; the price is area × price per m², half-up at the cent', async () => {
    const block = await newBlock(complexes[0].id);
    const [group] = await db()
      .insert(propertyFeatureGroups)
      .values({ nameKa: 'ხედი და განათება', nameEn: 'Light' })
      .returning();
    const [sunny] = await db()
      .insert(propertyFeatures)
      .values({ groupId: group.id, nameKa: 'მზიანი', nameEn: 'Sunny', nameRu: 'Солнечная' })
      .returning();
    const [quiet] = await db().insert(propertyFeatures).values({ groupId: group.id, nameKa: 'მშვიდი' }).returning();

    const unit = await addUnit(
      {
        building_id: complexes[0].id,
        block_id: block.id,
        no: '12',
        floor: 7,
        area: '64.30',
        rooms: 3,
        type: 'apartment',
        state: 'white_frame',
        view: 'park',
        price_per_m2: '1234.57',
        currency: 'GEL',
        cad_code: '01.14.05.003.012',
        description: 'კუთხის ბინა',
        features: [sunny.id, quiet.id],
      },
      registrarToken,
    );
    expect(unit).toMatchObject({
      no: '12',
      status: 'free',
      area: 64.3,
      price_per_m2: 1234.57,
      price: 79382.85,
      building_name: complexes[0].name,
      block_name: block.name,
      features: [sunny.id, quiet.id],
    });
    expect(toDecimalString(priceForArea('64.30', '1234.57'))).toBe('79382.85'); // 79382.851
    expect(await row(unit.id)).toMatchObject({
      buildingId: complexes[0].id,
      blockId: block.id,
      floor: 7,
      area: '64.30',
      price: '79382.85',
      currency: 'GEL',
      state: 'white_frame',
      view: 'park',
      status: 'free',
    });

    // The unit's page names its features in the reader's language, Georgian where that one is missing.
    const page = await get(`/api/properties/${unit.id}`, registrarToken, 'ru');
    expect(page.json().data.feature_list).toEqual([
      { id: sunny.id, name: 'Солнечная', group_id: group.id, group_name: 'ხედი და განათება' },
      { id: quiet.id, name: 'მშვიდი', group_id: group.id, group_name: 'ხედი და განათება' },
    ]);
  });

  it('takes a price per m² from a total price, and a unit without either has no price', async () => {
    const building = await newBuilding();
    const byTotal = await addUnit({ building_id: building.id, no: '1', area: '64.30', price: 100000 });
    expect(byTotal).toMatchObject({ price: 100000, price_per_m2: 1555.21 });
    const unpriced = await addUnit({ building_id: building.id, no: '2' });
    expect(unpriced).toMatchObject({ price: null, price_per_m2: null, status: 'free', currency: 'USD' });
  });

  it('accepts the form as multipart text, features as features[]', async () => {
    const building = await newBuilding();
    const [feature] = await db().insert(propertyFeatures).values({ nameKa: 'ბუხარი' }).returning();
    const form = multipart({
      building_id: String(building.id),
      block_id: '',
      no: 'F-1',
      floor: '2',
      area: '40.5',
      rooms: '',
      price_per_m2: '1000',
      'features[]': [String(feature.id)],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      payload: form.payload,
      headers: { ...t.as(adminToken), ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      no: 'F-1',
      block_id: null,
      rooms: null,
      area: 40.5,
      price: 40500,
      features: [feature.id],
    });
  });

  it('refuses a number used in the block, naming it, in the reader’s language; another block may use it', async () => {
    const blockA = await newBlock(complexes[0].id, `A-${unique()}`);
    const blockB = await newBlock(complexes[0].id);
    await addUnit({ building_id: complexes[0].id, block_id: blockA.id, no: '15' });
    const before = await unitsIn(complexes[0].id);

    const again = await send('POST', '/api/properties', {
      building_id: complexes[0].id,
      block_id: blockA.id,
      no: '15',
      floor: 4,
      area: 50,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'The data is invalid. Check the marked fields.',
      errors: { no: [`Unit number 15 is already used in block ${blockA.name}`] },
    });
    const inGeorgian = await send(
      'POST',
      '/api/properties',
      { building_id: complexes[0].id, block_id: blockA.id, no: '15', floor: 4, area: 50 },
      adminToken,
      'ka',
    );
    expect(inGeorgian.json().errors.no).toEqual([
      translate('ka', 'units.number_taken_block', { no: '15', block: blockA.name }),
    ]);
    expect(await unitsIn(complexes[0].id)).toBe(before);

    await addUnit({ building_id: complexes[0].id, block_id: blockB.id, no: '15' });
  });

  it('names the complex for a duplicate among units outside any block', async () => {
    const building = await newBuilding('Duplicate test complex');
    await addUnit({ building_id: building.id, no: 'P-1', type: 'parking', floor: -1, area: 13.5 });
    const again = await send('POST', '/api/properties', { building_id: building.id, no: 'P-1', floor: -1, area: 13.5 });
    expect(again.json().errors).toEqual({ no: ['Unit number P-1 is already used in Duplicate test complex'] });
  });

  it('lets one of several simultaneous adds of a number through; the others get the same 422, never 500', async () => {
    const block = await newBlock(complexes[0].id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send('POST', '/api/properties', {
          building_id: complexes[0].id,
          block_id: block.id,
          no: '99',
          floor: 9,
          area: 70,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json().errors.no).toEqual([`Unit number 99 is already used in block ${block.name}`]);
    expect(await db().$count(properties, and(eq(properties.blockId, block.id), eq(properties.no, '99')))).toBe(1);
  });

  it('refuses a block of another complex, a negative area or price, an unknown feature; writes nothing', async () => {
    const otherBlock = await newBlock(complexes[1].id);
    const before = await unitsIn(complexes[0].id);
    const res = await send('POST', '/api/properties', {
      building_id: complexes[0].id,
      block_id: otherBlock.id,
      no: 'X1',
      floor: 2,
      area: 50,
      features: [987654],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      block_id: ['This block belongs to another building'],
      features: ['unknown feature: 987654'],
    });

    const negative = await send('POST', '/api/properties', {
      building_id: complexes[0].id,
      no: 'X2',
      floor: 2,
      area: -40,
      price_per_m2: -1,
      price: -5,
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors).toEqual({
      area: ['The number must be greater than zero'],
      price_per_m2: ['The number cannot be negative'],
      price: ['The number cannot be negative'],
    });

    const missing = await send('POST', '/api/properties', { building_id: complexes[0].id });
    expect(missing.json().errors).toEqual({
      no: ['required field'],
      floor: ['required field'],
      area: ['required field'],
    });

    const tooFine = await send('POST', '/api/properties', {
      building_id: complexes[0].id,
      no: 'X3',
      floor: 2,
      area: '50.555',
      type: 'castle',
      currency: 'BTC',
    });
    expect(tooFine.json().errors).toEqual({
      area: ['At most two digits after the decimal point'],
      type: ['invalid value'],
      currency: ['invalid value'],
    });
    expect(await unitsIn(complexes[0].id)).toBe(before);
  });

  it('lets only "free" or "not for sale" be chosen by hand', async () => {
    const building = await newBuilding();
    const sold = await send('POST', '/api/properties', {
      building_id: building.id,
      no: '1',
      floor: 1,
      area: 50,
      status: 'sold',
    });
    expect(sold.statusCode).toBe(422);
    expect(sold.json().errors.status[0]).toMatch(/^Only "free" and "not for sale" can be set here/);
    const held = await addUnit({ building_id: building.id, no: '2', status: 'not_for_sale' });
    expect(held.status).toBe('not_for_sale');
    expect(await unitsIn(building.id)).toBe(1);
  });
});

describe('changing a unit', () => {
  it('changes what is sent; a new area reprices from the price per m²; POST with _method=PUT acts as PUT', async () => {
    const building = await newBuilding();
    const unit = await addUnit({ building_id: building.id, no: '3', area: 50, price_per_m2: 1000, description: 'old' });
    const res = await send('PUT', `/api/properties/${unit.id}`, { area: '55.55' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ area: 55.55, price_per_m2: 1000, price: 55550, description: 'old' });

    const twin = await send('POST', `/api/properties/${unit.id}`, {
      _method: 'PUT',
      price_per_m2: '1234.57',
      status: 'not_for_sale',
    });
    expect(twin.statusCode, twin.body).toBe(200);
    expect(await row(unit.id)).toMatchObject({
      pricePerM2: '1234.57',
      price: toDecimalString(priceForArea('55.55', '1234.57')),
      status: 'not_for_sale',
    });

    // A form sends everything it shows, the read-only names included: they are ignored.
    const form = await send('PUT', `/api/properties/${unit.id}`, {
      ...twin.json().data,
      no: '3a',
      price: 70000,
      building_name: 'ignored',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toMatchObject({
      no: '3a',
      price: 70000,
      price_per_m2: 1234.57,
      building_name: building.name,
    });
  });

  it('moves the status only between free and not for sale: a deal’s status is not changed here', async () => {
    const building = await newBuilding();
    const unit = await addUnit({ building_id: building.id, no: '4' });
    await setStatus(unit.id, 'booked');
    const freeing = await send('PUT', `/api/properties/${unit.id}`, { status: 'free' });
    expect(freeing.statusCode).toBe(422);
    expect(Object.keys(freeing.json().errors)).toEqual(['status']);
    expect((await row(unit.id)).status).toBe('booked');
    // The edit form sends the status it shows: unchanged, it does not stand in the way of other fields.
    const described = await send('PUT', `/api/properties/${unit.id}`, {
      status: 'booked',
      description: 'two balconies',
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(await row(unit.id)).toMatchObject({ status: 'booked', description: 'two balconies' });
  });

  it('refuses a duplicate number and a block of another complex on update, leaving the unit as it was', async () => {
    const block = await newBlock(complexes[0].id);
    const first = await addUnit({ building_id: complexes[0].id, block_id: block.id, no: '21' });
    const second = await addUnit({ building_id: complexes[0].id, block_id: block.id, no: '22' });
    const clash = await send('PUT', `/api/properties/${second.id}`, { no: '21' });
    expect(clash.json().errors).toEqual({ no: [`Unit number 21 is already used in block ${block.name}`] });
    const elsewhere = await send('PUT', `/api/properties/${second.id}`, {
      block_id: (await newBlock(complexes[1].id)).id,
      no: '23',
    });
    expect(elsewhere.json().errors).toEqual({ block_id: ['This block belongs to another building'] });
    expect(await row(second.id)).toMatchObject({ no: '22', blockId: block.id });
    // Its own number is no clash with itself.
    expect((await send('PUT', `/api/properties/${first.id}`, { no: '21', floor: 5 })).statusCode).toBe(200);
  });

  it('replaces the features when they are sent', async () => {
    const building = await newBuilding();
    const [a, b] = await db()
      .insert(propertyFeatures)
      .values([{ nameKa: 'სარდაფი' }, { nameKa: 'ლიფტი' }])
      .returning();
    const unit = await addUnit({ building_id: building.id, no: '5', features: [a.id] });
    await send('PUT', `/api/properties/${unit.id}`, { features: [b.id] });
    expect(
      (await db().select().from(propertyFeatureLinks).where(eq(propertyFeatureLinks.propertyId, unit.id))).map(
        (l) => l.featureId,
      ),
    ).toEqual([b.id]);
    await send('PUT', `/api/properties/${unit.id}`, { description: 'features untouched' });
    expect(await db().$count(propertyFeatureLinks, eq(propertyFeatureLinks.propertyId, unit.id))).toBe(1);
  });
});

describe('deleting a unit', () => {
  it('deletes a free or not-for-sale unit, and answers 409 for a unit in a deal', async () => {
    const building = await newBuilding();
    const free = await addUnit({ building_id: building.id, no: '1' });
    const held = await addUnit({ building_id: building.id, no: '2', status: 'not_for_sale' });
    expect((await send('DELETE', `/api/properties/${free.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/properties/${held.id}`)).statusCode).toBe(200);
    expect(await row(free.id)).toBeUndefined();

    for (const status of ['pre_booked', 'booked', 'sold', 'barter'] as const) {
      const unit = await addUnit({ building_id: building.id, no: `deal-${status}` });
      await setStatus(unit.id, status);
      const res = await send('DELETE', `/api/properties/${unit.id}`);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(
        'This unit is in a deal (pre-booked, booked, sold or barter) and cannot be deleted',
      );
      expect(await row(unit.id)).toBeDefined();
    }
    expect((await send('DELETE', '/api/properties/99999999')).statusCode).toBe(404);
  });
});

describe('the activity log of unit writes', () => {
  it('names the unit and its complex on each line, and what a change replaced', async () => {
    const [first, second] = [await newBuilding(), await newBuilding()];
    const unit = await addUnit({ building_id: first.id, no: '1' });
    const moved = await send('PUT', `/api/properties/${unit.id}`, { building_id: second.id, no: '1a' });
    expect(moved.statusCode, moved.body).toBe(200);
    const split = await send('POST', `/api/properties/split/${unit.id}`, {
      parts: [
        { no: '1a-1', area: 30 },
        { no: '1a-2', area: 34.3 },
      ],
    });
    expect(split.statusCode, split.body).toBe(201);
    const part = split.json().data.parts[0] as { id: number };
    expect((await send('DELETE', `/api/properties/${part.id}`)).statusCode).toBe(200);
    const lines = await db()
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.recordType, 'properties'),
          inArray(activityLogs.recordId, [String(unit.id), String(part.id)]),
        ),
      )
      .orderBy(activityLogs.id);
    expect(lines.map((l) => [l.action, l.recordId, l.statusCode, l.buildingId, l.oldValues])).toEqual([
      ['create', String(unit.id), 201, first.id, null],
      ['update', String(unit.id), 200, second.id, { building_id: first.id, no: '1' }],
      ['unit_split', String(unit.id), 201, second.id, null],
      ['delete', String(part.id), 200, second.id, null],
    ]);
  });
});

describe('the units list', () => {
  let building: { id: number; name: string };
  let block: { id: number; name: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    building = await newBuilding();
    block = await newBlock(building.id, 'North');
    const rows: Array<[string, number, string, number, string, string, string | null, number]> = [
      // no, floor, area, rooms, type, view, cad code, price per m²
      ['1', 1, '35.10', 1, 'apartment', 'yard', '05.01.1', 1000],
      ['2', 2, '64.30', 2, 'apartment', 'park', '05.01.2', 1100],
      ['10', 5, '98.75', 3, 'apartment', 'city', '05.01.10', 1200],
      ['11', 9, '140.00', 4, 'penthouse', 'mountain', null, 1500],
      ['P1', -1, '13.50', 0, 'parking', 'street', null, 800],
    ];
    for (const [no, floor, area, rooms, type, view, cad_code, price_per_m2] of rows) {
      ids[no] = (
        await addUnit({
          building_id: building.id,
          block_id: block.id,
          no,
          floor,
          area,
          rooms,
          type,
          view,
          cad_code,
          price_per_m2,
        })
      ).id;
    }
    await setStatus(ids['2'], 'booked');
    await setStatus(ids['11'], 'sold');
  });

  const numbers = async (query: string, token = adminToken) => {
    const res = await get(`/api/properties?building_id=${building.id}&perpage=0&${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Unit[]).map((u) => u.no);
  };

  it('filters by statuses, type, view, rooms, floor, area and price ranges, number and cadastral code', async () => {
    expect(await numbers('status=free&sort=no')).toEqual(['1', '10', 'P1']);
    expect(await numbers('status[]=booked&status[]=sold&sort=no')).toEqual(['2', '11']);
    expect(await numbers('type[]=parking')).toEqual(['P1']);
    expect(await numbers('view=park')).toEqual(['2']);
    expect(await numbers('rooms[]=3&rooms[]=4&sort=no')).toEqual(['10', '11']);
    expect(await numbers('floor_from=2&floor_to=5&sort=floor')).toEqual(['2', '10']);
    expect(await numbers('floor=-1')).toEqual(['P1']);
    expect(await numbers('area_from=60&area_to=100&sort=area')).toEqual(['2', '10']);
    expect(await numbers('price_from=100000&sort=price&order=desc')).toEqual(['11', '10']);
    expect(await numbers('no=10')).toEqual(['10']);
    expect(await numbers(`query=${encodeURIComponent('05.01.1')}&sort=no`)).toEqual(['1', '10']);
    expect(await numbers(`block_id=${block.id}&state=black_frame&sort=no`)).toEqual(['1', '2', '10', '11', 'P1']);
  });

  it('sorts numbers as people read them and answers the meta the paginator needs', async () => {
    expect(await numbers('sort=no&order=desc')).toEqual(['P1', '11', '10', '2', '1']);
    const page = await get(`/api/properties?building_id=${building.id}&sort=area&page=2&perpage=2`);
    expect(page.json().data.map((u: Unit) => u.no)).toEqual(['2', '10']);
    expect(page.json().meta).toEqual({ current_page: 2, last_page: 3, from: 3, to: 4, total: 5, per_page: 2 });
    const first = page.json().data[0];
    expect(first).toMatchObject({
      building_name: building.name,
      block_name: 'North',
      area: 64.3,
      price: 70730,
      price_per_m2: 1100,
    });
    expect(typeof first.area).toBe('number');
  });

  it('refuses a minimum above the maximum and an unknown status', async () => {
    const range = await get('/api/properties?area_from=100&area_to=50');
    expect(range.statusCode).toBe(422);
    expect(range.json().errors).toEqual({ area_to: ['the minimum cannot exceed the maximum'] });
    const status = await get('/api/properties?status[]=free&status[]=lost');
    expect(status.statusCode).toBe(422);
    expect(status.json().errors).toEqual({ 'status.1': ['invalid value'] });
  });
});
