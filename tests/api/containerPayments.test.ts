import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, notificationLogs, payments, sales, serviceContainers } from '../../server/db/schema';
import { settleOverdueSales } from '../../server/modules/overdueSales';
import {
  addContainer,
  containerRow,
  db,
  gelSale,
  get,
  lastLine,
  payContainer,
  renovationSchedule,
  saleRow,
  saburtalo,
  saleSchedule,
  send,
  t,
  today,
  useContainerFixtures,
} from './containerFixtures';

useContainerFixtures();

describe('the demo data', () => {
  it('has the five services and about 30 sales with a container, some paid off, some overdue', async () => {
    const catalogue = await get('/api/services?perpage=50');
    expect(catalogue.json().data.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining([
        'Renovation: white frame',
        'Full renovation',
        'Parking place',
        'Storage room',
        'Furniture package',
      ]),
    );
    const containers = await db().select().from(serviceContainers);
    const demo = containers.filter((c) => c.createdBy === null);
    expect(demo.length).toBeGreaterThanOrEqual(25);
    expect(demo.length).toBeLessThanOrEqual(30);
    const statuses = new Set(demo.map((c) => c.status));
    expect([...statuses].sort()).toEqual(['active', 'completed', 'overdue']);
    for (const c of demo.filter((d) => d.status === 'completed')) expect(c.paid).toBe(c.price);
    // the sale's renovation is the sum of its containers, and a sale with an overdue container is overdue
    for (const c of demo.slice(0, 10)) {
      const sale = await saleRow(c.saleId);
      expect(sale.renovationPrice).toBe(c.price);
      expect(sale.renovationPaid).toBe(c.paid);
      if (c.status === 'overdue') expect(sale.status).toBe('overdue');
    }
  });
});

describe('renovation payments (POST /containers/pay)', () => {
  it('a USD payment on a GEL renovation, converted at NBG’s rate, fills the renovation’s schedule only', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const preview = await send('POST', '/api/containers/calculatePayment', {
      container_id: container.id,
      amount: 200,
      currency: 'USD',
      paid_on: today,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ credited: 540, rate: '2.70000000', remaining_after: 460 });
    expect(preview.json().data.covers).toEqual([
      expect.objectContaining({ number: 1, covers: 500, remaining_after: 0 }),
      expect.objectContaining({ number: 2, covers: 40, remaining_after: 460 }),
    ]);
    const res = await payContainer(container.id, 200, 'USD');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 200, currency: 'USD', credited: 540, container_id: container.id });
    expect(res.json().container).toMatchObject({ paid: 540, debt: 460, status: 'active' });
    expect(res.json().sale).toMatchObject({ renovation_price: 1000, renovation_paid: 540, renovation_debt: 460 });
    expect((await renovationSchedule(container.id)).map((i) => i.paid)).toEqual(['500.00', '40.00']);
    expect((await saleSchedule(sale.id)).map((i) => i.paid)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(await saleRow(sale.id)).toMatchObject({ paidTotal: '0.00', renovationPaid: '540.00' });
    const [stored] = await db().select().from(payments).where(eq(payments.saleId, sale.id));
    expect(stored).toMatchObject({ mode: 'renovation', containerId: container.id, credited: '540.00' });
  });

  it('a sale payment never reaches the renovation schedule; a renovation payment goes to the container', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const salePayment = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 3000,
      currency: 'GEL',
      paid_on: today,
    });
    expect(salePayment.statusCode, salePayment.body).toBe(201);
    expect((await saleSchedule(sale.id)).map((i) => i.paid)).toEqual(['2500.00', '500.00', '0.00', '0.00']);
    expect((await renovationSchedule(container.id)).map((i) => i.paid)).toEqual(['0.00', '0.00']);
    expect(await containerRow(container.id)).toMatchObject({ paid: '0.00' });
    const viaSale = await send('POST', '/api/payments/pay', {
      sale_id: sale.id,
      amount: 600,
      currency: 'GEL',
      paid_on: today,
      mode: 'renovation',
    });
    expect(viaSale.statusCode, viaSale.body).toBe(201);
    expect((await renovationSchedule(container.id)).map((i) => i.paid)).toEqual(['500.00', '100.00']);
    expect((await saleSchedule(sale.id)).map((i) => i.paid)).toEqual(['2500.00', '500.00', '0.00', '0.00']);
    expect(await saleRow(sale.id)).toMatchObject({ paidTotal: '3000.00', renovationPaid: '600.00' });
    // corrected through PUT /payments/{id}: it may grow up to what the container owes, and stays on its schedule
    const id = viaSale.json().data.id;
    expect((await send('PUT', `/api/payments/${id}`, { amount: 1000.01 })).statusCode).toBe(422);
    const corrected = await send('PUT', `/api/payments/${id}`, { amount: 1000 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await renovationSchedule(container.id)).map((i) => i.paid)).toEqual(['500.00', '500.00']);
    expect(await containerRow(container.id)).toMatchObject({ paid: '1000.00', status: 'completed' });
    expect((await saleSchedule(sale.id)).map((i) => i.paid)).toEqual(['2500.00', '500.00', '0.00', '0.00']);
  });

  it('refuses more than the container still owes, naming the remainder', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const res = await payContainer(container.id, 1000.01);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount[0]).toBe('The payment is more than what is left to pay (1,000.00 GEL)');
    expect(await containerRow(container.id)).toMatchObject({ paid: '0.00' });
  });

  it('concurrent payments on one container: the paid total is exactly the sum of the accepted ones', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    // 15 payments of 90 GEL at once on a 1,000 GEL container: 11 fit (990), the rest are refused
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        payContainer(container.id, 90, 'GEL', { 'idempotency-key': `race-${sale.id}-${i}` }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 201);
    expect(
      answers.every((a) => a.statusCode === 201 || a.statusCode === 422),
      answers.map((a) => a.body).join(),
    ).toBe(true);
    expect(accepted).toHaveLength(11);
    const sum = accepted.reduce((s, a) => s + a.json().data.credited, 0);
    const row = await containerRow(container.id);
    expect(Number(row.paid)).toBe(sum);
    expect((await saleRow(sale.id)).renovationPaid).toBe(row.paid);
    const allocated = (await renovationSchedule(container.id)).reduce((s, i) => s + Number(i.paid), 0);
    expect(allocated).toBe(sum);
    expect(await db().select().from(payments).where(eq(payments.containerId, container.id))).toHaveLength(11);
  });

  it('a repeat with the same Idempotency-Key answers the first result and records nothing more', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const first = await payContainer(container.id, 100, 'GEL', { 'idempotency-key': `once-${sale.id}` });
    const again = await payContainer(container.id, 100, 'GEL', { 'idempotency-key': `once-${sale.id}` });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await db().select().from(payments).where(eq(payments.containerId, container.id))).toHaveLength(1);
    expect((await containerRow(container.id)).paid).toBe('100.00');
  });

  it('a payment is deleted through DELETE /containers/deletePayment/{id} and the ledger settles again', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const paid = await payContainer(container.id, 700);
    const id = paid.json().data.id;
    const res = await send('DELETE', `/api/containers/deletePayment/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().container).toMatchObject({ paid: 0, debt: 1000 });
    expect((await renovationSchedule(container.id)).map((i) => i.paid)).toEqual(['0.00', '0.00']);
    expect((await saleRow(sale.id)).renovationPaid).toBe('0.00');
    expect((await send('DELETE', `/api/containers/deletePayment/${id}`)).statusCode).toBe(404);
  });

  it('lists every renovation payment with the totals per currency (GET /containers/payments)', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    await payContainer(container.id, 100, 'USD');
    await payContainer(container.id, 50, 'GEL');
    const res = await get(`/api/containers/payments?sale_id=${sale.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(res.json().meta.totals).toEqual([
      { currency: 'GEL', amount: 50, count: 1 },
      { currency: 'USD', amount: 100, count: 1 },
    ]);
    // found as the sales list finds a sale: by its contract number, or by what its customer is found by
    await db().update(customers).set({ personalNumber: '01027077777' }).where(eq(customers.id, sale.customerId));
    for (const text of [sale.contractNo, '01027077777']) {
      const found = await get(`/api/containers/payments?query=${encodeURIComponent(text)}`);
      expect(found.json().data.map((p: { sale_id: number }) => p.sale_id)).toEqual([sale.id, sale.id]);
    }
    expect((await get('/api/containers/payments?query=01027077778')).json().data).toEqual([]);
  });
});

describe('status: overdue and completed', () => {
  it('a late renovation installment makes the sale overdue; paying it ends that; all paid completes it', async () => {
    const sale = await gelSale({ price: 1000, paymentsCount: 1, firstPaymentDate: '2027-01-15' });
    const container = await addContainer(sale.id, { first_payment_date: '2026-01-01', payments_count: 2 });
    expect((await saleRow(sale.id)).status).toBe('overdue');
    expect((await containerRow(container.id)).status).toBe('overdue');
    // the daily sweep says the same
    await db().update(sales).set({ status: 'active' }).where(eq(sales.id, sale.id));
    await settleOverdueSales(db(), today);
    expect((await saleRow(sale.id)).status).toBe('overdue');
    // /overdue-sales says how late and how much: the renovation's first installment, due 1 January 2026
    const overdue = await get(`/api/overdue-sales?query=${sale.contractNo}`);
    expect(overdue.statusCode, overdue.body).toBe(200);
    const [row] = overdue.json().data;
    expect(row).toMatchObject({ amount_overdue: today >= '2026-02-01' ? 1000 : 500 });
    expect(row.days_late).toBe(Math.round((Date.parse(today) - Date.parse('2026-01-01')) / 86_400_000));
    await payContainer(container.id, 1000);
    expect((await saleRow(sale.id)).status).toBe('active');
    expect((await containerRow(container.id)).status).toBe('completed');
    await send('POST', '/api/payments/pay', { sale_id: sale.id, amount: 1000, currency: 'GEL', paid_on: today });
    expect((await saleRow(sale.id)).status).toBe('completed');
  });

  it('a sale late only on renovation gets a cancellation notice with the renovation’s days and amount', async () => {
    const sale = await gelSale({ price: 1000, paymentsCount: 1, firstPaymentDate: '2027-01-15' });
    await addContainer(sale.id, { first_payment_date: '2026-01-01', payments_count: 2 });
    const days = Math.round((Date.parse(today) - Date.parse('2026-01-01')) / 86_400_000);
    const amount = today >= '2026-02-01' ? 1000 : 500;
    const notice = await send('POST', '/api/overdue-sales', { sale_id: sale.id, note: 'renovation unpaid' });
    expect(notice.statusCode, notice.body).toBe(201);
    expect(notice.json().data).toMatchObject({
      days_late: days,
      amount_overdue: amount,
      oldest_due_date: '2026-01-01',
    });
    const letter = await get(`/api/sales/${sale.id}/overdue-notification`);
    expect(letter.statusCode, letter.body).toBe(200);
    expect(JSON.stringify(letter.json().data)).toContain(`${amount.toLocaleString('en-US')}.00`);
    // a sale with nothing late, on either schedule, is still refused
    const onTime = await gelSale({ price: 1000, paymentsCount: 1, firstPaymentDate: '2027-01-15' });
    await addContainer(onTime.id, { first_payment_date: '2027-01-01', payments_count: 2 });
    const refused = await send('POST', '/api/overdue-sales', { sale_id: onTime.id });
    expect(refused.statusCode).toBe(422);
  });

  it('a fully paid sale with a renovation still owed is not completed', async () => {
    const sale = await gelSale({ price: 1000, paymentsCount: 1 });
    await send('POST', '/api/payments/pay', { sale_id: sale.id, amount: 1000, currency: 'GEL', paid_on: today });
    expect((await saleRow(sale.id)).status).toBe('completed');
    await addContainer(sale.id);
    expect((await saleRow(sale.id)).status).toBe('active');
    await settleOverdueSales(db(), today);
    expect((await saleRow(sale.id)).status).toBe('active');
  });
});

describe('renovation reminders', () => {
  it('the daily run reminds of a renovation installment due soon, once, with its own key', async () => {
    const sale = await gelSale();
    const inTwoDays = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const container = await addContainer(sale.id, { first_payment_date: inTwoDays, payments_count: 1 });
    const [installment] = await renovationSchedule(container.id);
    await t.app.customerMessages.runDaily(today);
    const rows = await db().select().from(notificationLogs).where(eq(notificationLogs.saleId, sale.id));
    const keys = rows.map((r) => r.dedupeKey);
    expect(keys.some((k) => k?.startsWith(`reminder:`) && k.includes(`:renovation-${installment.id}:`))).toBe(true);
    expect(rows.every((r) => r.installmentId === null)).toBe(true);
    await t.app.customerMessages.runDaily(today);
    expect(await db().select().from(notificationLogs).where(eq(notificationLogs.saleId, sale.id))).toHaveLength(
      rows.length,
    );
  });
});

describe('the renovation schedule (POST /sales/{sale_id}/renovation/payment-schedule)', () => {
  it('replaces the container’s schedule by the formula rule, answering Success; beyond the price is 422', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    await payContainer(container.id, 300);
    const res = await send('POST', `/api/sales/${sale.id}/renovation/payment-schedule`, {
      price: 1000,
      currency: 'GEL',
      first_payment_date: '2027-05-10',
      period_months: 2,
      payments_count: 4,
      formula: '100:2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Success');
    expect(res.json().data.map((i: { amount: number }) => i.amount)).toEqual([100, 100, 400, 400]);
    expect((await renovationSchedule(container.id)).map((i) => [i.dueDate, i.amount, i.paid])).toEqual([
      ['2027-05-10', '100.00', '100.00'],
      ['2027-07-10', '100.00', '100.00'],
      ['2027-09-10', '400.00', '100.00'],
      ['2027-11-10', '400.00', '0.00'],
    ]);
    const bad = await send('POST', `/api/sales/${sale.id}/renovation/payment-schedule`, {
      first_payment_date: '2027-05-10',
      payments_count: 2,
      formula: '900:2',
    });
    expect(bad.statusCode).toBe(422);
    const otherCurrency = await send('POST', `/api/sales/${sale.id}/renovation/payment-schedule`, {
      currency: 'USD',
      first_payment_date: '2027-05-10',
    });
    expect(otherCurrency.statusCode).toBe(422);
    const noContainer = await gelSale();
    const none = await send('POST', `/api/sales/${noContainer.id}/renovation/payment-schedule`, {
      first_payment_date: '2027-05-10',
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('renovation invoices (POST /invoices with mode renovation)', () => {
  it('invoices a renovation installment or balance, prints the renovation’s figures and lists its mode', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    await payContainer(container.id, 200);
    const [first, second] = await renovationSchedule(container.id);
    const one = await send('POST', '/api/invoices', { sale_id: sale.id, container_installment_id: first.id });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().data).toMatchObject({
      mode: 'renovation',
      amount: 300,
      currency: 'GEL',
      due_date: first.dueDate,
      installment: { number: 1, amount: 500, paid: 200 },
      sale: { id: sale.id, price: 1000, paid_total: 200, remaining: 800 },
    });
    // a second click answers the same invoice; the balance is an invoice of its own
    const again = await send('POST', '/api/invoices', { sale_id: sale.id, container_installment_id: first.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(one.json().data.id);
    const balance = await send('POST', '/api/invoices', { sale_id: sale.id, mode: 'renovation' });
    expect(balance.statusCode, balance.body).toBe(201);
    expect(balance.json().data).toMatchObject({ mode: 'renovation', amount: 800, installment: null });
    // the sale's own balance is still the sale's
    const own = await send('POST', '/api/invoices', { sale_id: sale.id });
    expect(own.json().data).toMatchObject({ mode: 'sale', amount: 10000, sale: { price: 10000 } });
    const listed = await get(`/api/invoices?sale_id=${sale.id}`);
    expect(
      listed
        .json()
        .data.map((i: { mode: string; installment_number: number | null; amount: number }) => [
          i.mode,
          i.installment_number,
          i.amount,
        ]),
    ).toEqual([
      ['sale', null, 10000],
      ['renovation', null, 800],
      ['renovation', 1, 300],
    ]);
    // another sale's renovation installment, or a sale with no renovation, is refused and nothing is written
    const other = await gelSale();
    const refused = await send('POST', '/api/invoices', { sale_id: other.id, container_installment_id: second.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.container_installment_id).toBeDefined();
    const none = await send('POST', '/api/invoices', { sale_id: other.id, mode: 'renovation' });
    expect(none.statusCode).toBe(422);
    // a sale's installment named for a renovation invoice is refused too
    const [otherInstallment] = await saleSchedule(other.id);
    const mixed = await send('POST', '/api/invoices', {
      sale_id: other.id,
      mode: 'renovation',
      installment_id: otherInstallment.id,
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.installment_id).toBeDefined();
    expect((await get(`/api/invoices?sale_id=${other.id}`)).json().data).toEqual([]);
  });
});

describe('the activity log', () => {
  it('each container write records its line: the record, its complex and what it did', async () => {
    const sale = await gelSale({ buildingId: saburtalo });
    const line = async (route: string) => {
      const found = await lastLine(route);
      return { action: found.action, type: found.recordType, id: found.recordId, complex: found.buildingId };
    };
    const container = await addContainer(sale.id);
    expect(await line('/api/containers')).toEqual({
      action: 'create',
      type: 'containers',
      id: String(container.id),
      complex: saburtalo,
    });
    const paid = await payContainer(container.id, 300);
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().data.id;
    expect(await line('/api/containers/pay')).toEqual({
      action: 'create',
      type: 'containers',
      id: String(paymentId),
      complex: saburtalo,
    });
    const schedule = await send('POST', `/api/sales/${sale.id}/renovation/payment-schedule`, {
      first_payment_date: '2027-05-10',
      period_months: 1,
      payments_count: 2,
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(await line('/api/sales/:sale_id/renovation/payment-schedule')).toEqual({
      action: 'schedule_changed',
      type: 'sales',
      id: String(sale.id),
      complex: saburtalo,
    });
    expect((await lastLine('/api/sales/:sale_id/renovation/payment-schedule')).oldValues).toBeNull();
    expect((await send('DELETE', `/api/containers/deletePayment/${paymentId}`)).statusCode).toBe(200);
    expect(await line('/api/containers/deletePayment/:id')).toEqual({
      action: 'delete',
      type: 'containers',
      id: String(paymentId),
      complex: saburtalo,
    });
    expect((await send('DELETE', `/api/containers/${container.id}`)).statusCode).toBe(200);
    expect(await line('/api/containers/:id')).toEqual({
      action: 'delete',
      type: 'containers',
      id: String(container.id),
      complex: saburtalo,
    });
  });
});
