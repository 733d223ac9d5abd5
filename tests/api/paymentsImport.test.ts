import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { activityLogs, buildings, installments, notifications, payments, sales, users } from '../../server/db/schema';
import { multipart, startTestApp, type TestApp } from './harness';
import { cancelSale, makeCustomer, makeSale } from './saleFixtures';

let t: TestApp;
let adminToken: string;
let accountantToken: string;
let vake: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  accountantToken = await t.signIn('accountant@demo.ge');
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
  for (const [currency, rate] of [
    ['USD', '2.5000'],
    ['EUR', '3.0000'],
  ]) {
    await t.app.inject({
      method: 'POST',
      url: '/api/currency-rates',
      payload: { currency, date: '2021-06-04', rate },
      headers: t.as(adminToken),
    });
  }
});
afterAll(() => t.close());

const db = () => t.database.db;
type Cell = string | number;
const workbook = async (header: string[], rows: Cell[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('statement');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};
const upload = (
  url: string,
  data: Buffer,
  fields: Record<string, string> = {},
  token = accountantToken,
  headers: Record<string, string> = {},
) => {
  const body = multipart(fields, {
    file: {
      filename: 'statement.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    },
  });
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...t.as(token), ...body.headers, ...headers },
  });
};
const paymentsOf = (saleIds: number[]) => db().select().from(payments).where(inArray(payments.saleId, saleIds));
const paidTotal = async (id: number) =>
  (await db().select({ paid: sales.paidTotal }).from(sales).where(eq(sales.id, id)))[0].paid;
const MULTI = ['paid_on', 'amount', 'currency', 'contract_no', 'personal_number', 'note'];

describe('importing one sale’s payments (POST /payments/importFromExcel)', () => {
  it('records every row, converted at the day’s rate (a Saturday takes Friday’s), and settles the sale', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 5000,
      firstPaymentDate: '2027-01-01',
      paymentsCount: 5,
    });
    const file = await workbook(
      ['Payment date', 'Amount', 'Currency', 'Note'],
      [
        ['2021-06-04', 1000, 'USD', 'პირველი'],
        ['2021-06-05', 500, 'gel', ''],
        ['2021-06-05', '300', 'EUR', 'ევროთი'],
      ],
    );
    const key = { 'idempotency-key': `statement-${sale.id}` };
    const res = await upload('/api/payments/importFromExcel', file, { sale_id: String(sale.id) }, accountantToken, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ imported: 3, sales: 1, already_imported: [] });
    const again = await upload(
      '/api/payments/importFromExcel',
      file,
      { sale_id: String(sale.id) },
      accountantToken,
      key,
    );
    expect(again.json()).toEqual(res.json());
    const [line] = await db()
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.route, '/api/payments/importFromExcel'))
      .orderBy(desc(activityLogs.id))
      .limit(1);
    expect(line).toMatchObject({ action: 'imported', recordType: 'payments', buildingId: vake, statusCode: 201 });
    const rows = await paymentsOf([sale.id]);
    expect(rows.map((p) => [p.amount, p.currency, p.credited, p.source]).sort()).toEqual([
      ['1000.00', 'USD', '1000.00', 'bank_statement'],
      ['300.00', 'EUR', '360.00', 'bank_statement'],
      ['500.00', 'GEL', '200.00', 'bank_statement'],
    ]);
    expect(await paidTotal(sale.id)).toBe('1560.00');
    const schedule = await db()
      .select()
      .from(installments)
      .where(eq(installments.saleId, sale.id))
      .orderBy(asc(installments.number));
    expect(schedule.map((i) => i.paid)).toEqual(['1000.00', '560.00', '0.00', '0.00', '0.00']);
  });

  it('tells the sale’s responsible manager what was imported onto it, once for the whole file', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ge'));
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 5000,
      firstPaymentDate: '2027-01-01',
      userId: admin.id,
    });
    const file = await workbook(
      ['paid_on', 'amount', 'currency'],
      [
        ['2021-06-04', 100, 'USD'],
        ['2021-06-04', 50, 'USD'],
      ],
    );
    const res = await upload('/api/payments/importFromExcel', file, { sale_id: String(sale.id) });
    expect(res.statusCode, res.body).toBe(201);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.link, `/sales/${sale.id}/show`)));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'payments_imported',
      params: { contract_no: sale.contractNo, count: 2, amount: '150.00 USD' },
    });
  });

  it('the same file again onto the sale adds nothing, nor the same rows in a statement of many sales', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 5000,
      firstPaymentDate: '2027-01-01',
      contractNo: 'ONE-2',
    });
    const file = await workbook(['paid_on', 'amount', 'currency', 'note'], [['2021-06-04', 40, 'USD', 'x']]);
    expect((await upload('/api/payments/importFromExcel', file, { sale_id: String(sale.id) })).json().data).toEqual({
      imported: 1,
      sales: 1,
      already_imported: [],
    });
    const again = await upload('/api/payments/importFromExcel', file, { sale_id: String(sale.id) });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toEqual({ imported: 0, sales: 0, already_imported: [2] });
    const statement = await workbook(MULTI, [['2021-06-04', 40, 'USD', 'ONE-2', '', 'x']]);
    const viaStatement = await upload('/api/payments/importForMultipleSalesFromExcel', statement);
    expect(viaStatement.json().data).toEqual({ imported: 0, sales: 0, already_imported: [2] });
    expect(await paidTotal(sale.id)).toBe('40.00');
  });

  it('a cancelled sale takes no import (409)', async () => {
    const sale = await makeSale(db(), { buildingId: vake, price: 500, firstPaymentDate: '2027-01-01' });
    await cancelSale(db(), sale.id, sale.propertyIds);
    const res = await upload(
      '/api/payments/importFromExcel',
      await workbook(['paid_on', 'amount', 'currency'], [['2021-06-04', 10, 'USD']]),
      { sale_id: String(sale.id) },
    );
    expect(res.statusCode).toBe(409);
  });
});

describe('importing a bank statement for many sales (POST /payments/importForMultipleSalesFromExcel)', () => {
  it('matches rows by contract number, else by the customer’s personal number', async () => {
    const customer = await makeCustomer(db(), 'ზურაბ იმპორტიშვილი', '01002003004');
    const bySale = await makeSale(db(), {
      buildingId: vake,
      price: 2000,
      firstPaymentDate: '2027-01-01',
      contractNo: 'IMP-1',
    });
    const byPerson = await makeSale(db(), {
      buildingId: vake,
      customerId: customer.id,
      price: 2000,
      firstPaymentDate: '2027-01-01',
    });
    const file = await workbook(MULTI, [
      ['2021-06-04', 100, 'USD', 'IMP-1', '', ''],
      ['2021-06-04', 250, 'GEL', '', '01002003004', 'თბს ბანკი'],
    ]);
    const res = await upload('/api/payments/importForMultipleSalesFromExcel', file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ imported: 2, sales: 2, already_imported: [] });
    expect(await paidTotal(bySale.id)).toBe('100.00');
    expect(await paidTotal(byPerson.id)).toBe('100.00');
  });

  it('unmatched rows, a customer with several sales, a row beyond the balance: row errors, no write', async () => {
    const customer = await makeCustomer(db(), 'ეკა ორგაყიდვიანი', '01005006007');
    const one = await makeSale(db(), {
      buildingId: vake,
      customerId: customer.id,
      price: 1000,
      firstPaymentDate: '2027-01-01',
      contractNo: 'IMP-2',
    });
    await makeSale(db(), { buildingId: vake, customerId: customer.id, price: 1000, firstPaymentDate: '2027-01-01' });
    const file = await workbook(MULTI, [
      ['2021-06-04', 100, 'USD', 'IMP-2', '', ''],
      ['2021-06-04', 100, 'USD', 'NO-SUCH', '99999999999', ''],
      ['2021-06-04', 100, 'USD', '', '01005006007', ''],
      ['2021-06-04', 950, 'USD', 'IMP-2', '', ''],
    ]);
    const res = await upload('/api/payments/importForMultipleSalesFromExcel', file);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rows).toEqual([
      'Row 3: No sale matches this contract number or personal number',
      'Row 4: The customer has several sales: give the contract number',
      'Row 5: The payment is more than what is left to pay (900.00 USD)',
    ]);
    expect(await paymentsOf([one.id])).toHaveLength(0);
  });

  it('imports 10,000 rows in one go, quickly, and every touched sale’s paid total equals its payments', async () => {
    const saleCount = 20;
    const made = [];
    for (let i = 0; i < saleCount; i += 1)
      made.push(
        await makeSale(db(), {
          buildingId: vake,
          price: 1_000_000,
          firstPaymentDate: '2027-01-01',
          paymentsCount: 12,
          contractNo: `BULK-${i}`,
        }),
      );
    const rows: Cell[][] = Array.from({ length: 10_000 }, (_, i) => [
      i % 3 === 0 ? '2021-06-05' : '2021-06-04',
      10 + (i % 7),
      ['USD', 'GEL', 'EUR'][i % 3],
      `BULK-${i % saleCount}`,
      '',
      `row ${i}`,
    ]);
    const file = await workbook(MULTI, rows);
    const started = performance.now();
    const res = await upload('/api/payments/importForMultipleSalesFromExcel', file);
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    expect(res.json().data).toEqual({ imported: 10_000, sales: saleCount, already_imported: [] });
    expect(seconds).toBeLessThan(process.env.TEST_DB === 'postgres' ? 10 : 25);
    const ids = made.map((s) => s.id);
    const totals = (await db().execute(sql`
      select s.id, s.paid_total::text as paid, (select sum(p.credited) from payments p where p.sale_id = s.id)::text as credited,
             (select sum(i.paid) from installments i where i.sale_id = s.id)::text as held
      from sales s where s.id in ${sql.raw(`(${ids.join(',')})`)}`)) as unknown as {
      rows: Array<{ paid: string; credited: string; held: string }>;
    };
    expect(totals.rows).toHaveLength(saleCount);
    for (const row of totals.rows) {
      expect(row.paid).toBe(row.credited);
      expect(Number(row.held)).toBe(Number(row.paid));
    }
  }, 120_000);

  it('keeps each statement row once: the same file again adds nothing and names the rows it already had', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 300,
      firstPaymentDate: '2027-01-01',
      contractNo: 'TWICE-1',
    });
    // two payments alike in every field are two rows of the statement, and both are kept
    const file = await workbook(MULTI, [
      ['2021-06-04', 100, 'USD', 'TWICE-1', '', 'შენატანი'],
      ['2021-06-04', 100, 'USD', 'TWICE-1', '', 'შენატანი'],
      ['2021-06-04', 100, 'USD', 'TWICE-1', '', 'another'],
    ]);
    const first = await upload('/api/payments/importForMultipleSalesFromExcel', file);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toEqual({ imported: 3, sales: 1, already_imported: [] });
    expect(await paidTotal(sale.id)).toBe('300.00');

    // the sale is paid in full now: the file again is no overpayment, it is rows already kept
    const again = await upload('/api/payments/importForMultipleSalesFromExcel', file);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toEqual({ imported: 0, sales: 0, already_imported: [2, 3, 4] });
    expect(await paymentsOf([sale.id])).toHaveLength(3);
    expect(await paidTotal(sale.id)).toBe('300.00');
  });

  it('adds only the new rows of a statement overlapping an earlier one', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 5000,
      firstPaymentDate: '2027-01-01',
      contractNo: 'OVER-1',
    });
    const earlier = await workbook(MULTI, [
      ['2021-06-04', 10, 'USD', 'OVER-1', '', 'a'],
      ['2021-06-05', 20, 'USD', 'OVER-1', '', 'b'],
    ]);
    expect((await upload('/api/payments/importForMultipleSalesFromExcel', earlier)).statusCode).toBe(201);
    // the later statement repeats b, has a second payment alike to b (a new one), and a new row
    const later = await workbook(MULTI, [
      ['2021-06-05', 20, 'USD', 'OVER-1', '', '  b '],
      ['2021-06-05', 20, 'USD', 'OVER-1', '', 'b'],
      ['2021-06-07', 30, 'USD', 'OVER-1', '', 'c'],
    ]);
    const res = await upload('/api/payments/importForMultipleSalesFromExcel', later);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ imported: 2, sales: 1, already_imported: [2] });
    expect(await paidTotal(sale.id)).toBe('80.00');
  });

  it('tells rows apart by the bank’s transaction id where the file has one', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 5000,
      firstPaymentDate: '2027-01-01',
      contractNo: 'TX-1',
    });
    const header = [...MULTI, 'transaction_id'];
    const file = await workbook(header, [
      ['2021-06-04', 10, 'USD', 'TX-1', '', 'rent', 'FT-001'],
      ['2021-06-04', 10, 'USD', 'TX-1', '', 'rent', 'FT-002'],
    ]);
    const res = await upload('/api/payments/importForMultipleSalesFromExcel', file);
    expect(res.json().data).toEqual({ imported: 2, sales: 1, already_imported: [] });
    // the same transaction, its note written otherwise in a later export, is the same row
    const renamed = await workbook(header, [['2021-06-04', 10, 'USD', 'TX-1', '', 'RENT June', 'FT-002']]);
    const again = await upload('/api/payments/importForMultipleSalesFromExcel', renamed);
    expect(again.json().data).toEqual({ imported: 0, sales: 0, already_imported: [2] });
    expect(await paidTotal(sale.id)).toBe('20.00');
  });

  it('offers the template with the headers in the user’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/importForMultipleSalesFromExcel/template',
      headers: t.as(accountantToken, 'ka'),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual([
      'გადახდის თარიღი',
      'თანხა',
      'ვალუტა',
      'ხელშეკრულების ნომერი',
      'პირადი ნომერი',
      'შენიშვნა',
      'ტრანზაქციის ნომერი',
    ]);
  });
});
