import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { agents, payments, sales, users } from '../../server/db/schema';
import { multipart, PNG } from './harness';

import {
  t,
  adminToken,
  accountantToken,
  managerToken,
  complexes,
  db,
  get,
  send,
  freeUnits,
  statusOf,
  newCustomer,
  saleBody,
  createSale,
  pay,
  historyOf,
  useSalesFixtures,
} from './salesFixtures';

useSalesFixtures();

describe('changing a sale', () => {
  it("a sale's agent fee and minimum income are percents from 0 up to but not including 100", async () => {
    const { sale } = await createSale();
    for (const field of ['agent_fee_percent', 'minimum_income_percent'])
      for (const percent of [100, -0.5]) {
        const res = await send('PUT', `/api/sales/${sale.id}`, { [field]: percent });
        expect(res.statusCode, `${field} ${percent}`).toBe(422);
        expect(res.json().errors).toEqual({ [field]: ['percentage must be in range 0 to 100'] });
      }
    const res = await send('PUT', `/api/sales/${sale.id}`, { agent_fee_percent: 99.99, minimum_income_percent: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ agent_fee_percent: 99.99, minimum_income_percent: 0 });
  });

  it('a new customer needs the date and reason of the change; the history keeps from and to', async () => {
    const { sale, customer } = await createSale();
    const other = await newCustomer('ახალი მფლობელი');
    const bare = await send('PUT', `/api/sales/${sale.id}`, { customer_id: other.id });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({
      customer_change_date: ['required field'],
      customer_change_reason: ['required field'],
    });

    const res = await send('PUT', `/api/sales/${sale.id}`, {
      customer_id: other.id,
      customer_change_date: '2026-05-01',
      customer_change_reason: 'Assignment of rights',
      note: 'after the change',
      agent_fee_percent: 2.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      customer_id: other.id,
      customer_change_date: '2026-05-01',
      customer_change_reason: 'Assignment of rights',
      note: 'after the change',
      agent_fee_percent: 2.5,
    });
    const history = await historyOf(sale.id);
    const changed = history.find((h) => h.action === 'customer_changed')!;
    expect(changed).toMatchObject({
      reason: 'Assignment of rights',
      effectiveDate: '2026-05-01',
      changes: [{ field: 'customer_id', from: customer.id, to: other.id }],
    });
    expect(history.find((h) => h.action === 'updated')!.changes).toEqual([
      { field: 'agent_fee_percent', from: 0, to: 2.5 },
      { field: 'note', from: null, to: 'after the change' },
    ]);

    const listed = await get(`/api/sales/sale-histories?sale_id=${sale.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toMatchObject({ sale_id: sale.id, user_name: expect.any(String) });
    expect(
      listed
        .json()
        .data.map((h: { action: string }) => h.action)
        .sort(),
    ).toEqual(['created', 'customer_changed', 'updated']);
  });

  it('update-properties keeps what was paid, or resets it by voiding the payments; swapped units follow', async () => {
    const { sale, units } = await createSale(complexes[0].id, {}, 2);
    await pay(sale.id, 1500);
    const [added] = await freeUnits(complexes[0].id, 1);
    const terms = { first_payment_date: '2026-03-01', period_months: 2, payments_count: 4, formula: null };
    const kept = await send('PATCH', `/api/sales/${sale.id}/update-properties`, {
      ...terms,
      property_ids: [units[0].id, added.id],
      price: 12000,
      keep_paid: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ price: 12000, paid_total: 1500, remaining: 10500, payments_count: 4 });
    expect(kept.json().data.installments.map((i: { amount: number; paid: number }) => [i.amount, i.paid])).toEqual([
      [3000, 1500],
      [3000, 0],
      [3000, 0],
      [3000, 0],
    ]);
    expect(await statusOf(units[1].id)).toBe('free');
    expect(await statusOf(added.id)).toBe('sold');

    const tooLow = await send('PATCH', `/api/sales/${sale.id}/update-properties`, {
      ...terms,
      property_ids: [units[0].id],
      price: 1000,
      keep_paid: true,
    });
    expect(tooLow.statusCode).toBe(422);
    expect(Object.keys(tooLow.json().errors)).toEqual(['price']);
    expect(await statusOf(added.id)).toBe('sold');

    const reset = await send('PATCH', `/api/sales/${sale.id}/update-properties`, {
      ...terms,
      property_ids: [units[0].id],
      price: 8000,
      keep_paid: false,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ price: 8000, paid_total: 0, remaining: 8000 });
    expect(reset.json().data.payments).toMatchObject([{ amount: 1500, voided: true }]);
    expect(await statusOf(added.id)).toBe('free');
    expect(await db().$count(payments, and(eq(payments.saleId, sale.id), isNull(payments.voidedAt)))).toBe(0);
    const last = (await historyOf(sale.id)).at(-1)!;
    expect(last.action).toBe('properties_changed');
    expect(last.changes).toContainEqual({ field: 'paid_total', from: 1500, to: 0 });
  });

  it('the agent fee becomes payable after the minimum income, then toggles paid and back', async () => {
    const [agent] = await db().select().from(agents).limit(1);
    const { sale } = await createSale(complexes[0].id, {
      agent_id: agent.id,
      agent_fee_percent: 3,
      minimum_income_percent: 20,
    });
    expect(sale).toMatchObject({ agent_fee_status: 'not_due', agent_fee_amount: 300, agent_is_paid: false });
    const early = await send('PUT', `/api/sales/agentFeeStatus/${sale.id}`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(
      'The agent fee is not due yet: the customer has not paid the minimum income percent',
    );

    await pay(sale.id, 2000);
    const paid = await send('PUT', `/api/sales/agentFeeStatus/${sale.id}`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ agent_fee_status: 'paid', agent_is_paid: true });
    const back = await send('PUT', `/api/sales/agentFeeStatusV2/${sale.id}`, { status: 'must_paid' });
    expect(back.json().data).toMatchObject({ agent_fee_status: 'must_paid', agent_is_paid: false });
    const history = (await historyOf(sale.id)).filter((h) => h.action === 'agent_fee_changed');
    expect(history.map((h) => h.changes[0])).toEqual([
      { field: 'agent_fee_status', from: 'must_paid', to: 'paid' },
      { field: 'agent_fee_status', from: 'paid', to: 'must_paid' },
    ]);
  });
});

describe('cancelling a sale', () => {
  it('delete-with-comment puts it in the trash, frees its units and records why', async () => {
    const { sale, units } = await createSale(complexes[0].id, {}, 2);
    const noReason = await send('POST', `/api/sales/${sale.id}/delete-with-comment`, { date: '2026-06-01' });
    expect(noReason.statusCode).toBe(422);
    const res = await send('POST', `/api/sales/${sale.id}/delete-with-comment`, {
      date: '2026-06-01',
      reason: 'Customer withdrew',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const u of units) expect(await statusOf(u.id)).toBe('free');
    expect((await get(`/api/sales/${sale.id}`)).statusCode).toBe(404);
    const trashed = await get(`/api/sales/${sale.id}/trashed`);
    expect(trashed.json().data).toMatchObject({
      status: 'canceled',
      cancellation_date: '2026-06-01',
      cancellation_reason: 'Customer withdrew',
    });
    const list = await get(
      '/api/sales/trashed?cancellation_date_from=2026-06-01&cancellation_date_to=2026-06-01&perpage=50',
    );
    expect(list.json().data.map((s: { id: number }) => s.id)).toContain(sale.id);
    // the lists as they open, newest first: the trash shows it and only cancelled sales, the live list no longer does
    const ids = async (url: string) => (await get(url)).json().data.map((s: { id: number; status: string }) => s);
    const trash = await ids('/api/sales/trashed?perpage=1000');
    expect(trash.map((s: { id: number }) => s.id)).toContain(sale.id);
    expect(new Set(trash.map((s: { status: string }) => s.status))).toEqual(new Set(['canceled']));
    expect(trash.map((s: { id: number }) => s.id)).toEqual(
      trash.map((s: { id: number }) => s.id).sort((a: number, b: number) => b - a),
    );
    expect((await ids('/api/sales?perpage=1000')).map((s: { id: number }) => s.id)).not.toContain(sale.id);
    expect((await historyOf(sale.id)).at(-1)).toMatchObject({
      action: 'canceled',
      reason: 'Customer withdrew',
      effectiveDate: '2026-06-01',
    });
    expect((await get(`/api/sales/trashed`, managerToken)).statusCode).toBe(403);
  });

  it('a cancelled sale owes nothing: no next payment and nothing overdue, on its record and in its list', async () => {
    const { sale } = await createSale();
    await pay(sale.id, 500, '2026-02-01');
    const live = (await get(`/api/sales/${sale.id}`)).json().data;
    expect(live.next_due_date).not.toBeNull();
    expect(live.days_late).toBeGreaterThan(0);
    expect(live.amount_overdue).toBeGreaterThan(0);
    const res = await send('POST', `/api/sales/${sale.id}/delete-with-comment`, { date: '2026-06-01', reason: 'Late' });
    expect(res.statusCode, res.body).toBe(200);

    const owesNothing = { next_due_date: null, next_due_amount: null, days_late: 0, amount_overdue: 0 };
    expect((await get(`/api/sales/${sale.id}/trashed`)).json().data).toMatchObject({ paid_total: 500, ...owesNothing });
    const trash = (await get('/api/sales/trashed?perpage=1000')).json().data;
    expect(trash.find((s: { id: number }) => s.id === sale.id)).toMatchObject(owesNothing);
    const [stored] = await db().select().from(sales).where(eq(sales.id, sale.id));
    expect(stored.amountOverdue).toBe('0.00');
  });

  it('DELETE cancels too; the units can be sold again', async () => {
    const { sale, units } = await createSale();
    expect((await send('DELETE', `/api/sales/${sale.id}`)).statusCode).toBe(200);
    expect(await statusOf(units[0].id)).toBe('free');
    const again = await send('POST', '/api/sales', saleBody([units[0].id], (await newCustomer()).id));
    expect(again.statusCode).toBe(201);
  });
});

describe('who may do what', () => {
  it('the accountant reads sales but may not create, change or cancel them', async () => {
    const { sale, units } = await createSale();
    expect((await get('/api/sales', accountantToken)).statusCode).toBe(200);
    expect((await get(`/api/sales/${sale.id}`, accountantToken)).statusCode).toBe(200);
    const [unit] = await freeUnits(complexes[0].id, 1);
    expect((await send('POST', '/api/sales', saleBody([unit.id], sale.customer_id), accountantToken)).statusCode).toBe(
      403,
    );
    expect((await send('PUT', `/api/sales/${sale.id}`, { note: 'x' }, accountantToken)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/sales/${sale.id}`, undefined, accountantToken)).statusCode).toBe(403);
    expect(await statusOf(unit.id)).toBe('free');
    expect(await statusOf(units[0].id)).toBe('sold');
  });

  it('lookups, brief info, sales by customer and sales per manager answer', async () => {
    const { sale, customer } = await createSale();
    const types = await get('/api/sales/payment-types', managerToken);
    expect(types.json().data).toContainEqual({ id: 'bank_transfer', name: 'Bank transfer' });
    const languages = await t.app.inject({
      method: 'GET',
      url: '/api/sales/getContractLanguages',
      headers: t.as(managerToken, 'ka'),
    });
    expect(languages.json().data).toContainEqual({ id: 'ka', name: 'ქართული' });
    const brief = await get(`/api/sales/brief-info/${sale.id}`);
    expect(brief.json().data).toMatchObject({
      id: sale.id,
      contract_no: sale.contract_no,
      price: 10000,
      remaining: 10000,
      next_due_amount: 1200,
    });
    const byCustomer = await send('POST', '/api/sales/getSalesByCustomer', { customer_id: customer.id });
    expect(byCustomer.json().data.map((s: { id: number }) => s.id)).toEqual([sale.id]);
    const targets = await get('/api/sales/with-targets?month=2026-01');
    expect(targets.statusCode).toBe(200);
    const admin = targets.json().data.find((r: { user_id: number }) => r.user_id === sale.user_id);
    expect(admin.sales_count).toBeGreaterThan(0);
    // the month's target comes from the bonuses module (tests/api/bonuses.test.ts checks its figures)
    expect(admin).toHaveProperty('target');
  });
});

describe('comments and files of a sale', () => {
  it('a sale is commented on by who sees it; another manager’s or complex’s is 404 to the sales manager', async () => {
    // the sales manager sees only the sales they are the manager of
    const [manager] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'sales_manager@demo.ge'));
    const here = await createSale(complexes[0].id, { user_id: manager.id });
    const someoneElses = await createSale(complexes[0].id);
    const there = await createSale(complexes[1].id);
    expect(
      (await send('POST', `/api/comments/sale/${someoneElses.sale.id}`, { body: 'hidden' }, managerToken)).statusCode,
    ).toBe(404);
    const res = await send(
      'POST',
      `/api/comments/sale/${here.sale.id}`,
      { body: 'Customer asked for the contract in English' },
      managerToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(`/api/comments/sale/${here.sale.id}`, managerToken)).json().data).toHaveLength(1);
    expect(
      (await send('POST', `/api/comments/sale/${there.sale.id}`, { body: 'hidden' }, managerToken)).statusCode,
    ).toBe(404);
    expect((await send('POST', `/api/comments/sale/${there.sale.id}`, { body: 'visible to admin' })).statusCode).toBe(
      201,
    );
  });

  it('uploads, lists, deactivates and deletes a sale file', async () => {
    const { sale } = await createSale();
    const form = multipart(
      { title: 'Signed contract' },
      { file: { filename: 'contract.png', type: 'image/png', data: PNG } },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/addFile`,
      payload: form.payload,
      headers: { ...t.as(adminToken), ...form.headers },
    });
    expect(added.statusCode, added.body).toBe(201);
    const documentId = added.json().data.id;
    const listed = await get(`/api/sales/${sale.id}/files`);
    expect(listed.json().data).toMatchObject([{ id: documentId, title: 'Signed contract', active: true }]);
    expect((await get(`/api/sales/${sale.id}`)).json().data.files_count).toBe(1);
    expect((await get(`/api/sales?id=${sale.id}&has_docs=true`)).json().data).toHaveLength(1);
    const documents = await get('/api/documents?owner_type=sale&perpage=50');
    expect(documents.json().data).toContainEqual(
      expect.objectContaining({ id: documentId, owner_name: sale.contract_no }),
    );
    const deactivated = await send('PATCH', `/api/sales/${sale.id}/deactivateFile/${documentId}`);
    expect(deactivated.json().data.active).toBe(false);
    expect((await send('DELETE', `/api/sales/${sale.id}/deleteFile/${documentId}`)).statusCode).toBe(200);
    expect((await get(`/api/sales/${sale.id}/files`)).json().data).toEqual([]);
  });
});
