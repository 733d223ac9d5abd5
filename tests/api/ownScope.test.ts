import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { PERMISSIONS } from '../../domain/permissions';
import { customers, sales } from '../../server/db/schema';
import { rows } from '../../server/db/client';
import { createStaff, startTestApp, type TestApp } from './harness';

/**
 * view_only_own_sales and view_only_own_customers hold on lists, records, totals and reports. A user holding
 * every permission but view_sales and view_customers (so the own-only ones rule, on every complex) is given, in SQL,
 * every sale of one complex and a few customers; it must see exactly those. Its sale figures (totals, reports) must be
 * what an administrator is answered for that one complex: every other complex's sales are someone else's, so any of
 * them counted is a leak. The route table is walked too: no list row and no record of someone else's sale.
 */
let t: TestApp;
let admin: string;
let own: { id: number; token: string };
let complex: number;
let ownSales: number[];
/** Every sale of the complex, cancelled ones too: all of them are this user's. */
let ownAll: Set<number>;
let foreignSales: number[];
let ownCustomers: number[];
let foreignCustomers: number[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  own = await createStaff(t, admin, {
    permissions: PERMISSIONS.filter((p) => p !== 'view_sales' && p !== 'view_customers'),
  });
  const db = t.database.db;
  // the complex with the most live sales that have payments: its sales become this user's
  [{ building_id: complex }] = await rows<{ building_id: number }>(
    db,
    sql`select s.building_id from sales s where s.deleted_at is null
      and exists (select 1 from payments p where p.sale_id = s.id and p.voided_at is null)
      group by s.building_id order by count(*) desc, s.building_id limit 1`,
  );
  const assigned = await db
    .update(sales)
    .set({ userId: own.id })
    .where(eq(sales.buildingId, complex))
    .returning({ id: sales.id });
  ownAll = new Set(assigned.map((s) => s.id));
  const live = (condition: ReturnType<typeof eq>) =>
    db
      .select({ id: sales.id, customerId: sales.customerId })
      .from(sales)
      .where(and(condition, isNull(sales.deletedAt)));
  const mine = await live(eq(sales.buildingId, complex));
  const theirs = await live(ne(sales.buildingId, complex));
  ownSales = mine.map((s) => s.id);
  foreignSales = theirs.map((s) => s.id);
  // a few customers: two it is responsible for, one it created
  const picked = [...new Set(mine.map((s) => s.customerId))].slice(0, 3);
  await db
    .update(customers)
    .set({ responsibleUserId: own.id })
    .where(inArray(customers.id, picked.slice(0, 2)));
  await db
    .update(customers)
    .set({ createdBy: own.id })
    .where(inArray(customers.id, picked.slice(2)));
  ownCustomers = picked;
  foreignCustomers = (
    await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          isNull(customers.deletedAt),
          or(ne(customers.createdBy, own.id), isNull(customers.createdBy)),
          or(ne(customers.responsibleUserId, own.id), isNull(customers.responsibleUserId)),
        ),
      )
  ).map((c) => c.id);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.as(token, 'en') });
const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token, 'en') });
const ok = <T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};
const ids = (list: Array<{ id: number }>) => list.map((r) => r.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('view_only_own_sales', () => {
  it('lists only its own sales, opens them, and answers 404 for anyone else’s', async () => {
    expect(ownSales.length).toBeGreaterThan(2);
    expect(foreignSales.length).toBeGreaterThan(2);
    const list = await get('/api/sales?perpage=1000', own.token);
    expect(ids(ok<Array<{ id: number }>>(list))).toEqual(sorted(ownSales));
    expect((list.json() as { meta?: { total: number } }).meta?.total ?? ownSales.length).toBe(ownSales.length);
    for (const id of ownSales.slice(0, 3)) expect((await get(`/api/sales/${id}`, own.token)).statusCode).toBe(200);
    for (const id of foreignSales.slice(0, 5)) {
      const res = await get(`/api/sales/${id}`, own.token);
      expect(res.statusCode, `sale ${id}`).toBe(404);
      expect(res.json().message).toBe('Record not found');
      expect((await get(`/api/sales/brief-info/${id}`, own.token)).statusCode).toBe(404);
    }
  });

  it('totals only its own sales: the figures an administrator reads for that complex alone', async () => {
    const mine = ok<{ count: number }>(await get('/api/sales/totals', own.token));
    const complexOnly = ok(await get(`/api/sales/totals?building_ids[]=${complex}`, admin));
    const everything = ok<{ count: number }>(await get('/api/sales/totals', admin));
    expect(mine.count).toBe(ownSales.length);
    expect(mine).toEqual(complexOnly);
    expect(everything.count).toBeGreaterThan(mine.count);
  });
});

/** A report's sale and payment figures (not its units, bookings or reservations, which are no one's own). */
const REPORTS: Array<{ url: string; get?: boolean; pick(data: Record<string, unknown>): unknown }> = [
  {
    url: '/reporting',
    pick: (d) => {
      const totals = d.totals as Record<string, number>;
      return [totals.sales_count, totals.sales_value, totals.received];
    },
  },
  { url: '/reporting/manager-report', pick: (d) => d.totals },
  { url: '/reporting/revenue-by-scheduler', pick: (d) => d.totals },
  { url: '/reporting/monthlyReporting', pick: (d) => d.totals },
  { url: '/reporting/getFinanceSummaryReport', pick: (d) => d.totals },
  { url: '/reporting/cash-flow', pick: (d) => d.totals },
  { url: '/sales/getReport', pick: (d) => d.totals },
  { url: '/payment-scheduler/forReporting', pick: (d) => d.totals },
  { url: '/payments/forReporting', pick: (d) => d.totals },
  { url: '/reporting/getYearsRange', get: true, pick: (d) => d.totals },
  {
    url: `/reporting/pie/${new Date().getFullYear()}`,
    get: true,
    pick: (d) => (d.rows as Array<{ status: string }>).find((r) => r.status === 'sold'),
  },
  {
    url: '/reporting/dashboard',
    get: true,
    pick: (d) => [d.due_today, d.due_week, d.overdue, d.receipts],
  },
];

describe('view_only_own_sales with view_reports', () => {
  it('counts only its own sales and their payments in every report', async () => {
    const year = new Date().getFullYear();
    const period = { date_from: `${year - 2}-01-01`, date_to: `${year + 1}-12-31` };
    const ask = (url: string, asGet: boolean | undefined, token: string, buildingIds: number[]) =>
      asGet
        ? get(
            `/api/${url.slice(1)}?${new URLSearchParams([
              ...Object.entries(period),
              ...buildingIds.map((id) => ['building_ids[]', String(id)]),
            ])}`,
            token,
          )
        : post(`/api/${url.slice(1)}`, { ...period, building_ids: buildingIds }, token);
    const leaks: string[] = [];
    let differs = 0;
    for (const report of REPORTS) {
      const mine = report.pick(ok(await ask(report.url, report.get, own.token, [])));
      const complexOnly = report.pick(ok(await ask(report.url, report.get, admin, [complex])));
      const everything = report.pick(ok(await ask(report.url, report.get, admin, [])));
      if (JSON.stringify(mine) !== JSON.stringify(complexOnly))
        leaks.push(`${report.url}: ${JSON.stringify(mine)} where its own sales give ${JSON.stringify(complexOnly)}`);
      if (JSON.stringify(everything) !== JSON.stringify(complexOnly)) differs++;
    }
    expect(leaks).toEqual([]);
    // the other complexes' sales change most figures, so a leak would show
    expect(differs).toBeGreaterThanOrEqual(REPORTS.length - 2);
  });
});

describe('view_only_own_customers', () => {
  it('lists only the customers it created or is responsible for, and answers 404 for the others', async () => {
    expect(foreignCustomers.length).toBeGreaterThan(3);
    const list = ok<Array<{ id: number }>>(await get('/api/customers?perpage=1000', own.token));
    expect(ids(list)).toEqual(sorted(ownCustomers));
    const short = ok<Array<{ id: number }>>(await get('/api/customers?shortMode=1&perpage=1000', own.token));
    expect(ids(short)).toEqual(sorted(ownCustomers));
    const byCountry = ok<Array<{ count: number }>>(await get('/api/customers/grouped-by-country', own.token));
    expect(byCountry.reduce((a, r) => a + r.count, 0)).toBe(ownCustomers.length);
    for (const id of ownCustomers) expect((await get(`/api/customers/${id}`, own.token)).statusCode).toBe(200);
    for (const id of foreignCustomers.slice(0, 5)) {
      const res = await get(`/api/customers/${id}`, own.token);
      expect(res.statusCode, `customer ${id}`).toBe(404);
      expect(res.json().message).toBe('Record not found');
      expect((await get(`/api/customers/${id}/related`, own.token)).statusCode).toBe(404);
    }
  });
});

type Json = Record<string, unknown> | null | undefined;
/**
 * The sale a record belongs to, as its answer says (`sale_id`, or a nested `sale`); undefined when it does not tell.
 */
function saleOf(url: string, record: Json): number | undefined {
  if (!record || typeof record !== 'object') return undefined;
  if (/^\/api\/sales(\/|$)/.test(url) && !url.includes('histor'))
    return typeof record.id === 'number' ? record.id : undefined;
  if (typeof record.sale_id === 'number') return record.sale_id;
  const sale = record.sale as Json;
  return sale && typeof sale.id === 'number' ? sale.id : undefined;
}
const isJson = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-type'] ?? '').startsWith('application/json');
const listed = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  const data = res.statusCode === 200 && isJson(res) ? (res.json() as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? (data as Json[]) : [];
};

describe('view_only_own_sales over the route table', () => {
  it('lists no row of someone else’s sale on any list', async () => {
    const lists = t.app.routeTable.filter(
      (r) => r.method === 'GET' && r.access !== 'public' && !r.url.includes(':') && !r.url.includes('*'),
    );
    const leaks: string[] = [];
    let rowsRead = 0;
    const telling = new Set<string>();
    for (const route of lists) {
      for (const record of listed(await get(`${route.url}?perpage=1000`, own.token))) {
        const sale = saleOf(route.url, record);
        if (sale === undefined) continue;
        telling.add(route.url);
        rowsRead++;
        if (!ownAll.has(sale)) leaks.push(`GET ${route.url} lists a row of sale ${sale}`);
      }
    }
    console.log(`own sales: ${telling.size} lists carrying a sale, ${rowsRead} rows read`);
    expect([...new Set(leaks)]).toEqual([]);
    expect(telling.size).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('answers 404 (or 403) for every record of someone else’s sale', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.access !== 'public' &&
        (r.url.match(/:[A-Za-z_]+/g) ?? []).length === 1 &&
        /\/:[A-Za-z_]*[iI]d(\/|$)/.test(r.url),
    );
    const lists = new Map<string, Json[]>();
    const leaks: string[] = [];
    const walked = new Set<string>();
    let asked = 0;
    for (const route of routes) {
      const resource = `/api/${route.url.split('/')[2]}`;
      if (!lists.has(resource)) lists.set(resource, listed(await get(`${resource}?perpage=1000`, admin)));
      const foreign = lists
        .get(resource)!
        .filter((r) => typeof r?.id === 'number' && saleOf(`${resource}/`, r) !== undefined)
        .filter((r) => !ownAll.has(saleOf(`${resource}/`, r)!))
        .slice(0, 4);
      for (const record of foreign) {
        const url = route.url.replace(/:[A-Za-z_]+/, String(record!.id));
        const asAdmin = await get(url, admin);
        if (asAdmin.statusCode !== 200) continue;
        walked.add(route.url);
        asked++;
        const res = await get(url, own.token);
        if (res.statusCode === 404 || res.statusCode === 403) continue;
        // a path id that names another kind of record (an installment's) may be one of the user's own sales
        const data = (isJson(res) ? (res.json() as { data?: Json }).data : undefined) as Json;
        const answered = saleOf(url, data) ?? (typeof data?.sale_id === 'number' ? data.sale_id : undefined);
        if (res.statusCode === 200 && answered !== undefined && ownAll.has(answered)) continue;
        leaks.push(`GET ${url} answered ${res.statusCode}`);
      }
    }
    console.log(`own sales: ${walked.size} record routes, ${asked} records of someone else's sales asked`);
    expect(leaks).toEqual([]);
    expect(walked.size).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
