/** What the split test files of one topic share: the app, its tokens, and the helpers. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { blocks, buildings, properties } from '../../server/db/schema';
import { startTestApp, type multipart, type TestApp } from './harness';

export let t: TestApp;
export let adminToken: string;
/** Starts the app before the calling file's tests and closes it after them: call once at the top of a test file. */
export function useBuildingsFixtures() {
  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await t.signIn('admin@demo.ge');
  });
  afterAll(() => t.close());
}

export const namesSeenBy = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/buildings?perpage=0', headers: t.as(token) });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ name: string }>).map((b) => b.name);
};

/* ------------------------------------------------------------------------------------------------ */

export const db = () => t.database.db;
export const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
export const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });
export const sendForm = (url: string, form: ReturnType<typeof multipart>, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...t.as(token), ...form.headers } });
export const storedFacsimiles = () => {
  const dir = path.join(t.config.filesDir, 'facsimiles');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
export const buildingNamed = async (name: string) =>
  (await db().select().from(buildings).where(eq(buildings.name, name)))[0];
export const blocksOf = async (buildingId: number) =>
  (await db().select().from(blocks).where(eq(blocks.buildingId, buildingId)).orderBy(asc(blocks.name))).map((b) => ({
    id: b.id,
    name: b.name,
    floors: b.floors,
  }));
export const demoIds = async () =>
  (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(3)).map((b) => b.id);
export const addUnit = async (buildingId: number, blockId: number | null, no: string) =>
  db().insert(properties).values({ buildingId, blockId, no, floor: 1, area: '55.50' });
export let serial = 0;
export const unique = (name: string) => `${name} ${++serial}-${Date.now()}`;
export const createBuilding = async (fields: Record<string, unknown> = {}) => {
  const res = await send('POST', '/api/buildings', {
    name: unique('კომპლექსი'),
    blocks: [{ name: 'A', floors: 9 }],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string; blocks: Array<{ id: number; name: string; floors: number }> };
};
