import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  activityLogs,
  buildings,
  installments,
  notifications,
  payments,
  saleHistories,
  sales,
  users,
} from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { cancelSale, makeSale } from './saleFixtures';

let t: TestApp;
let adminToken: string;
let accountantToken: string;
let vake: number;
let saburtalo: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  accountantToken = await t.signIn('accountant@demo.ge');
  [vake, saburtalo] = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)).map(
    (b) => b.id,
  );
  // NBG publishes on working days: Friday 6 March 2020, nothing for the weekend after it
  for (const [currency, rate] of [
    ['USD', '2.9000'],
    ['EUR', '3.2000'],
  ]) {
    const res = await send('POST', '/api/currency-rates', { currency, date: '2020-03-06', rate });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const db = () => t.database.db;
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { ...t.as(token), ...headers } });
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const schedule = (saleId: number) =>
  db().select().from(installments).where(eq(installments.saleId, saleId)).orderBy(asc(installments.number));
const saleRow = async (saleId: number) => (await db().select().from(sales).where(eq(sales.id, saleId)))[0];
const paymentsOf = (saleId: number) => db().select().from(payments).where(eq(payments.saleId, saleId));
const newSale = (extra: Partial<Parameters<typeof makeSale>[1]> = {}) =>
  makeSale(db(), {
    buildingId: vake,
    price: 10000,
    currency: 'USD',
    firstPaymentDate: '2027-01-15',
    paymentsCount: 4,
    ...extra,
  });

describe('recording a payment (POST /payments/pay)', () => {
  it('the accountant records a payment: it fills the oldest installments first; the sale shows it paid', async () => {
    const sale = await newSale();
    const res = await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 3000, currency: 'USD', paid_on: '2026-11-20', note: 'ბანკით' },
      accountantToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      sale_id: sale.id,
      amount: 3000,
      currency: 'USD',
      credited: 3000,
      sale_currency: 'USD',
      rate: '1.00000000',
      paid_on: '2026-11-20',
      note: 'ბანკით',
      source: 'manual',
      voided: false,
      mode: 'sale',
    });
    expect(res.json().sale).toEqual({ id: sale.id, status: 'active', paid_total: 3000, remaining: 7000 });
    expect((await schedule(sale.id)).map((i) => i.paid)).toEqual(['2500.00', '500.00', '0.00', '0.00']);
    const [history] = await db().select().from(saleHistories).where(eq(saleHistories.saleId, sale.id));
    expect(history).toMatchObject({ action: 'payment_added', effectiveDate: '2026-11-20' });
  });

  it('answers the payment as the list then shows it, and the sale as it then stands', async () => {
    const sale = await newSale({ currency: 'EUR' });
    const res = await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 290, currency: 'GEL', paid_on: '2020-03-07', note: 'ნაწილი' },
      accountantToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    const listed = await get(`/api/payments?sale_id=${sale.id}`, accountantToken);
    expect(res.json().data).toEqual(listed.json().data[0]);
    const shown = (await get(`/api/sales/${sale.id}`)).json().data;
    expect(res.json().sale).toEqual({
      id: sale.id,
      status: shown.status,
      paid_total: shown.paid_total,
      remaining: 10000 - 90.63,
    });
  });

  it('writes a payment with its totals, history, notice, log line and key answer; a replay repeats it', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
    // the administrator is the sale's manager: the accountant's payment notifies them
    const sale = await newSale({ userId: admin.id });
    const body = { sale_id: sale.id, amount: 290, currency: 'GEL', paid_on: '2020-03-06' };
    const res = await send('POST', '/api/payments/pay', body, accountantToken, { 'idempotency-key': 'recorded-1' });
    expect(res.statusCode, res.body).toBe(201);
    // the log line names the payment the answer shows
    const [line] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.route, '/api/payments/pay'), eq(activityLogs.recordId, String(res.json().data.id))));
    expect(line).toMatchObject({ action: 'create', statusCode: 201, recordType: 'payments' });
    expect(await paymentsOf(sale.id)).toEqual([expect.objectContaining({ id: res.json().data.id })]);
    // the key holds the answer, so a repeat answers it again and writes nothing
    const [key] = await db()
      .execute(sql`select status_code, response from idempotency_keys where key = 'recorded-1'`)
      .then((r) => (r as unknown as { rows: Array<{ status_code: number; response: string }> }).rows);
    expect(key.status_code).toBe(201);
    expect(JSON.parse(key.response)).toEqual(res.json());
    const replay = await send('POST', '/api/payments/pay', body, accountantToken, { 'idempotency-key': 'recorded-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    expect(await paymentsOf(sale.id)).toHaveLength(1);
    expect(
      await db().$count(
        activityLogs,
        and(eq(activityLogs.route, '/api/payments/pay'), eq(activityLogs.recordId, String(res.json().data.id))),
      ),
    ).toBe(1);
    // what was written beside the payment: the totals, the settled schedule, the history and the manager's notice
    expect((await saleRow(sale.id)).paidTotal).toBe('100.00');
    expect((await schedule(sale.id)).map((i) => i.paid)).toEqual(['100.00', '0.00', '0.00', '0.00']);
    expect(await db().select().from(saleHistories).where(eq(saleHistories.saleId, sale.id))).toHaveLength(1);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sale.userId!), eq(notifications.link, `/sales/${sale.id}/show`)));
    expect(notice).toMatchObject({ kind: 'payment_recorded', link: `/sales/${sale.id}/show` });
  });

  it('converts lari to the sale currency at the NBG rate; a Saturday takes the Friday rate', async () => {
    const sale = await newSale();
    const res = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 290,
      currency: 'GEL',
      paid_on: '2020-03-07',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 290, currency: 'GEL', credited: 100, rate: '0.34482759' });
    const [stored] = await paymentsOf(sale.id);
    expect(stored).toMatchObject({ amount: '290.00', credited: '100.00', rate: '0.34482759' });
    expect((await saleRow(sale.id)).paidTotal).toBe('100.00');
  });

  it('converts euros to dollars through the lari (cross rate of the day)', async () => {
    const sale = await newSale();
    const res = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 100,
      currency: 'EUR',
      paid_on: '2020-03-08',
    });
    expect(res.statusCode, res.body).toBe(201);
    // 100 EUR × 3.20 GEL / 2.90 GEL per USD = 110.344… → 110.34
    expect(res.json().data).toMatchObject({ credited: 110.34, rate: '1.10344828' });
  });

  it('the largest payment a sale may take is kept in lari and euros too, above the sale currency’s bound', async () => {
    // 999,999,999,999.99 USD, the most a price may be, is about 2.9 trillion lari: wider than the amount's own column
    const sale = await newSale({ price: '999999999999.99', paymentsCount: 1 });
    const res = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 999_999_999_999.99,
      currency: 'USD',
      paid_on: '2020-03-06',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await paymentsOf(sale.id);
    expect(stored).toMatchObject({ inUsd: '999999999999.99', inGel: '2899999999999.97', inEur: '906249999999.99' });
  });

  it('refuses more than is left to pay, naming the remainder, and writes nothing', async () => {
    const sale = await newSale({ price: 1000, paymentsCount: 1 });
    const res = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 1000.01,
      currency: 'USD',
      paid_on: '2026-11-20',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount[0]).toBe('The payment is more than what is left to pay (1,000.00 USD)');
    expect(await paymentsOf(sale.id)).toHaveLength(0);
    const full = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 1000,
      currency: 'USD',
      paid_on: '2026-11-20',
    });
    expect(full.json().sale).toMatchObject({ status: 'completed', remaining: 0 });
  });

  it('answers 422 on paid_on when there is no rate for the day or before it', async () => {
    const sale = await newSale();
    const res = await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 100, currency: 'EUR', paid_on: '1999-01-04' },
      adminToken,
      { 'content-language': 'ka' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.paid_on[0]).toContain('EUR');
    expect(await paymentsOf(sale.id)).toHaveLength(0);
  });

  it('checks the form: amount above zero, known currency, a date (422 per field)', async () => {
    const sale = await newSale();
    const res = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 0,
      currency: 'GBP',
      paid_on: '20.11.2026',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['amount', 'currency', 'paid_on']);
  });

  it('a cancelled sale takes no payments (409)', async () => {
    const sale = await newSale();
    await cancelSale(db(), sale.id, sale.propertyIds);
    const res = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 10,
      currency: 'USD',
      paid_on: '2026-11-20',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The sale is cancelled: its payments and schedule can no longer change');
  });

  it('the same Idempotency-Key twice records the payment once and answers the first result again', async () => {
    const sale = await newSale();
    const body = { sale_id: sale.id, amount: 500, currency: 'USD', paid_on: '2026-11-20' };
    const first = await send('POST', '/api/payments/pay', body, accountantToken, {
      'idempotency-key': `pay-${sale.id}`,
    });
    const again = await send('POST', '/api/payments/pay', body, accountantToken, {
      'idempotency-key': `pay-${sale.id}`,
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await paymentsOf(sale.id)).toHaveLength(1);
    expect((await saleRow(sale.id)).paidTotal).toBe('500.00');
  });

  it('ten payments at once on one sale: paid total and installments hold exactly the accepted payments', async () => {
    const sale = await newSale({ price: 1000, paymentsCount: 3 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(
          'POST',
          '/api/payments/pay',
          { sale_id: sale.id, amount: 150, currency: 'USD', paid_on: '2026-11-20' },
          accountantToken,
        ),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 201);
    expect(accepted).toHaveLength(6);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(4);
    const credited = accepted.reduce((s, a) => s + Math.round(a.json().data.credited * 100), 0);
    const row = await saleRow(sale.id);
    expect(Math.round(Number(row.paidTotal) * 100)).toBe(credited);
    const held = (await schedule(sale.id)).reduce((s, i) => s + Math.round(Number(i.paid) * 100), 0);
    expect(held).toBe(credited);
    expect(await paymentsOf(sale.id)).toHaveLength(6);
  });
});

describe('renovation payments and voided payments', () => {
  it('a renovation payment counts toward the renovation, not the sale, and is refused beyond its price', async () => {
    const sale = await newSale({ price: 1000, paymentsCount: 1 });
    await db().update(sales).set({ renovationPrice: '500.00' }).where(eq(sales.id, sale.id));
    const res = await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 300, currency: 'USD', paid_on: '2026-11-20', mode: 'renovation' },
      accountantToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await saleRow(sale.id)).toMatchObject({ renovationPaid: '300.00', paidTotal: '0.00' });
    const over = await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 201, currency: 'USD', paid_on: '2026-11-20', mode: 'renovation' },
      accountantToken,
    );
    expect(over.json().errors.amount).toEqual(['The payment is more than what is left to pay (200.00 USD)']);
  });

  it('a payment voided when the sale’s units changed can no longer be edited (409)', async () => {
    const sale = await newSale();
    const id = (
      await send('POST', '/api/payments/pay', { sale_id: sale.id, amount: 100, currency: 'USD', paid_on: '2026-11-20' })
    ).json().data.id;
    await db().update(payments).set({ voidedAt: new Date() }).where(eq(payments.id, id));
    const res = await send('PUT', `/api/payments/${id}`, { amount: 50 });
    expect(res.statusCode).toBe(409);
    expect((await paymentsOf(sale.id))[0].amount).toBe('100.00');
  });
});

describe('who may record payments', () => {
  it('a sales manager without add_payments gets 403; a user outside the complex 404', async () => {
    const sale = await newSale();
    const manager = await t.signIn('sales_manager@demo.ge');
    expect(
      (
        await send(
          'POST',
          '/api/payments/pay',
          { sale_id: sale.id, amount: 10, currency: 'USD', paid_on: '2026-11-20' },
          manager,
        )
      ).statusCode,
    ).toBe(403);
    const elsewhere = await createStaff(t, adminToken, {
      permissions: ['add_payments', 'view_payments', 'edit_payments', 'delete_payments'],
      buildings: [saburtalo],
    });
    const res = await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 10, currency: 'USD', paid_on: '2026-11-20' },
      elsewhere.token,
    );
    expect(res.statusCode).toBe(404);
    expect((await get(`/api/payments?sale_id=${sale.id}`, elsewhere.token)).json().data).toEqual([]);
    expect(await paymentsOf(sale.id)).toHaveLength(0);
  });
});

describe('previewing a payment (POST /payments/calculatePayment)', () => {
  it('shows the credited amount and which installments it would fill, writing nothing', async () => {
    const sale = await newSale({ price: 3000, paymentsCount: 3 });
    const res = await send(
      'POST',
      '/api/payments/calculatePayment',
      { sale_id: sale.id, amount: 4350, currency: 'GEL', paid_on: '2020-03-09' },
      accountantToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = await schedule(sale.id);
    expect(res.json().data).toEqual({
      amount: 4350,
      currency: 'GEL',
      sale_currency: 'USD',
      rate: '0.34482759',
      rate_date: '2020-03-06',
      credited: 1500,
      remaining_before: 3000,
      remaining_after: 1500,
      overpaid: 0,
      covers: [
        { installment_id: first.id, number: 1, due_date: '2027-01-15', covers: 1000, remaining_after: 0 },
        { installment_id: second.id, number: 2, due_date: '2027-02-15', covers: 500, remaining_after: 500 },
      ],
    });
    expect(await paymentsOf(sale.id)).toHaveLength(0);
  });
});

describe('changing and deleting a payment', () => {
  it('PUT converts again at the new day; DELETE removes it and settles the sale; both are in the history', async () => {
    const sale = await newSale({ price: 3000, paymentsCount: 3 });
    const paid = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 1500,
      currency: 'USD',
      paid_on: '2026-11-20',
    });
    const id = paid.json().data.id as number;
    const changed = await send('PUT', `/api/payments/${id}`, { amount: 2900, currency: 'GEL', paid_on: '2020-03-06' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ amount: 2900, currency: 'GEL', credited: 1000, paid_on: '2020-03-06' });
    expect(changed.json().sale).toMatchObject({ paid_total: 1000, remaining: 2000 });
    expect((await schedule(sale.id)).map((i) => i.paid)).toEqual(['1000.00', '0.00', '0.00']);

    const manager = await t.signIn('sales_manager@demo.ge');
    expect((await send('DELETE', `/api/payments/sale/${id}/${sale.id}`, undefined, manager)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/payments/renovation/${id}/${sale.id}`)).statusCode).toBe(404);
    const removed = await send('DELETE', `/api/payments/sale/${id}/${sale.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await paymentsOf(sale.id)).toHaveLength(0);
    expect((await saleRow(sale.id)).paidTotal).toBe('0.00');
    expect((await schedule(sale.id)).map((i) => i.paid)).toEqual(['0.00', '0.00', '0.00']);
    const actions = (
      await db().select().from(saleHistories).where(eq(saleHistories.saleId, sale.id)).orderBy(asc(saleHistories.id))
    ).map((h) => h.action);
    expect(actions).toEqual(['payment_added', 'payment_changed', 'payment_deleted']);
  });
});

describe('a payment change that leaves an installment late', () => {
  it('turns the sale overdue and tells its manager, as the daily run would', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
    // the first installment fell due long ago: paid, the sale is active; without the payment it is late
    const sale = await newSale({ firstPaymentDate: '2021-01-15', paymentsCount: 2, price: 1000, userId: admin.id });
    const paid = await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 1000, currency: 'USD', paid_on: '2021-01-10' },
      accountantToken,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await saleRow(sale.id)).status).toBe('completed');
    const removed = await send(
      'DELETE',
      `/api/payments/sale/${paid.json().data.id}/${sale.id}`,
      undefined,
      accountantToken,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await saleRow(sale.id)).status).toBe('overdue');
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'sale_overdue')));
    expect(notices.filter((n) => n.link === `/sales/${sale.id}/show`)).toHaveLength(1);
  });
});

describe('the payments list (GET /payments)', () => {
  it('lists a sale’s payments with the contract, customer and who recorded them', async () => {
    const sale = await newSale();
    await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 100, currency: 'USD', paid_on: '2026-11-01' },
      accountantToken,
    );
    await send(
      'POST',
      '/api/payments/pay',
      { sale_id: sale.id, amount: 290, currency: 'GEL', paid_on: '2020-03-06' },
      accountantToken,
    );
    const res = await get(`/api/payments?sale_id=${sale.id}&sort=paid_on&order=asc`, accountantToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(2);
    expect(res.json().data.map((p: { paid_on: string }) => p.paid_on)).toEqual(['2020-03-06', '2026-11-01']);
    expect(res.json().data[0]).toMatchObject({
      contract_no: sale.contractNo,
      customer_name: 'ნინო კაპანაძე',
      building_name: 'ვაკის პარკი',
      currency: 'GEL',
      credited: 100,
    });
    expect(res.json().data[0].created_by_name).toBeTruthy();
    const second = await get(
      `/api/payments?sale_id=${sale.id}&sort=amount&order=desc&perpage=1&page=2`,
      accountantToken,
    );
    expect(second.json().meta).toMatchObject({ total: 2, from: 2, to: 2 });
    expect(second.json().data.map((p: { amount: number }) => p.amount)).toEqual([100]);
    const inComplex = (id: number) => get(`/api/payments?sale_id=${sale.id}&building_ids[]=${id}`, accountantToken);
    expect((await inComplex(vake)).json().meta.total).toBe(2);
    expect((await inComplex(saburtalo)).json().data).toEqual([]);
    const byCurrency = await get(`/api/payments?sale_id=${sale.id}&currency=USD`, accountantToken);
    expect(byCurrency.json().data).toHaveLength(1);
  });
});
