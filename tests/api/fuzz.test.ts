import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ROLE_NAMES } from '../../domain/permissions';
import { rows } from '../../server/db/client';
import { startTestApp, type TestApp } from './harness';

/**
 * Bad-input suite, generic over the route table: for every route, fast-check sends values from outside its
 * schema (wrong types, null, huge and negative numbers, impossible dates, unicode, arrays for scalars, fields nobody
 * may set, ids that are not numbers or do not exist) in the body, the query and the path, as each demo role. No answer
 * may be a 5xx or carry a stack trace or SQL; a 4xx carries a message; a route whose writes were all refused leaves
 * every table's row count as it was.
 */
let t: TestApp;
const tokens: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLE_NAMES) tokens.push(await t.signIn(`${role}@demo.ge`));
}, 120_000);
afterAll(() => t.close());

/** Routes that end the sessions the suite signs in with, or sign in themselves (their own suite covers them). */
const SKIPPED = /^\/api\/(logout|login|pre-auth|resend-otp|users\/reset-password|users\/me\/update-password|docs)/;
const RUNS_PER_ROUTE = 40;

const BAD_SCALARS: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2 ** 31,
  -(2 ** 53),
  1e308,
  '',
  ' ',
  'x'.repeat(20_000),
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  "1'; drop table sales; --",
  '🏠🇬🇪 ქართული',
  '١٢٣',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  [],
  [1, 'a', null],
  {},
  { id: 1 },
];
/** Fields a client must never set, sent beside the others. */
const FORBIDDEN = ['id', 'is_admin', 'permissions', 'roles', 'created_at', 'deleted_at', 'paid_total', 'user_id'];
const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999', '2147483648', '%F0%9F%8F%A0', '1e3', ' 1'];

/** The field names a zod schema declares (objects, and objects inside transforms or pipes), else a few usual ones. */
function fieldsOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; schema?: unknown } } };
  if (s?.shape) return Object.keys(s.shape);
  const inner = s?._zod?.def?.in ?? s?._zod?.def?.schema;
  if (inner && inner !== schema) return fieldsOf(inner);
  return ['name', 'amount', 'date_from', 'sale_id'];
}

const scalar = fc.constantFrom(...BAD_SCALARS);
const anything = fc.oneof(
  scalar,
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.date().map((d) => d.toISOString()),
);
const badObject = (fields: string[]) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...fields), anything, { maxKeys: fields.length }),
      fc.constantFrom(...fields),
      scalar,
      fc.subarray(FORBIDDEN),
    )
    .map(([others, field, bad, forbidden]) => ({
      ...others,
      [field]: bad,
      ...Object.fromEntries(forbidden.map((f) => [f, 1])),
    }));

const queryOf = (object: Record<string, unknown>) =>
  Object.entries(object)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

/** Exact row counts of every table of the public schema, in one statement. */
async function rowCounts(): Promise<string> {
  const tables = await rows<{ name: string }>(
    t.database.db,
    // the sales' kept sums change when a job folds earlier writes into them, whatever the request
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in
      ('activity_logs', 'sessions', 'idempotency_keys', 'login_challenges', '__drizzle_migrations', 'sale_totals',
       'sale_total_changes') order by 1`,
  );
  const counted = await rows<Record<string, string>>(
    t.database.db,
    sql.raw(`select ${tables.map((x) => `(select count(*) from "${x.name}")::text as "${x.name}"`).join(', ')}`),
  );
  return JSON.stringify(counted[0]);
}

describe('values from outside every route’s schema', () => {
  it('never answer 5xx, a stack or SQL; a refusal has a message and a refused write changes nothing', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.access !== 'public' && !SKIPPED.test(r.url) && !r.url.includes('*'),
    );
    const rights = () =>
      rows<{ email: string; roles: string; permissions: string; buildings: string }>(
        t.database.db,
        sql`select u.email,
          (select string_agg(r.name, ',' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = u.id) as roles,
          (select string_agg(distinct rp.permission, ',') from user_roles ur
            join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = u.id) as permissions,
          (select string_agg(ub.building_id::text, ',' order by ub.building_id) from user_buildings ub
            where ub.user_id = u.id) as buildings
        from users u where u.email like '%@demo.ge' order by u.email`,
      );
    const rightsBefore = await rights();
    const [{ last: lastComplexBefore }] = await rows<{ last: number }>(
      t.database.db,
      sql`select coalesce(max(id), 0)::int as last from buildings`,
    );
    const byClass = new Map<string, number>();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const write = route.method !== 'GET';
      const fields = fieldsOf(write ? schema.body : schema.querystring);
      const before = write ? await rowCounts() : '';
      let accepted = false;
      await fc.assert(
        fc.asyncProperty(
          badObject(fields),
          fc.constantFrom(...BAD_IDS),
          fc.nat(tokens.length - 1),
          async (input, badId, who) => {
            const url = route.url.replace(/:[A-Za-z_]+/g, () => badId);
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: write ? url : `${url}?${queryOf(input)}`,
              headers: { ...t.as(tokens[who], 'en'), 'idempotency-key': `fuzz-${sent}` },
              ...(write ? { payload: input as object } : {}),
            });
            sent++;
            const status = `${Math.floor(res.statusCode / 100)}xx`;
            byClass.set(status, (byClass.get(status) ?? 0) + 1);
            if (write && res.statusCode < 300) accepted = true;
            const body = res.body;
            const problem =
              res.statusCode >= 500
                ? `answered ${res.statusCode}`
                : /\n\s+at |node_modules|\bselect\b.+\bfrom\b|syntax error at/i.test(body)
                  ? 'leaks a stack or SQL'
                  : res.statusCode >= 400 &&
                      res.headers['content-type']?.toString().includes('json') &&
                      typeof (res.json() as { message?: unknown }).message !== 'string'
                    ? 'refuses without a message'
                    : null;
            if (problem) failures.push(`${route.method} ${url} ${JSON.stringify(input).slice(0, 200)}: ${problem}`);
            return true;
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 15 },
      );
      if (write && !accepted && (await rowCounts()) !== before)
        failures.push(`${route.method} ${route.url}: every write was refused, yet row counts changed`);
    }
    console.log(
      `fuzz: ${sent} requests on ${routes.length} routes; ${[...byClass.entries()]
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    expect([...new Set(failures)].slice(0, 30)).toEqual([]);
    // whatever was sent, by whoever, nobody's roles, permissions or buildings changed
    // (a user who creates a complex is given it: only complexes made during the run may have been added)
    const [{ max }] = await rows<{ max: number }>(t.database.db, sql`select ${lastComplexBefore}::int as max`);
    const rightsAfter = await rights();
    expect(rightsAfter.map(({ buildings: _, ...r }) => r)).toEqual(rightsBefore.map(({ buildings: _, ...r }) => r));
    rightsAfter.forEach((after, i) => {
      const before = new Set((rightsBefore[i].buildings ?? '').split(','));
      const added = (after.buildings ?? '').split(',').filter((b) => b && !before.has(b));
      expect(
        added.filter((b) => Number(b) <= max),
        after.email,
      ).toEqual([]);
    });
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});

describe('a sort naming what every object inherits', () => {
  it('is an unknown sort on every list: the same answer as any other unknown key, never a 5xx', async () => {
    const admin = tokens[ROLE_NAMES.indexOf('admin')];
    const lists = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        !r.url.includes(':') &&
        fieldsOf((r.schema as { querystring?: unknown } | undefined)?.querystring).includes('sort'),
    );
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.as(admin, 'en') });
    const differing: string[] = [];
    for (const route of lists) {
      const unknown = await get(`${route.url}?sort=no_such_column`);
      for (const key of ['__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
        const res = await get(`${route.url}?sort=${key}`);
        if (res.statusCode !== unknown.statusCode || res.body !== unknown.body)
          differing.push(`${route.url}?sort=${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(lists.length).toBeGreaterThan(20);
    expect(differing).toEqual([]);
  });
});
