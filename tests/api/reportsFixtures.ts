/** What the reports' test files share: the app, tokens, the calls, and the reference sums written straight in SQL. */
import { afterAll, beforeAll } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { toMinor } from '../../domain/money';
import { rows } from '../../server/db/client';
import { buildings, rolePermissions, userRoles, users } from '../../server/db/schema';
import { businessToday } from '../../domain/businessDay';
import { startTestApp, type TestApp } from './harness';

export let t: TestApp;
export let adminToken: string;
export let complexes: Array<{ id: number; name: string }>;

/** Starts the app before the calling file's tests and closes it after them: call once at the top of a test file. */
export function useReportsFixtures() {
  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await t.signIn('admin@demo.ge');
    complexes = await db()
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .orderBy(asc(buildings.id));
  });
  afterAll(() => t.close());
}

export const db = () => t.database.db;
export const today = () => businessToday();
export const thisYear = () => Number(businessToday().slice(0, 4));

export const report = (url: string, body: object = {}, token = adminToken) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: body, headers: t.as(token) });
export const getReport = (url: string, token = adminToken) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: t.as(token) });

/** Every POST report call (GET ones are asked apart). */
export const POST_REPORTS = [
  '/reporting',
  '/reporting/manager-report',
  '/reporting/revenue-by-scheduler',
  '/reporting/monthlyReporting',
  '/reporting/getFinanceSummaryReport',
  '/reporting/cash-flow',
  '/sales/getReport',
  '/payment-scheduler/forReporting',
  '/sales/bookings-report',
  '/payments/forReporting',
] as const;

/** Gives the demo property registrar (complex 1 only) view_reports through its role, and signs it in. */
export async function registrarWithReports() {
  const [row] = await db()
    .select({ roleId: userRoles.roleId })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.email, 'property_registrar@demo.ge'));
  await db().insert(rolePermissions).values({ roleId: row.roleId, permission: 'view_reports' }).onConflictDoNothing();
  return t.signIn('property_registrar@demo.ge');
}

/** Sums in SQL written apart from the module: the rate of a day (last on or before, else the first after). */
const rateOn = (currency: string, day: string) => `(case when ${currency} = 'GEL' then 1::numeric else coalesce(
  (select r.rate from currency_rates r where r.currency = ${currency} and r.date <= ${day} order by r.date desc limit 1),
  (select r.rate from currency_rates r where r.currency = ${currency} and r.date > ${day} order by r.date limit 1)) end)`;

/** An amount of sale `s` in `currency` at the sale's contract-date rates, rounded per record. */
export const saleConv = (currency: string, amount: string) =>
  `(case when s.currency = '${currency}' then ${amount} else round(${amount} * (case when s.currency = 'GEL' then 1
   else coalesce(s.currency_rate, ${rateOn('s.currency', 's.contract_start_date')}) end)
   / ${rateOn(`'${currency}'`, 's.contract_start_date')}, 2) end)`;

/** A payment `p` of sale `s` in `currency`: as received, as credited to the sale, or at its day's rates. */
export const payConv = (currency: string) =>
  `(case when p.currency = '${currency}' then p.amount when s.currency = '${currency}' then p.credited
   else round(p.amount * ${rateOn('p.currency', 'p.paid_on')} / ${rateOn(`'${currency}'`, 'p.paid_on')}, 2) end)`;

/** The scope of a reference sum: every live sale, or those of some complexes. */
export const liveSales = (buildingIds?: number[]) =>
  `s.deleted_at is null${buildingIds ? ` and s.building_id in (${buildingIds.join(',') || '0'})` : ''}`;

/** One number from a reference query, in minor units. */
export async function sumMinor(query: string): Promise<number> {
  const [r] = await rows<{ v: string | null }>(db(), sql.raw(query));
  return r?.v == null ? 0 : toMinor(r.v);
}

export const minorOf = (n: number) => toMinor(n);
