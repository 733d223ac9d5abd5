import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { activityLogs, bankAccounts, banks, blocks, buildings, userBuildings } from '../../server/db/schema';
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

describe('editing a complex (POST /buildings/{id} with _method=PUT)', () => {
  it('renames, adds and removes blocks in one save; blocks left out are deleted', async () => {
    const made = await createBuilding({
      blocks: [
        { name: 'A', floors: 5 },
        { name: 'B', floors: 5 },
        { name: 'C', floors: 5 },
      ],
    });
    const [a, b] = made.blocks;
    const res = await sendForm(
      `/api/buildings/${made.id}`,
      multipart({
        _method: 'PUT',
        manager_name: 'ახალი მენეჯერი',
        blocks: JSON.stringify([
          { id: a.id, name: 'A1', floors: 10 },
          { id: b.id, name: 'B', floors: 6 },
          { name: 'D', floors: 3 },
        ]),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: made.name, manager_name: 'ახალი მენეჯერი', blocks_count: 3 });
    const stored = await blocksOf(made.id);
    expect(stored.map((x) => [x.name, x.floors])).toEqual([
      ['A1', 10],
      ['B', 6],
      ['D', 3],
    ]);
    // The kept blocks are the same records (their units and accounts stay with them).
    expect(stored.find((x) => x.name === 'A1')!.id).toBe(a.id);
  });

  it('swaps the names of two blocks in one save', async () => {
    const made = await createBuilding({
      blocks: [
        { name: 'A', floors: 5 },
        { name: 'B', floors: 8 },
      ],
    });
    const [a, b] = made.blocks;
    const res = await send('PUT', `/api/buildings/${made.id}`, {
      blocks: [
        { id: a.id, name: 'B', floors: 5 },
        { id: b.id, name: 'A', floors: 8 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await blocksOf(made.id)).toEqual([
      { id: b.id, name: 'A', floors: 8 },
      { id: a.id, name: 'B', floors: 5 },
    ]);
  });

  it('refuses to remove a block that holds units (409 naming it) and changes nothing', async () => {
    const made = await createBuilding({
      blocks: [
        { name: 'A', floors: 5 },
        { name: 'B', floors: 5 },
      ],
    });
    const [a, b] = made.blocks;
    await addUnit(made.id, b.id, '101');
    const res = await send('PUT', `/api/buildings/${made.id}`, {
      name: 'სხვა სახელი',
      blocks: [{ id: a.id, name: 'A2', floors: 5 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Block "B" cannot be removed: it has units (1). Move or delete them first.');
    expect((await buildingNamed(made.name))?.id).toBe(made.id);
    expect((await blocksOf(made.id)).map((x) => x.name)).toEqual(['A', 'B']);
  });

  it('refuses a block id of another complex', async () => {
    const made = await createBuilding();
    const other = await createBuilding();
    const res = await send('PUT', `/api/buildings/${made.id}`, {
      blocks: [{ id: other.blocks[0].id, name: 'X', floors: 2 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'blocks.0.id': ['This block does not belong to the building'] });
    expect(await blocksOf(other.id)).toEqual([{ id: other.blocks[0].id, name: 'A', floors: 9 }]);
  });

  it('changes only the fields sent, replaces the facsimile (old file removed) and removes it on request', async () => {
    const made = await createBuilding({ director: 'ძველი დირექტორი', phone: '+995 32 200 00 00' });
    const first = await sendForm(
      `/api/buildings/${made.id}`,
      multipart(
        { _method: 'PUT', email: 'site@demo.ge' },
        { facsimile: { filename: 'a.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(first.json().data).toMatchObject({
      email: 'site@demo.ge',
      director: 'ძველი დირექტორი',
      phone: '+995 32 200 00 00',
      blocks_count: 1,
    });
    const firstPath = (await buildingNamed(made.name)).facsimilePath!;
    await sendForm(
      `/api/buildings/${made.id}`,
      multipart({ _method: 'PUT' }, { facsimile: { filename: 'b.png', type: 'image/png', data: PNG } }),
    );
    const secondPath = (await buildingNamed(made.name)).facsimilePath!;
    expect(secondPath).not.toBe(firstPath);
    expect(storedFacsimiles()).not.toContain(path.basename(firstPath));
    expect(storedFacsimiles()).toContain(path.basename(secondPath));
    const removed = await sendForm(
      `/api/buildings/${made.id}`,
      multipart({ _method: 'PUT', remove_facsimile: 'true' }),
    );
    expect(removed.json().data.facsimile_url).toBeNull();
    expect(storedFacsimiles()).not.toContain(path.basename(secondPath));
  });

  it('validates an update as a create; a plain POST to /buildings/{id} without _method finds no route', async () => {
    const made = await createBuilding();
    const bad = await send('PUT', `/api/buildings/${made.id}`, { director_pid: '1234567890a', email: 'x@y', name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      director_pid: ['Personal number must be exactly 11 digits'],
      email: ['invalid email format'],
      name: ['required field'],
    });
    expect(await buildingNamed(made.name)).toBeDefined();
    expect((await send('POST', `/api/buildings/${made.id}`, { name: 'x' })).statusCode).toBe(405);
  });
});

describe('deleting a complex (DELETE /buildings/{id})', () => {
  it('deletes a complex without units together with its blocks and bank accounts', async () => {
    const made = await createBuilding({ blocks: [{ name: 'A', floors: 3 }] });
    const [bank] = await db().select().from(banks).limit(1);
    await db()
      .insert(bankAccounts)
      .values({ buildingId: made.id, blockId: made.blocks[0].id, bankId: bank.id, iban: 'GE54TB0000000000000001' });
    const res = await send('DELETE', `/api/buildings/${made.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Record deleted successfully');
    expect(await buildingNamed(made.name)).toBeUndefined();
    expect(await db().$count(blocks, eq(blocks.buildingId, made.id))).toBe(0);
    expect(await db().$count(bankAccounts, eq(bankAccounts.buildingId, made.id))).toBe(0);
    expect((await get(`/api/buildings/${made.id}`)).statusCode).toBe(404);
  });

  it('refuses a complex that has units with a clear 409, and keeps everything', async () => {
    const made = await createBuilding();
    await addUnit(made.id, made.blocks[0].id, '7');
    const res = await send('DELETE', `/api/buildings/${made.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `The building "${made.name}" cannot be deleted: it has units (1). Delete them first.`,
    );
    expect(await buildingNamed(made.name)).toBeDefined();
    expect(await blocksOf(made.id)).toHaveLength(1);
  });

  it('needs delete_buildings: edit_buildings alone edits but does not delete', async () => {
    const made = await createBuilding();
    const editor = await createStaff(t, adminToken, {
      permissions: ['view_buildings', 'edit_buildings', 'all_buildings_access'],
    });
    expect(
      (await send('PUT', `/api/buildings/${made.id}`, { manager_name: 'რედაქტორი' }, editor.token)).statusCode,
    ).toBe(200);
    const refused = await send('DELETE', `/api/buildings/${made.id}`, undefined, editor.token);
    expect(refused.statusCode).toBe(403);
    expect(await buildingNamed(made.name)).toBeDefined();
  });
});

describe('building scope on single complexes', () => {
  it('a registrar of the first complex gets 404 on another for GET, PUT and DELETE; it stays untouched', async () => {
    const registrar = await t.signIn('property_registrar@demo.ge');
    const [first, second] = await demoIds();
    expect((await get(`/api/buildings/${first}`, registrar)).statusCode).toBe(200);
    for (const res of [
      await get(`/api/buildings/${second}`, registrar),
      await send('PUT', `/api/buildings/${second}`, { name: 'გადარქმეული' }, registrar),
      await sendForm(`/api/buildings/${second}`, multipart({ _method: 'PUT', name: 'გადარქმეული' }), registrar),
      await send('DELETE', `/api/buildings/${second}`, undefined, registrar),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Record not found');
    }
    expect((await db().select().from(buildings).where(eq(buildings.id, second)))[0].name).toBe('საბურთალოს კოშკები');
  });

  it('a complex made by a user limited to their buildings is assigned to them, so they see it', async () => {
    const registrar = await createStaff(t, adminToken, {
      permissions: ['view_buildings', 'add_buildings'],
      buildings: [(await demoIds())[0]],
    });
    const res = await send('POST', '/api/buildings', { name: unique('რეგისტრატორის') }, registrar.token);
    expect(res.statusCode).toBe(201);
    expect(
      await db().$count(
        userBuildings,
        and(eq(userBuildings.userId, registrar.id), eq(userBuildings.buildingId, res.json().data.id)),
      ),
    ).toBe(1);
    expect(await namesSeenBy(registrar.token)).toEqual(expect.arrayContaining(['ვაკის პარკი', res.json().data.name]));
    expect(await namesSeenBy(registrar.token)).toHaveLength(2);
    // An administrator (all buildings) is not assigned what they create.
    const mine = await createBuilding();
    expect(await db().$count(userBuildings, eq(userBuildings.buildingId, mine.id))).toBe(0);
  });
});

describe('the activity log of a complex', () => {
  it('names the complex itself on each line and keeps the values an edit replaced', async () => {
    const made = await createBuilding({ manager_name: 'ძველი მენეჯერი' });
    const edit = await sendForm(
      `/api/buildings/${made.id}`,
      multipart({ _method: 'PUT', manager_name: 'ახალი მენეჯერი', address: 'თბილისი' }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await send('DELETE', `/api/buildings/${made.id}`)).statusCode).toBe(200);
    const lines = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'buildings'), eq(activityLogs.recordId, String(made.id))))
      .orderBy(asc(activityLogs.id));
    expect(lines.map((l) => [l.action, l.method, l.statusCode, l.buildingId])).toEqual([
      ['create', 'POST', 201, made.id],
      ['update', 'PUT', 200, made.id],
      ['delete', 'DELETE', 200, made.id],
    ]);
    expect(lines[1].oldValues).toEqual({ manager_name: 'ძველი მენეჯერი', address: null });
    expect(lines[1].changes).toMatchObject({ manager_name: 'ახალი მენეჯერი', address: 'თბილისი' });
  });
});
