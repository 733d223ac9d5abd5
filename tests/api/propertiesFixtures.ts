/** What the split test files of one topic share: the app, its tokens, and the helpers. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { blocks, buildings, properties } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { holdUnit } from './dealFixtures';
import type { PropertyStatus } from '../../domain/inventory';

export let t: TestApp;
export let adminToken: string;
export let registrarToken: string;
/** The demo complexes by id: the registrar is assigned to the first only. */
export let complexes: Array<{ id: number; name: string }>;

/** Starts the app before the calling file's tests and closes it after them: call once at the top of a test file. */
export function usePropertiesFixtures() {
  beforeAll(async () => {
    t = await startTestApp();
    [adminToken, registrarToken] = await Promise.all([
      t.signIn('admin@demo.ge'),
      t.signIn('property_registrar@demo.ge'),
    ]);
    complexes = await db().select({ id: buildings.id, name: buildings.name }).from(buildings).orderBy(buildings.id);
  });
  afterAll(() => t.close());
}

export const db = () => t.database.db;
export const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
export const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
  locale = 'en',
) => t.app.inject({ method, url, payload, headers: t.as(token, locale) });

export const unique = () => randomUUID().slice(0, 6);
/** A complex of its own, so counts and filters see only what the test made. */
export const newBuilding = async (name = `Test complex ${unique()}`) =>
  (await db().insert(buildings).values({ name }).returning())[0];
export const newBlock = async (buildingId: number, name = `Block ${unique()}`) =>
  (await db().insert(blocks).values({ buildingId, name }).returning())[0];
export const row = async (id: number) => (await db().select().from(properties).where(eq(properties.id, id)))[0];
export const unitsIn = (buildingId: number) => db().$count(properties, eq(properties.buildingId, buildingId));
/** Puts a unit in the deal the status stands for (holdUnit), or sets free or not for sale. */
export const setStatus = (id: number, status: PropertyStatus) => holdUnit(db(), id, status);

export interface Unit {
  id: number;
  no: string;
  status: string;
  area: number;
  price: number | null;
  price_per_m2: number | null;
  building_name: string;
  block_name: string | null;
  features: number[];
  feature_list: Array<{ id: number; name: string; group_name: string | null }>;
  parts: Array<{ id: number; no: string; area: number }>;
  parent: { id: number; no: string } | null;
  archived: boolean;
}

export const addUnit = async (fields: Record<string, unknown>, token = adminToken): Promise<Unit> => {
  const res = await send('POST', '/api/properties', { floor: 3, area: 64.3, ...fields }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
