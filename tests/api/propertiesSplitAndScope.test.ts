import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { properties, propertyFeatureLinks, propertyFeatures } from '../../server/db/schema';
import { createStaff } from './harness';

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

describe('splitting a unit', () => {
  it('splits a free unit into parts on its floor; the original is archived, not for sale, and not listed', async () => {
    const building = await newBuilding();
    const block = await newBlock(building.id);
    const [balcony] = await db().insert(propertyFeatures).values({ nameKa: 'აივანი ეზოში' }).returning();
    const original = await addUnit({
      building_id: building.id,
      block_id: block.id,
      no: '30',
      floor: 6,
      area: '100.00',
      rooms: 4,
      type: 'apartment',
      state: 'white_frame',
      view: 'sea',
      price_per_m2: 1500,
      currency: 'EUR',
      features: [balcony.id],
    });

    const res = await send('POST', `/api/properties/split/${original.id}`, {
      parts: [
        { no: '30', area: '33.33', rooms: 1 },
        { no: '30a', area: '33.33', price_per_m2: 1600 },
        { no: '30b', area: '33.34' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data as Unit;
    expect(answer).toMatchObject({ id: original.id, archived: true, status: 'not_for_sale' });
    expect(answer.parts.map((p) => [p.no, p.area])).toEqual([
      ['30', 33.33],
      ['30a', 33.33],
      ['30b', 33.34],
    ]);

    const parts = await db()
      .select()
      .from(properties)
      .where(eq(properties.parentId, original.id))
      .orderBy(properties.id);
    expect(
      parts.map((p) => ({
        no: p.no,
        floor: p.floor,
        blockId: p.blockId,
        state: p.state,
        view: p.view,
        status: p.status,
        price: p.price,
        currency: p.currency,
      })),
    ).toEqual([
      {
        no: '30',
        floor: 6,
        blockId: block.id,
        state: 'white_frame',
        view: 'sea',
        status: 'free',
        price: '49995.00',
        currency: 'EUR',
      },
      {
        no: '30a',
        floor: 6,
        blockId: block.id,
        state: 'white_frame',
        view: 'sea',
        status: 'free',
        price: '53328.00',
        currency: 'EUR',
      },
      {
        no: '30b',
        floor: 6,
        blockId: block.id,
        state: 'white_frame',
        view: 'sea',
        status: 'free',
        price: '50010.00',
        currency: 'EUR',
      },
    ]);
    expect(
      await db().$count(
        propertyFeatureLinks,
        inArray(
          propertyFeatureLinks.propertyId,
          parts.map((p) => p.id),
        ),
      ),
    ).toBe(3);
    expect(await row(original.id)).toMatchObject({ status: 'not_for_sale', area: '100.00' });
    expect((await row(original.id)).archivedAt).not.toBeNull();

    const listed = await get(`/api/properties?building_id=${building.id}&sort=no`);
    expect(listed.json().data.map((u: Unit) => u.no)).toEqual(['30', '30a', '30b']);
    const withArchived = await get(`/api/properties?building_id=${building.id}&archived=true`);
    expect(withArchived.json().meta.total).toBe(4);
    const partPage = await get(`/api/properties/${parts[1].id}`);
    expect(partPage.json().data.parent).toEqual({ id: original.id, no: '30' });

    // The original has left sale: it cannot be changed, split again or deleted.
    expect((await send('PUT', `/api/properties/${original.id}`, { description: 'x' })).statusCode).toBe(409);
    expect(
      (
        await send('POST', `/api/properties/split/${original.id}`, {
          parts: [
            { no: 'z1', area: 50 },
            { no: 'z2', area: 50 },
          ],
        })
      ).statusCode,
    ).toBe(409);
    expect((await send('DELETE', `/api/properties/${original.id}`)).statusCode).toBe(409);
  });

  it('answers 422 with a clear message when the areas do not add up, and writes nothing', async () => {
    const building = await newBuilding();
    const original = await addUnit({ building_id: building.id, no: '40', area: '80.50' });
    const res = await send('POST', `/api/properties/split/${original.id}`, {
      parts: [
        { no: '40a', area: '40.25' },
        { no: '40b', area: '40.24' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ parts: ["The parts' areas add up to 80.49 m², but the unit has 80.50 m²"] });
    expect(await unitsIn(building.id)).toBe(1);
    expect(await row(original.id)).toMatchObject({ archivedAt: null, status: 'free' });
  });

  it('needs at least two parts with their own numbers, not used by another unit of the block', async () => {
    const building = await newBuilding();
    const block = await newBlock(building.id);
    const original = await addUnit({ building_id: building.id, block_id: block.id, no: '50', area: 60 });
    await addUnit({ building_id: building.id, block_id: block.id, no: '51' });

    const one = await send('POST', `/api/properties/split/${original.id}`, { parts: [{ no: '50a', area: 60 }] });
    expect(one.json().errors).toEqual({ parts: ['A unit splits into at least 2 parts'] });
    const twins = await send('POST', `/api/properties/split/${original.id}`, {
      parts: [
        { no: '50a', area: 30 },
        { no: '50a', area: 30 },
      ],
    });
    expect(twins.json().errors).toEqual({ 'parts.1.no': ['Two parts have the same number'] });
    const taken = await send('POST', `/api/properties/split/${original.id}`, {
      parts: [
        { no: '50a', area: 30 },
        { no: '51', area: 30 },
      ],
    });
    expect(taken.json().errors).toEqual({ 'parts.1.no': [`Unit number 51 is already used in block ${block.name}`] });
    const bad = await send('POST', `/api/properties/split/${original.id}`, {
      parts: [
        { no: '', area: -30 },
        { no: '50b', area: 90 },
      ],
    });
    expect(bad.json().errors).toEqual({
      'parts.0.no': ['required field'],
      'parts.0.area': ['The number must be greater than zero'],
    });
    expect(await unitsIn(building.id)).toBe(2);
  });

  it('answers 409 for a unit in a deal', async () => {
    const building = await newBuilding();
    const unit = await addUnit({ building_id: building.id, no: '60', area: 60 });
    await setStatus(unit.id, 'pre_booked');
    const res = await send('POST', `/api/properties/split/${unit.id}`, {
      parts: [
        { no: '60a', area: 30 },
        { no: '60b', area: 30 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a free or not-for-sale unit can be split');
    expect(await unitsIn(building.id)).toBe(1);
  });
});

describe('building scope on units', () => {
  let mine: Unit;
  let theirs: Unit;
  beforeAll(async () => {
    mine = await addUnit({ building_id: complexes[0].id, no: `M-${unique()}` });
    theirs = await addUnit({ building_id: complexes[1].id, no: `T-${unique()}` });
  });

  it('a registrar of the first complex never sees another complex’s units in a list, even asking', async () => {
    const all = await get('/api/properties?perpage=0', registrarToken);
    const seen = new Set((all.json().data as Array<{ building_id: number }>).map((u) => u.building_id));
    expect([...seen]).toEqual([complexes[0].id]);
    expect(all.json().meta.total).toBe(
      await db().$count(properties, and(eq(properties.buildingId, complexes[0].id), isNull(properties.archivedAt))),
    );
    const asked = await get(`/api/properties?building_id=${complexes[1].id}`, registrarToken);
    expect(asked.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const byNumber = await get(`/api/properties?no=${theirs.no}`, registrarToken);
    expect(byNumber.json().data).toEqual([]);
  });

  it('answers 404 on another complex’s unit for GET, PUT, DELETE and split, and changes nothing', async () => {
    expect((await get(`/api/properties/${mine.id}`, registrarToken)).statusCode).toBe(200);
    expect((await get(`/api/properties/${theirs.id}`, registrarToken)).statusCode).toBe(404);
    expect(
      (await send('PUT', `/api/properties/${theirs.id}`, { description: 'mine now' }, registrarToken)).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', `/api/properties/${theirs.id}`, { _method: 'PUT', description: 'mine now' }, registrarToken))
        .statusCode,
    ).toBe(404);
    expect((await send('DELETE', `/api/properties/${theirs.id}`, undefined, registrarToken)).statusCode).toBe(404);
    const split = await send(
      'POST',
      `/api/properties/split/${theirs.id}`,
      {
        parts: [
          { no: 'q1', area: 32.15 },
          { no: 'q2', area: 32.15 },
        ],
      },
      registrarToken,
    );
    expect(split.statusCode).toBe(404);
    expect(await row(theirs.id)).toMatchObject({ description: null, archivedAt: null });
  });

  it('does not let a registrar add a unit to, or move one into, another complex', async () => {
    const add = await send(
      'POST',
      '/api/properties',
      { building_id: complexes[1].id, no: 'R1', floor: 1, area: 40 },
      registrarToken,
    );
    expect(add.statusCode).toBe(422);
    expect(add.json().errors).toEqual({ building_id: [`unknown building: ${complexes[1].id}`] });
    const move = await send('PUT', `/api/properties/${mine.id}`, { building_id: complexes[1].id }, registrarToken);
    expect(move.statusCode).toBe(422);
    expect((await row(mine.id)).buildingId).toBe(complexes[0].id);
  });

  it('a user with no complex assigned sees no units', async () => {
    const nobody = await createStaff(t, adminToken, { permissions: ['view_properties'] });
    expect((await get('/api/properties', nobody.token)).json().meta.total).toBe(0);
  });
});

describe('who may do what', () => {
  it('a client manager may not add, change, split or delete units, nor read them', async () => {
    const clientManager = await t.signIn('client_manager@demo.ge');
    const building = await newBuilding();
    const unit = await addUnit({ building_id: building.id, no: '1' });
    const add = await send(
      'POST',
      '/api/properties',
      { building_id: building.id, no: '2', floor: 1, area: 40 },
      clientManager,
    );
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe('You do not have permission for this action');
    expect((await send('PUT', `/api/properties/${unit.id}`, { no: '3' }, clientManager)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/properties/${unit.id}`, undefined, clientManager)).statusCode).toBe(403);
    expect((await send('POST', `/api/properties/split/${unit.id}`, { parts: [] }, clientManager)).statusCode).toBe(403);
    expect((await get('/api/properties', clientManager)).statusCode).toBe(403);
    expect(await unitsIn(building.id)).toBe(1);
  });

  it('booking and barter staff read the units list but do not change units', async () => {
    for (const permission of ['view_bookings', 'view_barters']) {
      const staff = await createStaff(t, adminToken, { permissions: [permission, 'all_buildings_access'] });
      expect((await get('/api/properties', staff.token)).statusCode, permission).toBe(200);
      expect((await send('POST', '/api/properties', {}, staff.token)).statusCode, permission).toBe(403);
    }
  });
});
