import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { PERMISSIONS } from '../../domain/permissions';
import { activityLogs, buildings, sales } from '../../server/db/schema';
import { createStaff, multipart, PNG, startTestApp, type TestApp } from './harness';

/**
 * Building-scope matrix, generic over the route table: a user holding every permission but only the first
 * complex reads, through every GET route with one path id and every list, nothing of another complex. Which complex a
 * record belongs to is read from what an administrator is answered (`building_id` on the record or on its sale, unit or
 * container), so a module added later is walked without new code here.
 */
let t: TestApp;
let admin: string;
let scoped: string;
let own: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  const complexes = await t.database.db.select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id));
  own = complexes[0].id;
  const everything = PERMISSIONS.filter((p) => !p.startsWith('view_only_own') && p !== 'all_buildings_access');
  scoped = (await createStaff(t, admin, { permissions: everything, buildings: [own] })).token;
}, 120_000);
afterAll(() => t.close());

type Json = Record<string, unknown> | null | undefined;
const NESTED = ['sale', 'property', 'unit', 'container', 'booking', 'barter', 'building'];

/** The complex a record of `url` belongs to, as its answer says; undefined when the answer does not tell. */
function complexOf(url: string, record: Json): number | undefined {
  if (!record || typeof record !== 'object') return undefined;
  if (url.startsWith('/api/buildings/')) return typeof record.id === 'number' ? record.id : undefined;
  if (typeof record.building_id === 'number') return record.building_id;
  for (const key of NESTED) {
    const inner = record[key] as Json;
    if (inner && typeof inner === 'object' && typeof inner.building_id === 'number') return inner.building_id;
    if (key === 'building' && inner && typeof inner.id === 'number') return inner.id;
  }
  return undefined;
}

/**
 * Ids to try on a record route: an administrator's list of the route's resource (its first path segment) gives ids with
 * their complex, a few of other complexes and a few of the first; without such a list, ids 1 to 4.
 */
const candidates = new Map<string, Array<{ id: number; complex?: number }>>();
async function candidatesFor(url: string) {
  const resource = `/api/${url.split('/')[2]}`;
  if (!candidates.has(resource)) {
    const res = await get(`${resource}?perpage=1000`, admin);
    const listed = res.statusCode === 200 && isJson(res) ? (res.json() as { data?: unknown }).data : undefined;
    const found = (Array.isArray(listed) ? (listed as Json[]) : [])
      .map((r) => ({ id: r?.id, complex: complexOf(`${resource}/`, r) }))
      .filter((r): r is { id: number; complex: number } => typeof r.id === 'number' && r.complex !== undefined);
    const foreign = found.filter((r) => r.complex !== own).slice(0, 4);
    const ours = found.filter((r) => r.complex === own).slice(0, 2);
    candidates.set(
      resource,
      foreign.length ? [...foreign, ...ours] : [1, 2, 3, 4].map((id) => ({ id, complex: undefined })),
    );
  }
  return candidates.get(resource)!;
}

const isJson = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-type'] ?? '').startsWith('application/json');
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.as(token, 'en') });

describe('building scope over the whole route table', () => {
  it('answers 404 (or 403) for every record of another complex, and the records of its own', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.access !== 'public' &&
        (r.url.match(/:[A-Za-z_]+/g) ?? []).length === 1 &&
        /\/:[A-Za-z_]*[iI]d(\/|$)/.test(r.url),
    );
    const leaks: string[] = [];
    let foreign = 0;
    let ownSeen = 0;
    let ownAnswered = 0;
    const walked = new Set<string>();
    for (const route of routes) {
      for (const { id, complex: listed } of await candidatesFor(route.url)) {
        const url = route.url.replace(/:[A-Za-z_]+/, String(id));
        const asAdmin = await get(url, admin);
        if (asAdmin.statusCode !== 200 || !isJson(asAdmin)) continue;
        const complex = complexOf(route.url, (asAdmin.json() as { data?: Json }).data) ?? listed;
        if (complex === undefined) continue;
        walked.add(route.url);
        const asScoped = await get(url, scoped);
        if (complex === own) {
          ownSeen++;
          if (asScoped.statusCode === 200) ownAnswered++;
        } else {
          foreign++;
          if (asScoped.statusCode !== 404 && asScoped.statusCode !== 403)
            leaks.push(`GET ${url} (complex ${complex}) answered ${asScoped.statusCode}`);
        }
      }
    }
    console.log(
      `building scope: ${walked.size} record routes, ${foreign} records of other complexes asked, ${ownSeen} of its own (${ownAnswered} answered)`,
    );
    expect(leaks).toEqual([]);
    // the walk is not empty: records of both kinds were found, and its own complex's records open
    expect(walked.size).toBeGreaterThanOrEqual(12);
    expect(foreign).toBeGreaterThanOrEqual(40);
    expect(ownAnswered).toBeGreaterThanOrEqual(Math.ceil(ownSeen * 0.8));
  }, 120_000);

  it('lists nothing of another complex on any list', async () => {
    const lists = t.app.routeTable.filter(
      (r) => r.method === 'GET' && r.access !== 'public' && !r.url.includes(':') && !r.url.includes('*'),
    );
    const leaks: string[] = [];
    let rows = 0;
    let listsWithComplex = 0;
    for (const route of lists) {
      const res = await get(`${route.url}?perpage=1000`, scoped);
      if (res.statusCode !== 200 || !isJson(res)) continue;
      const data = (res.json() as { data?: unknown }).data;
      if (!Array.isArray(data)) continue;
      let told = false;
      for (const record of data as Json[]) {
        const complex = complexOf(route.url.endsWith('/buildings') ? '/api/buildings/' : route.url, record);
        if (complex === undefined) continue;
        told = true;
        rows++;
        if (complex !== own) leaks.push(`GET ${route.url} lists a record of complex ${complex}`);
      }
      if (told) listsWithComplex++;
    }
    console.log(`building scope: ${listsWithComplex} lists carrying a complex, ${rows} rows read`);
    expect([...new Set(leaks)]).toEqual([]);
    expect(listsWithComplex).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

describe('building scope over the activity log', () => {
  const send = (method: string, url: string, payload?: unknown, token = admin) =>
    t.app.inject({
      method: method as 'POST',
      url: `/api${url}`,
      headers: t.as(token, 'en'),
      payload: payload as never,
    });
  const lastLine = async () =>
    Number(
      (await t.database.db.select({ id: sql<number>`coalesce(max(${activityLogs.id}), 0)` }).from(activityLogs))[0].id,
    );
  /** The log lines a write wrote (it must succeed). */
  const linesOf = async (write: () => ReturnType<typeof send>) => {
    const before = await lastLine();
    const res = await write();
    expect(res.statusCode, res.body).toBeLessThan(300);
    const lines = await t.database.db
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(gt(activityLogs.id, before));
    expect(lines.length).toBeGreaterThan(0);
    return { res, ids: lines.map((l) => Number(l.id)) };
  };
  /** A sale of the complex (or of another) with something left to pay. */
  const saleIn = async (mine: boolean) =>
    (
      await t.database.db
        .select({ id: sales.id, currency: sales.currency })
        .from(sales)
        .where(
          and(
            mine ? eq(sales.buildingId, own) : ne(sales.buildingId, own),
            isNull(sales.deletedAt),
            sql`${sales.price} - ${sales.paidTotal} > 100`,
          ),
        )
        .orderBy(asc(sales.id))
        .limit(1)
    )[0];

  /** Uploads, an invoice, a contract, payment amounts, a comment and a task about one sale: the lines each wrote. */
  async function writesAbout(sale: { id: number; currency: string }, template: number) {
    const today = new Date().toISOString().slice(0, 10);
    const file = multipart({}, { file: { filename: 'scan.png', type: 'image/png', data: PNG } });
    const written: number[] = [];
    const upload = await linesOf(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/sales/${sale.id}/addFile`,
        headers: { ...t.as(admin), ...file.headers },
        payload: file.payload,
      }),
    );
    written.push(...upload.ids);
    written.push(...(await linesOf(() => send('POST', '/invoices', { sale_id: sale.id }))).ids);
    const contract = { template_kind: 'doc', template_id: template, locale: 'en' };
    written.push(...(await linesOf(() => send('POST', `/sales/${sale.id}/contracts`, contract))).ids);
    const paid = await linesOf(() =>
      send('POST', '/payments/pay', { sale_id: sale.id, amount: '10.00', currency: sale.currency, paid_on: today }),
    );
    written.push(...paid.ids);
    const paymentId = paid.res.json().data.id as number;
    written.push(...(await linesOf(() => send('PUT', `/payments/${paymentId}`, { amount: '11.00' }))).ids);
    written.push(...(await linesOf(() => send('DELETE', `/payments/sale/${paymentId}/${sale.id}`))).ids);
    written.push(...(await linesOf(() => send('POST', `/comments/sale/${sale.id}`, { body: 'Called' }))).ids);
    const task = await linesOf(() => send('POST', '/tasks', { title: 'Follow up', sale_id: sale.id }));
    written.push(...task.ids);
    written.push(...(await linesOf(() => send('DELETE', `/tasks/${task.res.json().data.id}`))).ids);
    return written;
  }

  it('shows a reader of every log no line about another complex’s records, and every line about its own', async () => {
    const template = (
      await send('POST', '/doc-templates', {
        name: 'Scope contract',
        type: 'contract',
        language: 'en',
        body: '<p>{contract_no} {property_price}</p>',
      })
    ).json().data.id as number;
    const foreign = await writesAbout(await saleIn(false), template);
    const ours = await writesAbout(await saleIn(true), template);
    // a line about no complex's record (a customer) stays readable by whoever reads every line
    const customer = (await send('GET', '/customers?perpage=5', undefined)).json().data[0] as { id: number };
    const neutral = (await linesOf(() => send('POST', `/comments/customer/${customer.id}`, { body: 'Hello' }))).ids;

    const read = await send('POST', '/logs', { perpage: 0 }, scoped);
    expect(read.statusCode, read.body).toBe(200);
    const seen = new Set((read.json().data as Array<{ id: number }>).map((l) => l.id));
    expect(foreign.filter((id) => seen.has(id))).toEqual([]);
    expect(ours.filter((id) => !seen.has(id))).toEqual([]);
    expect(neutral.filter((id) => !seen.has(id))).toEqual([]);
    // an administrator reads them all
    const all = new Set(
      ((await send('POST', '/logs', { perpage: 0 })).json().data as Array<{ id: number }>).map((l) => l.id),
    );
    expect([...foreign, ...ours, ...neutral].filter((id) => !all.has(id))).toEqual([]);
  }, 120_000);
});
