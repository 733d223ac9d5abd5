import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { activityLogs, buildings, installments, saleHistories, saleProperties, sales } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { cancelSale, makeSale } from './saleFixtures';

let t: TestApp;
let adminToken: string;
let vake: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: object, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token, locale) });

describe('previewing a schedule (POST /getPaymentScheduler)', () => {
  it('10000 with 1200:4,1700:3 over 10 payments — four of 1200, three of 1700, then 33.33, 33.33, 33.34', async () => {
    const manager = await t.signIn('sales_manager@demo.ge');
    const res = await post(
      '/api/getPaymentScheduler',
      {
        price: 10000,
        currency: 'USD',
        first_payment_date: '2026-01-31',
        period_months: 1,
        payments_count: 10,
        formula: '1200:4,1700:3',
      },
      manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((i: { amount: number }) => i.amount)).toEqual([
      1200, 1200, 1200, 1200, 1700, 1700, 1700, 33.33, 33.33, 33.34,
    ]);
    expect(res.json().data.slice(0, 3)).toEqual([
      { number: 1, due_date: '2026-01-31', amount: 1200 },
      { number: 2, due_date: '2026-02-28', amount: 1200 },
      { number: 3, due_date: '2026-03-31', amount: 1200 },
    ]);
  });

  it('a formula beyond the price or the count is a 422 on the formula, in the user’s language', async () => {
    const overPrice = await post('/api/getPaymentScheduler', {
      price: 1000,
      currency: 'USD',
      first_payment_date: '2026-01-01',
      payments_count: 3,
      formula: '600:2',
    });
    expect(overPrice.statusCode).toBe(422);
    expect(overPrice.json().errors.formula).toEqual(['The formula adds up to more than the price']);
    const overCount = await post(
      '/api/getPaymentScheduler',
      { price: 10000, currency: 'USD', first_payment_date: '2026-01-01', payments_count: 2, formula: '100:3' },
      adminToken,
      'ka',
    );
    expect(overCount.json().errors.formula).toEqual(['ფორმულაში გადახდები გრაფიკზე მეტია']);
    const tooMany = await post('/api/getPaymentScheduler', {
      price: 1000,
      currency: 'USD',
      first_payment_date: '2026-01-01',
      payments_count: 601,
    });
    expect(tooMany.json().errors.payments_count).toEqual(['The number of payments must be between 1 and 600']);
  });

  it('is closed to a user who cannot see or make sales (403)', async () => {
    const registrar = await t.signIn('property_registrar@demo.ge');
    expect(
      (await post('/api/getPaymentScheduler', { price: 1000, first_payment_date: '2026-01-01' }, registrar)).statusCode,
    ).toBe(403);
  });
});

describe('replacing a sale’s schedule (POST /sales/addPaymentSchedule)', () => {
  it('writes the new installments, keeps what was paid oldest first, updates the sale and its history', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 6000,
      currency: 'USD',
      firstPaymentDate: '2027-01-10',
      paymentsCount: 2,
      units: 2,
    });
    const paid = await post('/api/payments/pay', {
      sale_id: sale.id,
      amount: 2500,
      currency: 'USD',
      paid_on: '2026-11-20',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await post('/api/sales/addPaymentSchedule', {
      sale_id: sale.id,
      price: 9000,
      first_payment_date: '2027-02-28',
      period_months: 3,
      payments_count: 4,
      formula: '3000:1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sale_id: sale.id, status: 'active', paid_total: 2500 });
    expect(res.json().data.installments.map((i: object) => ({ ...i, id: undefined }))).toEqual([
      { id: undefined, number: 1, due_date: '2027-02-28', amount: 3000, paid: 2500, remaining: 500, status: 'partial' },
      { id: undefined, number: 2, due_date: '2027-05-28', amount: 2000, paid: 0, remaining: 2000, status: 'unpaid' },
      { id: undefined, number: 3, due_date: '2027-08-28', amount: 2000, paid: 0, remaining: 2000, status: 'unpaid' },
      { id: undefined, number: 4, due_date: '2027-11-28', amount: 2000, paid: 0, remaining: 2000, status: 'unpaid' },
    ]);
    const [row] = await db().select().from(sales).where(eq(sales.id, sale.id));
    expect(row).toMatchObject({
      price: '9000.00',
      paymentsCount: 4,
      periodMonths: 3,
      formula: '3000:1',
      firstPaymentDate: '2027-02-28',
    });
    expect(await db().select().from(installments).where(eq(installments.saleId, sale.id))).toHaveLength(4);
    // the units' shares follow the new price
    const shares = await db().select().from(saleProperties).where(eq(saleProperties.saleId, sale.id));
    expect(shares.reduce((s, u) => s + Math.round(Number(u.price) * 100), 0)).toBe(900_000);
    const history = await db()
      .select()
      .from(saleHistories)
      .where(eq(saleHistories.saleId, sale.id))
      .orderBy(asc(saleHistories.id));
    expect(history.at(-1)!.action).toBe('schedule_changed');
    expect(history.at(-1)!.changes).toContainEqual({ field: 'payments_count', from: 2, to: 4 });
    const [line] = await db()
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.route, '/api/sales/addPaymentSchedule'))
      .orderBy(desc(activityLogs.id))
      .limit(1);
    expect(line).toMatchObject({ action: 'schedule_changed', recordType: 'sales', buildingId: vake, oldValues: null });
  });

  it('a schedule whose first dates are past and unpaid makes the sale overdue', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 1000,
      firstPaymentDate: '2027-01-10',
      paymentsCount: 1,
    });
    const res = await post('/api/sales/addPaymentSchedule', {
      sale_id: sale.id,
      first_payment_date: '2025-01-10',
      period_months: 1,
      payments_count: 2,
    });
    expect(res.json().data.status).toBe('overdue');
    expect(res.json().data.installments[0].status).toBe('late');
  });

  it('refuses a price below the paid, a bad formula (422), a cancelled sale (409), no edit_sales (403)', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 5000,
      firstPaymentDate: '2027-01-10',
      paymentsCount: 5,
    });
    await post('/api/payments/pay', { sale_id: sale.id, amount: 3000, currency: 'USD', paid_on: '2026-11-20' });
    const below = await post('/api/sales/addPaymentSchedule', {
      sale_id: sale.id,
      price: 2000,
      first_payment_date: '2027-01-10',
      payments_count: 2,
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.price).toEqual([
      'The price cannot be less than what has already been paid (3,000.00 USD)',
    ]);
    const badFormula = await post('/api/sales/addPaymentSchedule', {
      sale_id: sale.id,
      first_payment_date: '2027-01-10',
      payments_count: 2,
      formula: 'abc',
    });
    expect(badFormula.statusCode).toBe(422);
    expect(await db().select().from(installments).where(eq(installments.saleId, sale.id))).toHaveLength(5);
    const accountant = await t.signIn('accountant@demo.ge');
    expect(
      (await post('/api/sales/addPaymentSchedule', { sale_id: sale.id, first_payment_date: '2027-01-10' }, accountant))
        .statusCode,
    ).toBe(403);
    await cancelSale(db(), sale.id, sale.propertyIds);
    expect(
      (await post('/api/sales/addPaymentSchedule', { sale_id: sale.id, first_payment_date: '2027-01-10' })).statusCode,
    ).toBe(409);
  });
});
