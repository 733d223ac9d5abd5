import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sha256 } from '../../server/core/crypto';
import { rows } from '../../server/db/client';
import { isPermission, PERMISSIONS } from '../../domain/permissions';
import type { Access } from '../../server/core/types';
import { translate } from '../../i18n';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

/** The only routes anyone may call without signing in. Adding one here must be a conscious decision. */
const PUBLIC_ROUTES = [
  'GET /api/config',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/yaml',
  'POST /api/login',
  'POST /api/pre-auth',
  'POST /api/resend-otp',
  'POST /api/users/check-password-reset-token',
  'POST /api/users/reset-password',
  'POST /api/users/reset-password-confirm',
].sort();

/**
 * A concrete address for a route pattern:
 * a date and a currency where asked, 1 for other parameters, a plausible path for a wildcard.
 */
const concrete = (url: string) =>
  url
    .replace(/:date\b/g, '2026-01-05')
    .replace(/:ccy\b/g, 'usd')
    .replace(/:[A-Za-z_]+/g, '1')
    .replace(/\*$/, 'avatars/placeholder.png');

const routes = () => t.app.routeTable;

/** A user with a role of exactly `permissions` and a session, written straight to the database (many are needed). */
async function staffInSql(permissions: readonly string[]): Promise<string> {
  const suffix = randomUUID();
  const db = t.database.db;
  const [role] = await rows<{ id: number }>(db, sql`insert into roles (name) values (${suffix}) returning id`);
  await db.execute(
    sql`insert into role_permissions (role_id, permission) select ${role.id}, unnest(${sql.param(permissions)}::text[])`,
  );
  const [user] = await rows<{ id: number }>(
    db,
    sql`insert into users (full_name, email, password_hash) values (${suffix}, ${`${suffix}@demo.ge`}, 'x') returning id`,
  );
  await db.execute(sql`insert into user_roles (user_id, role_id) values (${user.id}, ${role.id})`);
  const token = randomBytes(24).toString('base64url');
  await db.execute(
    sql`insert into sessions (user_id, token_hash, expires_at) values (${user.id}, ${sha256(token)}, now() + interval '1 hour')`,
  );
  return token;
}
const guarded = () => routes().filter((r) => r.access !== 'public' && r.access !== 'signed');
type GuardedByPermission = { method: string; url: string; access: Extract<Access, { any: unknown }> };
const byPermission = () => routes().filter((r): r is GuardedByPermission => typeof r.access === 'object');
const label = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('the route table', () => {
  it('has routes of every kind, so the walks below cover something', () => {
    expect(guarded().length).toBeGreaterThan(10);
    expect(byPermission().length).toBeGreaterThan(8);
    expect(routes().map(label)).toEqual(
      expect.arrayContaining([
        'GET /api/users',
        'POST /api/users',
        'PUT /api/users/:id',
        'POST /api/users/:id',
        'DELETE /api/role-permission/roles/:id',
      ]),
    );
  });

  it('has exactly the agreed public routes', () => {
    const open = routes()
      .filter((r) => r.access === 'public')
      .map(label)
      .sort();
    expect(open).toEqual(PUBLIC_ROUTES);
  });

  it('names only permissions that exist, and never an empty list that nobody could satisfy', () => {
    for (const route of byPermission()) {
      expect(route.access.any.length, label(route)).toBeGreaterThan(0);
      for (const permission of route.access.any)
        expect(isPermission(permission), `${label(route)} needs ${permission}`).toBe(true);
    }
  });

  it('answers 401 with a message on every non-public route when no token is sent', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { 'content-language': 'en' },
      });
      if (res.statusCode !== 401 || res.json().message !== 'Please sign in')
        failures.push(`${label(route)} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 on every non-public route for a token that was never issued', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: t.as('made-up-token'),
      });
      if (res.statusCode !== 401) failures.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 on every permission-guarded route to a signed-in user whose role grants nothing', async () => {
    const nobody = await createStaff(t, adminToken, { permissions: [], role: 'no rights' });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: t.as(nobody.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.permissions).toEqual([]);
    const failures: string[] = [];
    for (const route of byPermission()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: t.as(nobody.token),
      });
      if (res.statusCode !== 403 || res.json().message !== 'You do not have permission for this action')
        failures.push(`${label(route)} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 on each guarded route to a user holding every permission but the ones it lists', async () => {
    // one such user per distinct list of permissions: the busiest role that still may not open that door
    const byNeeds = new Map<string, GuardedByPermission[]>();
    for (const route of byPermission()) {
      const key = [...route.access.any].sort().join(',');
      byNeeds.set(key, [...(byNeeds.get(key) ?? []), route]);
    }
    expect(byNeeds.size).toBeGreaterThan(20);
    for (const [key, routes] of byNeeds) {
      const needed = new Set(key.split(','));
      const outsider = await staffInSql(PERMISSIONS.filter((p) => !needed.has(p)));
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: t.as(outsider),
        });
        expect(res.statusCode, label(route)).toBe(403);
      }
    }
  }, 120_000);

  it('lets a user through each guarded route when they hold just one of the permissions it lists', async () => {
    // Only reads are walked here: they change nothing, so the answer can be anything but 401/403.
    const reads = byPermission().filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThan(2);
    const holders = new Map<string, string>();
    for (const route of reads) {
      const permission = route.access.any[route.access.any.length - 1];
      const holder = holders.get(permission) ?? (await staffInSql([permission]));
      holders.set(permission, holder);
      const res = await t.app.inject({ method: 'GET', url: concrete(route.url), headers: t.as(holder) });
      expect([401, 403], `${label(route)} with ${permission} → ${res.statusCode}`).not.toContain(res.statusCode);
    }
  });

  it('lets a signed-in user with no permissions reach the routes open to every signed-in user', async () => {
    const nobody = await createStaff(t, adminToken, { permissions: [] });
    const reads = routes().filter((r) => r.access === 'authenticated' && r.method === 'GET');
    expect(reads.map(label)).toEqual(expect.arrayContaining(['GET /api/user', 'GET /api/users/user-permissions']));
    for (const route of reads) {
      const res = await t.app.inject({ method: 'GET', url: concrete(route.url), headers: t.as(nobody.token) });
      // a record of the user's own (GET /notifications/:id) answers 404 when the user has no record 1: still reached
      if (route.url.includes('/:')) expect([401, 403], label(route)).not.toContain(res.statusCode);
      else expect(res.statusCode, label(route)).toBe(200);
    }
  });
});

describe('a body nested deeper than any form', () => {
  /** `{"a":{"a":…1…}}`, `levels` objects deep. */
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const takesBody = () => routes().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
  const tooDeep = (locale: 'en' | 'ka' | 'ru') => translate(locale, 'server.body_too_deep', { depth: 64 });

  it('is refused with a translated 400 on every route that takes a body, signed in or not', async () => {
    expect(takesBody().length).toBeGreaterThan(100);
    const body = nested(10_000);
    const failures: string[] = [];
    for (const route of takesBody()) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { ...t.as(adminToken, 'en'), 'content-type': 'application/json' },
        payload: body,
      });
      if (res.statusCode !== 400 || res.json().message !== tooDeep('en'))
        failures.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    for (const locale of ['ka', 'ru'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        headers: { 'content-language': locale, 'content-type': 'application/json' },
        payload: nested(65),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(tooDeep(locale));
      expect(tooDeep(locale)).not.toBe(tooDeep('en'));
    }
  }, 120_000);

  it('is read as usual up to 64 levels, brackets inside text not counted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      headers: { 'content-language': 'en', 'content-type': 'application/json' },
      payload: `{"email": "nobody@demo.ge", "note": "${'[{'.repeat(100)}\\"", "x": ${nested(63)}}`,
    });
    expect(res.statusCode, res.body).not.toBe(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('is refused in a multipart field read as JSON, on the field', async () => {
    const form = multipart({ name: 'Deep complex', blocks: `[${nested(200)}]` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/buildings',
      headers: { ...t.as(adminToken, 'en'), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.blocks).toEqual([translate('en', 'validation.too_deep')]);
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/docs/json without signing in and describes the users and sign-in calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users', '/api/login', '/api/users/{id}', '/api/role-permission/roles']),
    );
    expect(Object.keys(doc.paths['/api/users'])).toEqual(expect.arrayContaining(['get', 'post']));
    // Generated from the zod schema that validates the call: its fields are there.
    const login = doc.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['email', 'password', 'code']));
    const listParams = (doc.paths['/api/users'].get.parameters as Array<{ name: string; in: string }>)
      .filter((p) => p.in === 'query')
      .map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['query', 'page', 'perpage', 'sort', 'order']));
  });

  it('serves the documentation page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });
});
