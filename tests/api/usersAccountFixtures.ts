/** What the split test files of one topic share: the app, its tokens, and the helpers. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { activityLogs, buildings, roles, userBuildings, userRoles, users } from '../../server/db/schema';
import { startTestApp, type multipart, type TestApp } from './harness';

export let t: TestApp;
export let adminToken: string;
export let adminId: number;
export let buildingIds: number[];

/** Starts the app before the calling file's tests and closes it after them: call once at the top of a test file. */
export function useUsersAccountFixtures() {
  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await t.signIn('admin@demo.ge');
    adminId = (await userByEmail('admin@demo.ge'))!.id;
    buildingIds = (await t.database.db.select({ id: buildings.id }).from(buildings).orderBy(buildings.id)).map(
      (b) => b.id,
    );
  });
  afterAll(() => t.close());
}

export const db = () => t.database.db;
export const userByEmail = async (email: string) =>
  (
    await db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
  )[0];
export const rolesOf = async (userId: number) =>
  (
    await db()
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
  )
    .map((r) => r.name)
    .sort();
export const buildingsOf = async (userId: number) =>
  (await db().select().from(userBuildings).where(eq(userBuildings.userId, userId)))
    .map((b) => b.buildingId)
    .sort((a, b) => a - b);
export const lastLog = async () => (await db().select().from(activityLogs).orderBy(desc(activityLogs.id)).limit(1))[0];
export const logCount = () => db().$count(activityLogs);
export const storedFiles = () => {
  const dir = path.join(t.config.filesDir, 'avatars');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

export const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
export const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
  extra: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { ...t.as(token), ...extra } });
export const sendForm = (url: string, form: ReturnType<typeof multipart>, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...t.as(token), ...form.headers } });

export let serial = 0;
export const newEmail = (name = 'user') => `${name}-${++serial}-${Date.now()}@demo.ge`;
export const createUser = async (fields: Record<string, unknown> = {}) => {
  const res = await send('POST', '/api/users', {
    full_name: 'ლაშა გელაშვილი',
    email: newEmail(),
    password: 'secret-pass-1',
    roles: [],
    buildings: [],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    email: string;
    full_name: string;
    avatar_url: string | null;
    roles: string[];
    buildings: number[];
  };
};
