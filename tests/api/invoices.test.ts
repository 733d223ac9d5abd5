import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { bankAccounts, blocks, buildings, installments, invoices } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { cancelSale, makeCustomer, makeSale } from './saleFixtures';

let t: TestApp;
let adminToken: string;
let accountantToken: string;
let vake: number;
let saburtalo: number;
let blockA: number;
let blockB: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  accountantToken = await t.signIn('accountant@demo.ge');
  [vake, saburtalo] = (await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(2)).map(
    (b) => b.id,
  );
  [{ id: blockA }, { id: blockB }] = await db()
    .select({ id: blocks.id })
    .from(blocks)
    .where(eq(blocks.buildingId, vake))
    .orderBy(asc(blocks.name));
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const post = (url: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token) });

describe('issuing an invoice (POST /invoices)', () => {
  it('for an installment: what remains, numbered INV-000001 style, with customer, complex, units, bank', async () => {
    const customer = await makeCustomer(db(), 'მარიამ ინვოისაშვილი', '01009988776');
    const sale = await makeSale(db(), {
      buildingId: vake,
      blockId: blockB,
      customerId: customer.id,
      price: 3000,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 3,
      contractNo: 'INV-T-1',
    });
    await post(
      '/api/payments/pay',
      { sale_id: sale.id, amount: 400, currency: 'USD', paid_on: '2026-11-20' },
      accountantToken,
    );
    const [first] = await db()
      .select()
      .from(installments)
      .where(and(eq(installments.saleId, sale.id), eq(installments.number, 1)));
    const res = await post(
      '/api/invoices',
      { sale_id: sale.id, installment_id: first.id, issued_on: '2026-11-21', note: 'პირველი შენატანი' },
      accountantToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data;
    expect(invoice.number).toBe(`INV-${String(invoice.id).padStart(6, '0')}`);
    expect(invoice).toMatchObject({
      issued_on: '2026-11-21',
      due_date: '2027-01-05',
      amount: 600,
      currency: 'USD',
      note: 'პირველი შენატანი',
      sale: { id: sale.id, contract_no: 'INV-T-1', price: 3000, paid_total: 400, remaining: 2600 },
      installment: { number: 1, due_date: '2027-01-05', amount: 1000, paid: 400 },
      customer: {
        name: 'მარიამ ინვოისაშვილი',
        personal_number: '01009988776',
        address: 'თბილისი, პეკინის 10',
        phone: '+995 599 12 34 56',
      },
      building: { name: 'ვაკის პარკი', address: 'თბილისი, ილია ჭავჭავაძის გამზ. 62', email: 'vake@demo.ge' },
    });
    expect(invoice.properties).toEqual([expect.objectContaining({ block_name: 'B' })]);
    // the complex's general account and the one of block B, where the unit is
    const expected = await db().select().from(bankAccounts).where(eq(bankAccounts.buildingId, vake));
    const forSale = expected.filter((a) => a.blockId === null || a.blockId === blockB);
    expect(invoice.bank_accounts).toHaveLength(forSale.length);
    expect(invoice.bank_accounts.map((a: { block_name: string | null }) => a.block_name).sort()).toEqual(
      forSale.map((a) => (a.blockId ? 'B' : null)).sort(),
    );
    expect(invoice.bank_accounts.map((a: { bank_code: string }) => a.bank_code).sort()).toEqual([
      'BAGAGE22',
      'TBCBGE22',
    ]);
    expect(invoice.bank_accounts[0].iban).toMatch(/^GE\d{2}[A-Z]{2}\d{16}$/);
    expect(await db().select().from(invoices).where(eq(invoices.saleId, sale.id))).toHaveLength(1);
  });

  it('for the whole sale: the sale’s remaining balance; a unit of block A gets only the general accounts', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      blockId: blockA,
      price: 2500,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 2,
    });
    const res = await post('/api/invoices', { sale_id: sale.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 2500, installment: null, due_date: null });
    expect(res.json().data.bank_accounts.every((a: { block_name: string | null }) => a.block_name === null)).toBe(true);
  });

  it("nothing to pay, another sale's installment (422), a cancelled sale (409), no add_invoices (403)", async () => {
    const paid = await makeSale(db(), { buildingId: vake, price: 100, firstPaymentDate: '2027-01-05' });
    await post('/api/payments/pay', { sale_id: paid.id, amount: 100, currency: 'USD', paid_on: '2026-11-20' });
    const nothing = await post('/api/invoices', { sale_id: paid.id });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.sale_id).toEqual(['Nothing is left to pay, so there is nothing to invoice']);
    const other = await makeSale(db(), { buildingId: vake, price: 100, firstPaymentDate: '2027-01-05' });
    const [foreign] = await db().select().from(installments).where(eq(installments.saleId, paid.id));
    expect(
      (await post('/api/invoices', { sale_id: other.id, installment_id: foreign.id })).json().errors.installment_id,
    ).toEqual(['This installment is not part of the sale']);
    const manager = await t.signIn('sales_manager@demo.ge');
    expect((await post('/api/invoices', { sale_id: other.id }, manager)).statusCode).toBe(403);
    await cancelSale(db(), other.id, other.propertyIds);
    expect((await post('/api/invoices', { sale_id: other.id })).statusCode).toBe(409);
    expect(await db().select().from(invoices).where(eq(invoices.saleId, other.id))).toHaveLength(0);
  });
});

describe('reading invoices', () => {
  it('GET /invoices lists them by sale and number; users outside the complex see none, 404 for one', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 800,
      firstPaymentDate: '2027-01-05',
      contractNo: 'INV-LIST',
    });
    const created = (await post('/api/invoices', { sale_id: sale.id, due_date: '2027-01-01' })).json().data;
    const list = await get(`/api/invoices?sale_id=${sale.id}`, accountantToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: created.id,
        number: created.number,
        contract_no: 'INV-LIST',
        amount: 800,
        currency: 'USD',
        due_date: '2027-01-01',
        building_name: 'ვაკის პარკი',
      }),
    ]);
    expect((await get(`/api/invoices?query=${created.number}`)).json().data.map((i: { id: number }) => i.id)).toEqual([
      created.id,
    ]);
    const outsider = await createStaff(t, adminToken, { permissions: ['view_invoices'], buildings: [saburtalo] });
    expect((await get(`/api/invoices?sale_id=${sale.id}`, outsider.token)).json().data).toEqual([]);
    expect((await get(`/api/invoices/${created.id}`, outsider.token)).statusCode).toBe(404);
    const registrar = await t.signIn('property_registrar@demo.ge');
    expect((await get('/api/invoices', registrar)).statusCode).toBe(403);
  });
});
