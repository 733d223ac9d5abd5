import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { translate } from '../../i18n';
import { MAX_PAGE_SIZE } from '../../server/core/paging';
import { activityLogs, idempotencyKeys, roles, users } from '../../server/db/schema';
import { createStaff, multipart, PNG, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const db = () => t.database.db;
const bearer = (token = adminToken) => ({ authorization: `Bearer ${token}` });
const liveUsers = () => db().$count(users, isNull(users.deletedAt));
const usersWithEmail = (email: string) => db().$count(users, sql`lower(${users.email}) = lower(${email})`);

describe('the language of server messages', () => {
  it('follows Content-Language for the same 401, and is Georgian without it', async () => {
    const message = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(res.statusCode).toBe(401);
      return res.json().message as string;
    };
    const en = await message({ 'content-language': 'en' });
    const ru = await message({ 'content-language': 'ru' });
    const ka = await message({ 'content-language': 'ka' });
    expect(en).toBe('Please sign in');
    expect(ru).toBe(translate('ru', 'server.unauthenticated'));
    expect(ka).toBe(translate('ka', 'server.unauthenticated'));
    expect(new Set([en, ru, ka]).size).toBe(3);
    expect(await message({})).toBe(ka);
    expect(await message({ 'content-language': 'fr' })).toBe(ka);
    // A browser's own Accept-Language is honoured when Content-Language is absent.
    expect(await message({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).toBe(ru);
    expect(await message({ 'content-language': 'en', 'accept-language': 'ru' })).toBe(en);
  });

  it('follows Content-Language for the same 422, message and field errors alike', async () => {
    const answer = async (locale?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { email: 'not-an-email' },
        headers: { ...bearer(), ...(locale ? { 'content-language': locale } : {}) },
      });
      expect(res.statusCode).toBe(422);
      return res.json() as { message: string; errors: Record<string, string[]> };
    };
    const en = await answer('en');
    expect(en).toEqual({
      message: 'The data is invalid. Check the marked fields.',
      errors: { full_name: ['required field'], email: ['invalid email format'], password: ['required field'] },
    });
    for (const locale of ['ka', 'ru'] as const) {
      const other = await answer(locale);
      expect(other).toEqual({
        message: translate(locale, 'server.invalid_input'),
        errors: {
          full_name: [translate(locale, 'validation.required')],
          email: [translate(locale, 'validation.invalid_email')],
          password: [translate(locale, 'validation.required')],
        },
      });
      expect(other.errors.full_name[0]).not.toBe('required field');
      expect(other.message).not.toBe(en.message);
    }
    expect(await answer()).toEqual(await answer('ka'));
  });
});

describe('Idempotency-Key', () => {
  const body = (email: string) => ({ full_name: 'Once Only', email, password: 'once-only-1', roles: ['accountant'] });
  const create = (payload: object, key?: string, token = adminToken) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload,
      headers: { ...t.as(token), ...(key ? { 'idempotency-key': key } : {}) },
    });

  it('a repeated create with the same key creates one user and answers the first answer again', async () => {
    const before = await liveUsers();
    const logsBefore = await db().$count(activityLogs, eq(activityLogs.route, '/api/users'));
    const first = await create(body('once@demo.ge'), 'key-one');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await create(body('once@demo.ge'), 'key-one');
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/application\/json/);
    expect(second.json()).toEqual(first.json());
    expect(await usersWithEmail('once@demo.ge')).toBe(1);
    expect(await liveUsers()).toBe(before + 1);
    // The replay is not a second write: the activity log holds one creation.
    expect(await db().$count(activityLogs, eq(activityLogs.route, '/api/users'))).toBe(logsBefore + 1);
  });

  it('a different key is a different request', async () => {
    const first = await create(body('twice-a@demo.ge'), 'key-a');
    const second = await create(body('twice-b@demo.ge'), 'key-b');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data.id).not.toBe(first.json().data.id);
    // Without the key the same data is simply refused as a duplicate.
    const again = await create(body('twice-a@demo.ge'));
    expect(again.statusCode).toBe(422);
    expect(await usersWithEmail('twice-a@demo.ge')).toBe(1);
  });

  it('lets a request refused as invalid be corrected and sent again with its key', async () => {
    const refused = await create({ full_name: 'x' }, 'key-invalid');
    expect(refused.statusCode).toBe(422);
    const corrected = await create(body('later-fixed@demo.ge'), 'key-invalid');
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(await usersWithEmail('later-fixed@demo.ge')).toBe(1);
  });

  it('replays a refusal the handler gave, and keeps one user’s keys apart from another’s', async () => {
    const refused = await create(body('Once@Demo.ge'), 'key-refused');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual(['this email is already used by another user']);
    const replay = await create(body('Once@Demo.ge'), 'key-refused');
    expect(replay.statusCode).toBe(422);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(refused.json());
    // The same key with another body is not the same request (Stripe's rule): refused, nothing written.
    const reused = await create(body('someone-new@demo.ge'), 'key-refused');
    expect(reused.statusCode).toBe(422);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(reused.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect(await usersWithEmail('someone-new@demo.ge')).toBe(0);

    const colleague = await createStaff(t, adminToken, { permissions: ['add_users', 'view_users'] });
    const theirs = await create({ ...body('colleagues-own@demo.ge'), roles: [] }, 'key-one', colleague.token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.email).toBe('colleagues-own@demo.ge');
  });

  it('refuses a key reused on another route, and replays the first answer only to the same body', async () => {
    const first = await create(body('reuse-a@demo.ge'), 'key-reuse');
    expect(first.statusCode).toBe(201);
    const otherBody = await create(body('reuse-b@demo.ge'), 'key-reuse');
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().errors['Idempotency-Key']).toEqual([
      'This Idempotency-Key was already used for a different request',
    ]);
    const otherRoute = await t.app.inject({
      method: 'POST',
      url: '/api/role-permission/roles',
      payload: { name: 'reuse role', permissions: [] },
      headers: { ...t.as(adminToken), 'idempotency-key': 'key-reuse' },
    });
    expect(otherRoute.statusCode).toBe(422);
    expect(await usersWithEmail('reuse-b@demo.ge')).toBe(0);
    expect(await db().$count(roles, eq(roles.name, 'reuse role'))).toBe(0);
    expect((await create(body('reuse-a@demo.ge'), 'key-reuse')).headers['idempotent-replayed']).toBe('true');
  });

  it('lets the retry of a request that died mid-way go through once its claim is abandoned', async () => {
    const admin = (await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge')))[0];
    const crashed = { userId: admin.id, key: 'key-crashed', route: 'POST /api/users', requestHash: null };
    // A claim made a second ago is still in flight: the retry waits (409)...
    await db()
      .insert(idempotencyKeys)
      .values({ ...crashed, createdAt: new Date(Date.now() - 1000) });
    expect((await create(body('after-crash@demo.ge'), 'key-crashed')).statusCode).toBe(409);
    // ...one left unanswered for minutes belongs to a request that died: the retry takes it over and writes once.
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(idempotencyKeys.key, 'key-crashed'));
    const retry = await create(body('after-crash@demo.ge'), 'key-crashed');
    expect(retry.statusCode).toBe(201);
    expect(await usersWithEmail('after-crash@demo.ge')).toBe(1);
    expect((await create(body('after-crash@demo.ge'), 'key-crashed')).headers['idempotent-replayed']).toBe('true');
    expect(await usersWithEmail('after-crash@demo.ge')).toBe(1);
  });

  it('refuses an absurdly long key', async () => {
    const res = await create(body('long-key@demo.ge'), 'k'.repeat(201));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['Idempotency-Key']).toEqual(['the value is too long']);
    expect(await usersWithEmail('long-key@demo.ge')).toBe(0);
  });
});

describe('addresses and bodies the server cannot serve', () => {
  it('answers an unknown /api address with a translated 404 in JSON', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'content-language': 'en' } });
    expect(en.statusCode).toBe(404);
    expect(en.headers['content-type']).toMatch(/application\/json/);
    expect(en.json()).toEqual({ message: 'No such address' });
    const ka = await t.app.inject({ method: 'POST', url: '/api/users/1/nothing', payload: {}, headers: bearer() });
    expect(ka.statusCode).toBe(404);
    expect(ka.json()).toEqual({ message: translate('ka', 'server.route_not_found') });
    const wrongMethod = await t.app.inject({
      method: 'PATCH',
      url: '/api/users',
      headers: { 'content-language': 'ru' },
    });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json().message).toBe(translate('ru', 'server.route_not_found'));
  });

  it('answers a path id beyond the integer range with 404, the same id in a body with 422 on its field', async () => {
    const sale = await t.app.inject({
      method: 'GET',
      url: '/api/sales/2147483648',
      headers: { ...bearer(), 'content-language': 'en' },
    });
    expect(sale.statusCode).toBe(404);
    expect(sale.json()).toEqual({ message: translate('en', 'server.not_found') });
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/pay',
      payload: { sale_id: 2147483648, amount: 10, currency: 'USD', paid_on: '2026-01-05', mode: 'sale' },
      headers: { ...bearer(), 'content-language': 'en' },
    });
    expect(pay.statusCode).toBe(422);
    expect(pay.json().errors.sale_id).toEqual([translate('en', 'validation.invalid_type')]);
  });

  it('answers an oversized JSON body with 413 and writes nothing', async () => {
    const before = await liveUsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        full_name: 'Huge',
        email: 'huge@demo.ge',
        password: 'huge-pass-1',
        phone: 'x'.repeat(t.config.bodyLimitBytes + 10),
      },
      headers: t.as(adminToken),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large' });
    expect(await liveUsers()).toBe(before);
  });

  it('answers a broken multipart body with a 4xx and a message, never a 500, and writes nothing', async () => {
    const before = await liveUsers();
    const good = multipart(
      { full_name: 'Broken Form', email: 'broken@demo.ge', password: 'broken-pass' },
      { avatar: { filename: 'a.png', type: 'image/png', data: PNG } },
    );
    const cases: Array<{ what: string; contentType: string; payload: Buffer | string }> = [
      {
        what: 'boundary that never appears',
        contentType: 'multipart/form-data; boundary=nothing-like-this',
        payload: good.payload,
      },
      { what: 'no boundary at all', contentType: 'multipart/form-data', payload: good.payload },
      {
        what: 'cut off in the middle',
        contentType: good.headers['content-type'],
        payload: good.payload.subarray(0, Math.floor(good.payload.length / 2)),
      },
      { what: 'not multipart inside', contentType: good.headers['content-type'], payload: 'just some text' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: c.payload,
        headers: { ...t.as(adminToken), 'content-type': c.contentType },
      });
      expect(res.statusCode, `${c.what}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.what}: ${res.body}`).toBeLessThan(500);
      expect(typeof res.json().message, c.what).toBe('string');
    }
    expect(await usersWithEmail('broken@demo.ge')).toBe(0);
    expect(await liveUsers()).toBe(before);
  });

  it('answers malformed JSON and a body of the wrong content type with a translated 4xx', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: '{"full_name": "x",',
      headers: { ...t.as(adminToken), 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: '<user/>',
      headers: { ...t.as(adminToken), 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'Unsupported content type' });
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { full_name: ['a'], email: 7, password: { x: 1 }, roles: 'not-a-list', buildings: ['x'] },
      headers: t.as(adminToken),
    });
    expect(wrongTypes.statusCode).toBe(422);
    expect(Object.keys(wrongTypes.json().errors).sort()).toEqual(
      expect.arrayContaining(['email', 'full_name', 'password']),
    );
  });
});

describe('an oversized upload', () => {
  it('is refused with 413 and leaves no user behind', async () => {
    const small = await startTestApp({ MAX_UPLOAD_MB: String(2048 / (1024 * 1024)) });
    try {
      const token = await small.signIn('admin@demo.ge');
      const big = Buffer.concat([PNG, Buffer.alloc(4096)]);
      const form = multipart(
        { full_name: 'Big Picture', email: 'big@demo.ge', password: 'big-pass-1' },
        { avatar: { filename: 'big.png', type: 'image/png', data: big } },
      );
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: form.payload,
        headers: { ...small.as(token), ...form.headers },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The file is too large: at most 0.002 MB' });
      expect(await small.database.db.$count(users, eq(users.email, 'big@demo.ge'))).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe('list paging', () => {
  const list = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: t.as(adminToken) });

  it('takes page=0 as the first page', async () => {
    const zero = await list('page=0&perpage=5');
    expect(zero.statusCode).toBe(200);
    expect(zero.json().meta.current_page).toBe(1);
    expect(zero.json().data).toEqual((await list('page=1&perpage=5')).json().data);
  });

  it('refuses a page below 0 and a page size below 0 or above the maximum, on the field', async () => {
    for (const [query, field] of [
      ['page=-1', 'page'],
      ['page=-3', 'page'],
      ['page=abc', 'page'],
      ['perpage=-1', 'perpage'],
      ['perpage=2.5', 'perpage'],
      [`perpage=${MAX_PAGE_SIZE + 1}`, 'perpage'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('with perpage=0 answers every record on one page', async () => {
    const total = await liveUsers();
    const res = await list('perpage=0');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(total);
    expect(res.json().meta).toEqual({ current_page: 1, last_page: 1, from: 1, to: total, total, per_page: 0 });
  });

  it('with perpage=0 never answers more than the server maximum', async () => {
    const passwordHash = (await db().select({ h: users.passwordHash }).from(users).limit(1))[0].h;
    const rows = Array.from({ length: MAX_PAGE_SIZE + 5 }, (_, i) => ({
      fullName: `Bulk ${i}`,
      email: `bulk-${i}@demo.ge`,
      passwordHash,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await db()
        .insert(users)
        .values(rows.slice(i, i + 250));
    const total = await liveUsers();
    expect(total).toBeGreaterThan(MAX_PAGE_SIZE);
    const res = await list('perpage=0');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(MAX_PAGE_SIZE);
    expect(res.json().meta).toMatchObject({ current_page: 1, from: 1, to: MAX_PAGE_SIZE, total, per_page: 0 });
  });
});

describe('the request log', () => {
  it('writes one line a request when answered: method, address, status and time, under the request id', async () => {
    const before = t.logs.length;
    const res = await t.app.inject({ url: '/api/user', headers: bearer() });
    expect(res.statusCode).toBe(200);
    const lines = t.logs.slice(before).filter((line) => line.reqId !== undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'answered', method: 'GET', url: '/api/user', status: 200 });
    expect(lines[0].ms).toEqual(expect.any(Number));
  });
});
