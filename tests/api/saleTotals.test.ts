import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { buildings, sales, users } from '../../server/db/schema';
import { rows } from '../../server/db/client';
import { settleOverdueSales } from '../../server/modules/overdueSales';
import { foldSaleTotals } from '../../server/modules/sales';
import { businessToday } from '../../domain/businessDay';
import { createStaff, startTestApp, type TestApp } from './harness';
import { cancelSale, makeSale } from './saleFixtures';

let t: TestApp;
let adminToken: string;
let vake: number;
let saburtalo: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  [vake, saburtalo] = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)).map(
    (b) => b.id,
  );
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token) });

/** The live sales summed per key from the sales themselves, and from the kept sums with the changes not folded in. */
const KEY_SUMS = `count(*)::int as count, sum(price)::text as price, sum(paid_total)::text as paid_total,
  sum(greatest(price - paid_total, 0))::text as remaining, sum(amount_overdue)::text as amount_overdue`;
async function sumsAgree() {
  const fromSales = await rows<Record<string, unknown>>(
    db(),
    sql.raw(`select building_id, coalesce(user_id, 0) as user_id, currency, status, ${KEY_SUMS}
      from sales where deleted_at is null group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  const kept = await rows<Record<string, unknown>>(
    db(),
    sql.raw(`select building_id, user_id, currency, status, sum(count)::int as count, sum(price)::text as price,
        sum(paid_total)::text as paid_total, sum(remaining)::text as remaining, sum(amount_overdue)::text as amount_overdue
      from (select * from sale_totals union all select * from sale_total_changes) k
      group by 1, 2, 3, 4 having sum(count) <> 0 order by 1, 2, 3, 4`),
  );
  expect(kept).toEqual(fromSales);
  expect(fromSales.length).toBeGreaterThan(0);
  // the sums over every complex and manager agree with them too
  const everywhere = `select currency, status, sum(count)::int as count, sum(price)::text as price,
      sum(paid_total)::text as paid_total, sum(remaining)::text as remaining, sum(amount_overdue)::text as amount_overdue`;
  expect(
    await rows(
      db(),
      sql.raw(`${everywhere} from (select currency, status, count, price, paid_total, remaining, amount_overdue
          from sale_totals_everywhere union all select currency, status, count, price, paid_total, remaining,
          amount_overdue from sale_total_changes) k
        group by 1, 2 having sum(count) <> 0 order by 1, 2`),
    ),
  ).toEqual(
    await rows(
      db(),
      sql.raw(`${everywhere} from (select * from sale_totals union all select * from sale_total_changes) k
        group by 1, 2 having sum(count) <> 0 order by 1, 2`),
    ),
  );
}

/** The totals answered from the kept sums equal those summed over the sales (`payment_percent=0` keeps every sale). */
async function totalsAgree(query: string, token = adminToken) {
  const kept = await get(`/api/sales/totals?${query}`, token);
  const summed = await get(`/api/sales/totals?${query}${query ? '&' : ''}payment_percent=0`, token);
  expect(kept.statusCode, kept.body).toBe(200);
  expect(summed.statusCode, summed.body).toBe(200);
  expect(kept.json().data).toEqual(summed.json().data);
  return kept.json().data as { count: number; by_currency: Array<{ currency: string; count: number }> };
}

describe('the kept sums of the live sales (sale_totals)', () => {
  it('follow every write: new sales, payments, a payment removed, new manager, cancelling, sweep, delete', async () => {
    await sumsAgree();
    const late = await makeSale(db(), {
      buildingId: vake,
      price: 3000,
      firstPaymentDate: '2025-03-01',
      paymentsCount: 3,
    });
    const gel = await makeSale(db(), {
      buildingId: saburtalo,
      price: 5000,
      currency: 'GEL',
      firstPaymentDate: '2027-01-01',
      paymentsCount: 2,
    });
    const gone = await makeSale(db(), { buildingId: vake, price: 1000, firstPaymentDate: '2027-01-01' });
    await sumsAgree();
    const paid = await send('POST', '/api/payments/pay', {
      sale_id: late.id,
      amount: 1200,
      currency: 'USD',
      paid_on: businessToday(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(
      (
        await send('POST', '/api/payments/pay', {
          sale_id: gel.id,
          amount: 700,
          currency: 'GEL',
          paid_on: businessToday(),
        })
      ).statusCode,
    ).toBe(201);
    await sumsAgree();
    expect((await send('DELETE', `/api/payments/sale/${paid.json().data.id}/${late.id}`)).statusCode).toBeLessThan(300);
    await sumsAgree();
    const [manager] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
    await db().update(sales).set({ userId: manager.id }).where(eq(sales.id, gel.id));
    await db().update(sales).set({ note: 'a note changes no sum' }).where(eq(sales.id, late.id));
    await sumsAgree();
    await cancelSale(db(), gone.id, gone.propertyIds);
    await settleOverdueSales(db(), '2025-03-15');
    await sumsAgree();
    await settleOverdueSales(db(), businessToday());
    await db().delete(sales).where(eq(sales.id, gone.id));
    await sumsAgree();
    // folded: the same sums, nothing left to fold
    await foldSaleTotals(db());
    await sumsAgree();
    expect(await rows(db(), sql`select * from sale_total_changes`)).toEqual([]);
    expect(await rows(db(), sql`select * from sale_totals where count = 0`)).toEqual([]);
    expect(await rows(db(), sql`select * from sale_totals_everywhere where count = 0`)).toEqual([]);
  });

  it('hold under fifty payments at once on ten sales sharing their sums (one complex, currency, status)', async () => {
    const shared: Array<{ id: number }> = [];
    for (let i = 0; i < 10; i++)
      shared.push(
        await makeSale(db(), { buildingId: vake, price: 10000, firstPaymentDate: '2027-06-01', paymentsCount: 4 }),
      );
    await foldSaleTotals(db());
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send('POST', '/api/payments/pay', {
          sale_id: shared[i % 10].id,
          amount: 10 + i,
          currency: 'USD',
          paid_on: businessToday(),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    await sumsAgree();
    await foldSaleTotals(db());
    await sumsAgree();
  }, 60_000);

  it('are emptied with the sales (TRUNCATE), both levels', async () => {
    await foldSaleTotals(db());
    const counts = () =>
      rows<{ totals: number; everywhere: number }>(
        db(),
        sql`select (select count(*)::int from sale_totals) as totals,
          (select count(*)::int from sale_totals_everywhere) as everywhere`,
      );
    expect((await counts())[0].everywhere).toBeGreaterThan(0);
    const emptied = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`truncate sales cascade`);
        const [after] = await rows<{ totals: number; everywhere: number }>(
          tx as never,
          sql`select (select count(*)::int from sale_totals) as totals,
            (select count(*)::int from sale_totals_everywhere) as everywhere`,
        );
        // undone: the other tests keep their sales
        throw Object.assign(new Error('rollback'), { after });
      })
      .catch((error: { after?: unknown }) => error.after);
    expect(emptied).toEqual({ totals: 0, everywhere: 0 });
    expect((await counts())[0].everywhere).toBeGreaterThan(0);
  });

  it('a note edited appends no change (writes wait on no summed row)', async () => {
    await foldSaleTotals(db());
    await db().update(sales).set({ note: 'again' });
    expect(await rows(db(), sql`select * from sale_total_changes`)).toEqual([]);
  });

  it('answer the totals as summing the sales does: every filter they take, scope, own sales', async () => {
    const all = await totalsAgree('');
    expect(all.count).toBeGreaterThan(0);
    await totalsAgree(`building_ids[]=${vake}&sale_statuses[]=active&sale_statuses[]=overdue`);
    await totalsAgree('payment_ccy[]=GEL&payment_ccy[]=EUR');
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
    await totalsAgree(`user_id=${admin.id}`);
    await foldSaleTotals(db());
    expect(await totalsAgree('')).toEqual(all);
    const scoped = await createStaff(t, adminToken, { permissions: ['view_sales'], buildings: [vake] });
    const mine = await totalsAgree('', scoped.token);
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.count).toBeLessThan(all.count);
    // a complex outside the user's scope adds nothing
    expect(await totalsAgree(`building_ids[]=${saburtalo}`, scoped.token)).toEqual({ count: 0, by_currency: [] });
    const own = await createStaff(t, adminToken, {
      permissions: ['view_only_own_sales', 'all_buildings_access', 'can_be_responsible_sale_manager'],
    });
    await db()
      .update(sales)
      .set({ userId: own.id })
      .where(sql`${sales.id} in (select id from sales where deleted_at is null order by id limit 3)`);
    const ownTotals = await totalsAgree('', own.token);
    expect(ownTotals.count).toBe(3);
    // another manager's sales asked for by an own-sales user: none
    expect(await totalsAgree(`user_id=${admin.id}`, own.token)).toEqual({ count: 0, by_currency: [] });
  });
});
