import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { activityLogs, buildings, cancellationNotices, saleHistories, sales } from '../../server/db/schema';
import { settleOverdueSales } from '../../server/modules/overdueSales';
import { businessToday } from '../../domain/businessDay';
import { createStaff, startTestApp, type TestApp } from './harness';
import { makeCustomer, makeSale } from './saleFixtures';

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
const post = (url: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token) });
const statusOf = async (id: number) =>
  (await db().select({ status: sales.status }).from(sales).where(eq(sales.id, id)))[0].status;
/** What the sale's row holds as late (the sales totals sum it). */
const overdueOf = async (id: number) =>
  (await db().select({ amount: sales.amountOverdue }).from(sales).where(eq(sales.id, id)))[0].amount;
const daysSince = (iso: string) => Math.round((Date.parse(businessToday()) - Date.parse(iso)) / 86_400_000);

describe('sales turn overdue as days pass (settleOverdueSales)', () => {
  it('moves active sales with an unpaid past installment to overdue, and back once nothing is late', async () => {
    const late = await makeSale(db(), {
      buildingId: vake,
      price: 3000,
      firstPaymentDate: '2025-03-01',
      paymentsCount: 3,
    });
    const fine = await makeSale(db(), {
      buildingId: vake,
      price: 3000,
      firstPaymentDate: '2027-03-01',
      paymentsCount: 3,
    });
    expect(await statusOf(late.id)).toBe('overdue');
    expect(await overdueOf(late.id)).toBe('3000.00');
    // yesterday the sale was still in time
    await db().update(sales).set({ status: 'active', amountOverdue: '0' }).where(eq(sales.id, late.id));
    expect(await settleOverdueSales(db(), businessToday())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(late.id)).toBe('overdue');
    expect(await overdueOf(late.id)).toBe('3000.00');
    expect(await statusOf(fine.id)).toBe('active');
    expect(await overdueOf(fine.id)).toBe('0.00');
    // between the first and the second due date only the first is late
    await settleOverdueSales(db(), '2025-03-15');
    expect(await overdueOf(late.id)).toBe('1000.00');
    // on a day before the first due date nothing is late
    await settleOverdueSales(db(), '2025-02-01');
    expect(await statusOf(late.id)).toBe('active');
    expect(await overdueOf(late.id)).toBe('0.00');
    // paid in full while marked overdue: completed
    expect(
      (await post('/api/payments/pay', { sale_id: late.id, amount: 3000, currency: 'USD', paid_on: '2025-02-01' }))
        .statusCode,
    ).toBe(201);
    await db().update(sales).set({ status: 'overdue' }).where(eq(sales.id, late.id));
    await settleOverdueSales(db(), businessToday());
    expect(await statusOf(late.id)).toBe('completed');
    expect(await overdueOf(late.id)).toBe('0.00');
  });
});

describe('the overdue sales page (GET /overdue-sales)', () => {
  it('shows each overdue sale with days late, amount overdue and oldest due date; filters and sorts', async () => {
    const customer = await makeCustomer(db(), 'გიორგი ვადიანი', '01017654321');
    const older = await makeSale(db(), {
      buildingId: vake,
      customerId: customer.id,
      price: 4000,
      firstPaymentDate: '2025-01-10',
      paymentsCount: 4,
      contractNo: 'OVD-1',
    });
    const newer = await makeSale(db(), {
      buildingId: vake,
      customerId: customer.id,
      price: 9000,
      firstPaymentDate: '2026-08-10',
      paymentsCount: 3,
      periodMonths: 12,
      contractNo: 'OVD-2',
    });
    await post('/api/payments/pay', { sale_id: older.id, amount: 1500, currency: 'USD', paid_on: '2025-01-10' });
    const res = await get('/api/overdue-sales?query=OVD-');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(2);
    const [first, second] = res.json().data;
    // default order: most days late first
    expect(first).toMatchObject({
      id: older.id,
      contract_no: 'OVD-1',
      status: 'overdue',
      customer_name: 'გიორგი ვადიანი',
      customer_personal_number: '01017654321',
      building_name: 'ვაკის პარკი',
      price: 4000,
      paid_total: 1500,
      remaining: 2500,
      oldest_due_date: '2025-02-10',
      days_late: daysSince('2025-02-10'),
      amount_overdue: 2500,
      notices_count: 0,
      last_notice_at: null,
    });
    expect(first.properties.map((u: { id: number }) => u.id)).toEqual(older.propertyIds);
    expect(second).toMatchObject({
      id: newer.id,
      oldest_due_date: '2026-08-10',
      days_late: daysSince('2026-08-10'),
      amount_overdue: 3000,
    });
    const byAmount = await get('/api/overdue-sales?query=OVD-&sort=amount_overdue&order=desc');
    expect(byAmount.json().data.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
    // one a page: the second page holds the less late, with the whole total; past the end, nothing and the total
    const secondPage = (await get('/api/overdue-sales?query=OVD-&perpage=1&page=2')).json();
    expect(secondPage.data.map((r: { id: number }) => r.id)).toEqual([newer.id]);
    expect(secondPage.data[0]).toMatchObject({ contract_no: 'OVD-2', days_late: daysSince('2026-08-10') });
    expect(secondPage.meta.total).toBe(2);
    const pastTheEnd = (await get('/api/overdue-sales?query=OVD-&perpage=1&page=3')).json();
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.meta.total).toBe(2);
    const longLate = await get(`/api/overdue-sales?query=OVD-&min_days=${daysSince('2026-08-10') + 1}`);
    expect(longLate.json().data.map((r: { id: number }) => r.id)).toEqual([older.id]);
    const elsewhere = await get(`/api/overdue-sales?query=OVD-&building_ids[]=${saburtalo}`);
    expect(elsewhere.json().data).toEqual([]);
  });

  it('needs send_cancellation_notification (403) and hides sales outside the user’s complexes', async () => {
    const manager = await t.signIn('sales_manager@demo.ge');
    expect((await get('/api/overdue-sales', manager)).statusCode).toBe(403);
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 1000,
      firstPaymentDate: '2025-01-10',
      contractNo: 'OVD-SCOPE',
    });
    const outsider = await createStaff(t, adminToken, {
      permissions: ['send_cancellation_notification'],
      buildings: [saburtalo],
    });
    expect((await get('/api/overdue-sales?query=OVD-SCOPE', outsider.token)).json().data).toEqual([]);
    expect((await post('/api/overdue-sales', { sale_id: sale.id }, outsider.token)).statusCode).toBe(404);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')("the API's PostgreSQL connections", () => {
  // the overdue list's plan crossed JIT's cost threshold and spent more time compiling than running
  it('run without JIT compiling', async () => {
    const [setting] = await rows<{ jit: string }>(db(), sql`show jit`);
    expect(setting.jit).toBe('off');
  });
});

describe('recording a cancellation notice (POST /overdue-sales)', () => {
  it('records the notice with the days and amount late, writes the history, and the page counts it', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 2000,
      firstPaymentDate: '2025-06-01',
      paymentsCount: 2,
      contractNo: 'OVD-N',
    });
    const res = await post('/api/overdue-sales', { sale_id: sale.id, note: 'გაფრთხილება გაეგზავნა' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      sale_id: sale.id,
      days_late: daysSince('2025-06-01'),
      amount_overdue: 2000,
      note: 'გაფრთხილება გაეგზავნა',
    });
    const [notice] = await db().select().from(cancellationNotices).where(eq(cancellationNotices.saleId, sale.id));
    expect(notice).toMatchObject({ amountOverdue: '2000.00', daysLate: daysSince('2025-06-01') });
    const [history] = await db().select().from(saleHistories).where(eq(saleHistories.saleId, sale.id));
    expect(history).toMatchObject({ action: 'cancellation_notice', reason: 'გაფრთხილება გაეგზავნა' });
    const lines = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.route, '/api/overdue-sales'), eq(activityLogs.recordId, String(notice.id))));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'cancellation_notice_recorded', statusCode: 201, buildingId: null });
    const row = (await get('/api/overdue-sales?query=OVD-N')).json().data[0];
    expect(row).toMatchObject({ notices_count: 1 });
    expect(row.last_notice_at).toBeTruthy();
  });

  it('a sale that is not late gets no notice (422)', async () => {
    const sale = await makeSale(db(), { buildingId: vake, price: 2000, firstPaymentDate: '2027-06-01' });
    const res = await post('/api/overdue-sales', { sale_id: sale.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sale_id).toEqual(['The sale is not overdue']);
    expect(await db().select().from(cancellationNotices).where(eq(cancellationNotices.saleId, sale.id))).toHaveLength(
      0,
    );
  });
});
