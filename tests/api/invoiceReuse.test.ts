import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { activityLogs, buildings, installments, invoices } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { makeSale } from './saleFixtures';

/** An invoice is not numbered twice for one amount. */
let t: TestApp;
let adminToken: string;
let accountantToken: string;
let vake: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  accountantToken = await t.signIn('accountant@demo.ge');
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token) });

describe('an invoice issued twice for the same amount', () => {
  it('answers the unpaid invoice again (200, reused) instead of a new number; a payment makes a new one', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 3000,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 3,
    });
    const first = await post('/api/invoices', { sale_id: sale.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ amount: 3000, reused: false });
    const again = await post('/api/invoices', { sale_id: sale.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      id: first.json().data.id,
      number: first.json().data.number,
      reused: true,
    });
    expect(await db().select().from(invoices).where(eq(invoices.saleId, sale.id))).toHaveLength(1);
    // each issue is logged on the invoice, in the sale's complex, with what it answered
    const lines = await db()
      .select({ action: activityLogs.action, status: activityLogs.statusCode, complex: activityLogs.buildingId })
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'invoices'), eq(activityLogs.recordId, String(first.json().data.id))))
      .orderBy(asc(activityLogs.id));
    expect(lines).toEqual([
      { action: 'create', status: 201, complex: vake },
      { action: 'create', status: 200, complex: vake },
    ]);

    // one installment is a different thing to invoice: its own number, then reused too
    const [one] = await db()
      .select()
      .from(installments)
      .where(and(eq(installments.saleId, sale.id), eq(installments.number, 1)));
    const forInstallment = await post('/api/invoices', { sale_id: sale.id, installment_id: one.id });
    expect(forInstallment.statusCode).toBe(201);
    expect(forInstallment.json().data.id).not.toBe(first.json().data.id);
    const installmentAgain = await post('/api/invoices', { sale_id: sale.id, installment_id: one.id });
    expect(installmentAgain.json().data).toMatchObject({ id: forInstallment.json().data.id, reused: true });

    // after a payment the balance differs: a new invoice for the new amount
    const paid = await post(
      '/api/payments/pay',
      { sale_id: sale.id, amount: 500, currency: 'USD', paid_on: '2026-11-20' },
      accountantToken,
    );
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const afterPayment = await post('/api/invoices', { sale_id: sale.id });
    expect(afterPayment.statusCode).toBe(201);
    expect(afterPayment.json().data).toMatchObject({ amount: 2500, reused: false });
    expect(await db().select().from(invoices).where(eq(invoices.saleId, sale.id))).toHaveLength(3);
  });

  it('two clicks at once number one invoice', async () => {
    const sale = await makeSale(db(), { buildingId: vake, price: 900, firstPaymentDate: '2027-01-05' });
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/invoices', { sale_id: sale.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
  });
});
