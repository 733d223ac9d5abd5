import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { translate } from '../../i18n';
import { verifyPassword } from '../../server/core/crypto';
import { activityLogs, buildings, roles, userBuildings, userRoles, users } from '../../server/db/schema';
import { multipart, PNG, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
let adminId: number;
let buildingIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  adminId = (await userByEmail('admin@demo.ge'))!.id;
  buildingIds = (await t.database.db.select({ id: buildings.id }).from(buildings).orderBy(buildings.id)).map(
    (b) => b.id,
  );
});
afterAll(() => t.close());

const db = () => t.database.db;
const userByEmail = async (email: string) =>
  (
    await db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
  )[0];
const liveUserCount = () => db().$count(users, isNull(users.deletedAt));
const rolesOf = async (userId: number) =>
  (
    await db()
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
  )
    .map((r) => r.name)
    .sort();
const buildingsOf = async (userId: number) =>
  (await db().select().from(userBuildings).where(eq(userBuildings.userId, userId)))
    .map((b) => b.buildingId)
    .sort((a, b) => a - b);
const logCount = () => db().$count(activityLogs);
const storedFiles = () => {
  const dir = path.join(t.config.filesDir, 'avatars');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
  extra: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { ...t.as(token), ...extra } });
const sendForm = (url: string, form: ReturnType<typeof multipart>, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...t.as(token), ...form.headers } });

let serial = 0;
const newEmail = (name = 'user') => `${name}-${++serial}-${Date.now()}@demo.ge`;
const createUser = async (fields: Record<string, unknown> = {}) => {
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

describe('the users list', () => {
  it('finds users by part of their name, email or phone', async () => {
    const byEmail = await get('/api/users?query=ACCOUNTANT');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data.map((u: { email: string }) => u.email)).toEqual(['accountant@demo.ge']);
    expect(byEmail.json().meta.total).toBe(1);

    const byName = await get(`/api/users?query=${encodeURIComponent('კაპანაძე')}`);
    expect(byName.json().data.map((u: { email: string }) => u.email)).toEqual(['accountant@demo.ge']);

    const byPhone = await get(`/api/users?query=${encodeURIComponent('599 123')}`);
    expect(byPhone.json().data.map((u: { email: string }) => u.email)).toEqual(['admin@demo.ge']);

    // LIKE wildcards are searched for literally, not used as patterns.
    const wildcard = await get(`/api/users?query=${encodeURIComponent('%')}`);
    expect(wildcard.json()).toMatchObject({ data: [], meta: { total: 0, from: null, to: null } });
  });

  it('answers each user with roles by name, building ids and no password hash', async () => {
    const res = await get('/api/users?query=sales_manager@');
    const [user] = res.json().data;
    expect(user).toMatchObject({
      email: 'sales_manager@demo.ge',
      roles: ['sales_manager'],
      buildings: [buildingIds[0]],
      active: true,
      is_admin: false,
      avatar_url: null,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/i);
  });

  it('pages through the users with the meta the paginator needs', async () => {
    const total = await liveUserCount();
    expect(total).toBeGreaterThanOrEqual(6);
    const first = await get('/api/users?page=1&perpage=5');
    expect(first.json().data).toHaveLength(5);
    expect(first.json().meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(total / 5),
      from: 1,
      to: 5,
      total,
      per_page: 5,
    });

    const second = await get('/api/users?page=2&perpage=5');
    const shown = Math.min(5, total - 5);
    expect(second.json().data).toHaveLength(shown);
    expect(second.json().meta).toEqual({
      current_page: 2,
      last_page: Math.ceil(total / 5),
      from: 6,
      to: 5 + shown,
      total,
      per_page: 5,
    });
    const ids = [...first.json().data, ...second.json().data].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(ids.length);

    const beyond = await get('/api/users?page=50&perpage=5');
    expect(beyond.json()).toMatchObject({ data: [], meta: { current_page: 50, from: null, to: null, total } });

    const defaults = await get('/api/users');
    expect(defaults.json().meta).toMatchObject({ current_page: 1, per_page: 10, total });
  });

  it('sorts by the column asked for, in the order asked for, and ignores columns it does not offer', async () => {
    const asc = (await get('/api/users?sort=email&order=asc&perpage=50'))
      .json()
      .data.map((u: { email: string }) => u.email);
    const desc_ = (await get('/api/users?sort=email&order=desc&perpage=50'))
      .json()
      .data.map((u: { email: string }) => u.email);
    expect(asc.length).toBeGreaterThanOrEqual(6);
    expect(asc).toEqual([...asc].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(desc_).toEqual([...asc].reverse());

    const unknownColumn = await get('/api/users?sort=password_hash&order=desc&perpage=50');
    expect(unknownColumn.statusCode).toBe(200);
    const ids = unknownColumn.json().data.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const badOrder = await get('/api/users?order=sideways');
    expect(badOrder.statusCode).toBe(422);
    expect(Object.keys(badOrder.json().errors)).toEqual(['order']);
  });

  it('with onlyLatest=N answers the N most recently created users, newest first', async () => {
    const older = await createUser({ full_name: 'Older One' });
    const newer = await createUser({ full_name: 'Newer One' });
    const res = await get('/api/users?onlyLatest=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { id: number }) => u.id)).toEqual([newer.id, older.id]);
    expect((await get('/api/users?onlyLatest=0')).statusCode).toBe(422);
  });

  it('opens one user by id, and answers 404 for one that does not exist', async () => {
    const res = await get(`/api/users/${adminId}`);
    expect(res.json().data).toMatchObject({ id: adminId, email: 'admin@demo.ge', roles: ['admin'], is_admin: true });
    const missing = await get('/api/users/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Record not found');
    expect((await get('/api/users/abc')).statusCode).toBe(422);
  });
});

describe('creating a user', () => {
  it('takes a form with an avatar, repeated roles[] and buildings[], and stores the links', async () => {
    const email = newEmail('form');
    const form = multipart(
      {
        full_name: 'თამარ ნოზაძე',
        email,
        phone: '+995 577 11 22 33',
        password: 'form-pass-1',
        'roles[]': ['accountant', 'client_manager'],
        'buildings[]': [String(buildingIds[1]), String(buildingIds[2])],
        active: 'true',
      },
      { avatar: { filename: 'me.png', type: 'image/png', data: PNG } },
    );
    const res = await sendForm('/api/users', form);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      full_name: 'თამარ ნოზაძე',
      email,
      phone: '+995 577 11 22 33',
      roles: ['accountant', 'client_manager'],
      buildings: [buildingIds[1], buildingIds[2]],
      active: true,
    });

    const row = await userByEmail(email);
    expect(row.fullName).toBe('თამარ ნოზაძე');
    expect(await verifyPassword('form-pass-1', row.passwordHash)).toBe(true);
    expect(row.avatarPath).toMatch(/^avatars\/.+\.png$/);
    expect(await rolesOf(row.id)).toEqual(['accountant', 'client_manager']);
    expect(await buildingsOf(row.id)).toEqual([buildingIds[1], buildingIds[2]]);

    // The new user can sign in with the password the admin gave.
    expect(await t.signIn(email, 'form-pass-1')).toBeTruthy();
  });

  it('takes a single roles field and a comma-separated buildings field from a form too', async () => {
    const email = newEmail('single');
    const res = await sendForm(
      '/api/users',
      multipart({
        full_name: 'Single Field',
        email,
        password: 'single-pass',
        roles: 'sales_manager',
        buildings: `${buildingIds[0]},${buildingIds[2]}`,
        active: 'false',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await userByEmail(email);
    expect(row.active).toBe(false);
    expect(await rolesOf(row.id)).toEqual(['sales_manager']);
    expect(await buildingsOf(row.id)).toEqual([buildingIds[0], buildingIds[2]]);
  });

  it('hands out the avatar through a signed URL only; a tampered or missing signature finds nothing', async () => {
    const email = newEmail('avatar');
    const res = await sendForm(
      '/api/users',
      multipart(
        { full_name: 'With Avatar', email, password: 'avatar-pass' },
        { avatar: { filename: 'face.png', type: 'image/png', data: PNG } },
      ),
    );
    const url: string = res.json().data.avatar_url;
    expect(url).toMatch(/^\/api\/files\/avatars\/[\w-]+\.png\?expires=\d+&signature=[\w-]+$/);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const tampered = await t.app.inject({
      method: 'GET',
      url: url.replace(signature, flipped),
      headers: { 'content-language': 'en' },
    });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().message).toBe('Record not found');

    const expires = new URL(url, 'http://x').searchParams.get('expires')!;
    const longer = await t.app.inject({
      method: 'GET',
      url: url.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`),
    });
    expect(longer.statusCode).toBe(404);

    const otherFile = await t.app.inject({
      method: 'GET',
      url: url.replace(/avatars\/[\w-]+\.png/, 'avatars/someone-else.png'),
    });
    expect(otherFile.statusCode).toBe(404);

    const unsigned = await t.app.inject({ method: 'GET', url: url.split('?')[0] });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsigned.statusCode).toBeLessThan(500);
    expect(unsigned.rawPayload.equals(PNG)).toBe(false);
  });

  it('refuses a file that is not an image as avatar, on the avatar field, and writes nothing', async () => {
    const before = await liveUserCount();
    const filesBefore = storedFiles();
    for (const file of [
      { filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
      { filename: 'fake.png', type: 'image/png', data: Buffer.from('this is not really a PNG') },
      { filename: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 tiny') },
    ]) {
      const email = newEmail('bad-avatar');
      const res = await sendForm(
        '/api/users',
        multipart({ full_name: 'Bad Avatar', email, password: 'avatar-pass' }, { avatar: file }),
      );
      expect(res.statusCode, file.filename).toBe(422);
      expect(res.json().errors).toEqual({ avatar: ['this file type is not allowed'] });
      expect(await userByEmail(email)).toBeUndefined();
    }
    expect(await liveUserCount()).toBe(before);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('refuses an email already in use whatever its case, with the translated message, and writes nothing', async () => {
    const before = await liveUserCount();
    const logsBefore = await logCount();
    const filesBefore = storedFiles();
    const form = multipart(
      { full_name: 'Copy Cat', email: 'ADMIN@Demo.GE', password: 'copycat-pass', 'roles[]': 'accountant' },
      { avatar: { filename: 'a.png', type: 'image/png', data: PNG } },
    );
    const res = await sendForm('/api/users', form);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The data is invalid. Check the marked fields.',
      errors: { email: ['this email is already used by another user'] },
    });
    expect(await liveUserCount()).toBe(before);
    expect(await logCount()).toBe(logsBefore);
    expect(storedFiles()).toEqual(filesBefore);

    const ka = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { full_name: 'Copy Cat', email: 'admin@demo.ge', password: 'copycat-pass' },
      headers: t.as(adminToken, 'ka'),
    });
    expect(ka.statusCode).toBe(422);
    expect(ka.json().errors.email).toEqual([translate('ka', 'validation.email_taken')]);
    expect(ka.json().errors.email[0]).not.toBe('this email is already used by another user');
  });

  it('refuses an unknown role or building by name on its field, and writes nothing', async () => {
    const before = await liveUserCount();
    const email = newEmail('unknown-role');
    const res = await send('POST', '/api/users', {
      full_name: 'Ghost Role',
      email,
      password: 'ghost-pass-1',
      roles: ['accountant', 'ghost'],
      buildings: [buildingIds[0], 999999],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ roles: ['unknown role: ghost'], buildings: ['unknown building: 999999'] });
    expect(await userByEmail(email)).toBeUndefined();
    expect(await liveUserCount()).toBe(before);
  });

  it('lists every missing or malformed field at once', async () => {
    const res = await send('POST', '/api/users', { email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      full_name: ['required field'],
      email: ['invalid email format'],
      password: ['min. 8 characters'],
    });
    const blank = await send('POST', '/api/users', { full_name: '   ', email: '', password: 'long-enough' });
    expect(blank.json().errors.full_name).toEqual(['required field']);
    expect(blank.json().errors.email[0]).toBe('email is required');
  });

  it('never stores fields it does not know (no mass assignment)', async () => {
    const email = newEmail('sneaky');
    const res = await send('POST', '/api/users', {
      full_name: 'Sneaky Person',
      email,
      password: 'sneaky-pass-1',
      is_admin: true,
      password_hash: 'scrypt$1$1$1$AAAA$AAAA',
      id: 424242,
      deleted_at: '2020-01-01',
      avatar_path: '../../etc/passwd',
      permissions: ['view_users', 'delete_users'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.id).not.toBe(424242);
    expect(data).toMatchObject({ is_admin: false, roles: [], avatar_url: null });
    const row = await userByEmail(email);
    expect(row.id).toBe(data.id);
    expect(row.deletedAt).toBeNull();
    expect(row.avatarPath).toBeNull();
    expect(row.passwordHash).not.toBe('scrypt$1$1$1$AAAA$AAAA');
    expect(await verifyPassword('sneaky-pass-1', row.passwordHash)).toBe(true);
    expect(await rolesOf(row.id)).toEqual([]);
    const token = await t.signIn(email, 'sneaky-pass-1');
    expect((await get('/api/user', token)).json().data.permissions).toEqual([]);
  });
});
