import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  activityLogs,
  blocks,
  buildings,
  customers,
  installments,
  payments,
  properties,
  saleHistories,
  sales,
} from '../../server/db/schema';
import { multipart, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
let accountantToken: string;
let complex: { id: number; name: string };

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  accountantToken = await t.signIn('accountant@demo.ge');
  [complex] = await db()
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .orderBy(asc(buildings.id))
    .limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;

const HEADER = [
  'contract_no',
  'complex',
  'block',
  'unit_no',
  'personal_number',
  'price',
  'currency',
  'contract_start_date',
  'first_payment_date',
  'period_months',
  'payments_count',
  'formula',
  'paid_total',
  'contract_type',
  'payment_type',
  'contract_language',
];

async function workbook(rows: Array<Array<string | number>>) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('sales');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(rows: Array<Array<string | number>>, token = adminToken) {
  const form = multipart(
    {},
    {
      file: {
        filename: 'sales.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: await workbook(rows),
      },
    },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/sales/importFromExcel',
    payload: form.payload,
    headers: { ...t.as(token), ...form.headers },
  });
}

/** Free units of the complex with their block names, and customers with personal numbers. */
async function fixtures(n: number) {
  const units = await db()
    .select({ id: properties.id, no: properties.no, block: blocks.name })
    .from(properties)
    .leftJoin(blocks, eq(blocks.id, properties.blockId))
    .where(and(eq(properties.buildingId, complex.id), eq(properties.status, 'free'), isNull(properties.archivedAt)))
    .orderBy(asc(properties.id))
    .limit(n);
  const people = [];
  for (let i = 0; i < n; i += 1) {
    const personalNumber = String(30_000_000_000 + Math.floor(Math.random() * 9_999_999_999));
    const [c] = await db()
      .insert(customers)
      .values({ nameKa: `იმპორტის კლიენტი ${i}`, personalNumber })
      .returning();
    people.push(c);
  }
  return { units, people };
}

const statusOf = async (id: number) =>
  (await db().select({ status: properties.status }).from(properties).where(eq(properties.id, id)))[0].status;

describe('importing sales from Excel (POST /sales/importFromExcel)', () => {
  it('is all or nothing: a row with an unknown customer answers 422 naming that row; no sale is written', async () => {
    const { units, people } = await fixtures(2);
    const before = await db().$count(sales);
    const res = await upload([
      [
        'IMP-A-1',
        complex.name,
        units[0].block ?? '',
        units[0].no,
        people[0].personalNumber!,
        5000,
        'USD',
        '2026-01-05',
        '2026-02-05',
        1,
        5,
        '',
        1000,
      ],
      [
        'IMP-A-2',
        complex.name,
        units[1].block ?? '',
        units[1].no,
        '99999999999',
        7000,
        'USD',
        '2026-01-05',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rows).toEqual(['Row 3, Personal number: No customer has this personal number']);
    expect(await db().$count(sales)).toBe(before);
    expect(await statusOf(units[0].id)).toBe('free');
  });

  it('names a bad formula and an unknown complex by row and column', async () => {
    const { units, people } = await fixtures(1);
    const res = await upload([
      [
        'IMP-B-1',
        complex.name,
        units[0].block ?? '',
        units[0].no,
        people[0].personalNumber!,
        5000,
        'USD',
        '2026-01-05',
        '',
        1,
        2,
        '9000:1',
        '',
      ],
      ['IMP-B-2', 'No such complex', '', '1', people[0].personalNumber!, 5000, 'USD', '2026-01-05', '', 1, 1, '', ''],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rows).toEqual([
      'Row 2, Formula: The formula adds up to more than the price',
      'Row 3, Complex: There is no such complex among yours',
    ]);
  });

  it('writes every row as a sale: units sold, schedule built, what was paid as one import payment', async () => {
    const { units, people } = await fixtures(2);
    const res = await upload([
      [
        'IMP-C-1',
        complex.name,
        units[0].block ?? '',
        units[0].no,
        people[0].personalNumber!,
        5000,
        'USD',
        '2026-01-05',
        '2026-02-05',
        1,
        5,
        '',
        1000,
      ],
      [
        'IMP-C-2',
        complex.name,
        units[1].block ?? '',
        units[1].no,
        people[1].personalNumber!,
        7000.5,
        'gel',
        '2026-03-01',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ imported: 2 });
    // the import's own line, written with the sales: about no one record and no one complex
    const [line] = await db()
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.route, '/api/sales/importFromExcel'))
      .orderBy(sql`${activityLogs.id} desc`)
      .limit(1);
    expect(line).toMatchObject({ action: 'imported', statusCode: 201, recordId: null, buildingId: null });
    const [first] = await db()
      .select()
      .from(sales)
      .where(and(eq(sales.contractNo, 'IMP-C-1'), isNull(sales.deletedAt)));
    expect(first).toMatchObject({
      customerId: people[0].id,
      price: '5000.00',
      paidTotal: '1000.00',
      paymentsCount: 5,
      currency: 'USD',
    });
    expect(await statusOf(units[0].id)).toBe('sold');
    expect(await statusOf(units[1].id)).toBe('sold');
    expect(
      await db()
        .select({ source: payments.source, credited: payments.credited, paidOn: payments.paidOn })
        .from(payments)
        .where(eq(payments.saleId, first.id)),
    ).toEqual([{ source: 'import', credited: '1000.00', paidOn: '2026-01-05' }]);
    expect(
      (await db().select().from(saleHistories).where(eq(saleHistories.saleId, first.id))).map((h) => h.action),
    ).toEqual(['imported']);
    const shown = await t.app.inject({ method: 'GET', url: `/api/sales/${first.id}`, headers: t.as(adminToken) });
    expect(shown.json().data.installments.map((i: { amount: number; paid: number }) => [i.amount, i.paid])).toEqual([
      [1000, 1000],
      [1000, 0],
      [1000, 0],
      [1000, 0],
      [1000, 0],
    ]);
    const [second] = await db().select().from(sales).where(eq(sales.contractNo, 'IMP-C-2'));
    expect(second).toMatchObject({ currency: 'GEL', price: '7000.50', paidTotal: '0.00', paymentsCount: 1 });

    const again = await upload([
      ['IMP-C-1', complex.name, '', '1', people[0].personalNumber!, 5000, 'USD', '2026-01-05', '', '', '', '', ''],
    ]);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.rows[0]).toMatch(/^Row 2, Contract No\.: This contract number is already used/);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'writes any number of sales in the same few statements, numbering those without a contract number',
    async () => {
      const pg = (await import('pg')).default;
      const { units, people } = await fixtures(40);
      const lines = units.map((u, i) => [
        i % 2 ? `IMP-N-${Date.now()}-${i}` : '',
        complex.name,
        u.block ?? '',
        u.no,
        people[i].personalNumber!,
        1200,
        i % 3 ? 'GEL' : 'USD',
        '2026-01-05',
        '2026-02-05',
        1,
        3,
        '',
        i % 4 ? 100 : '',
      ]);
      const [{ lastBefore }] = await db()
        .select({ lastBefore: sql<number>`coalesce(max(${sales.id}), 0)::int` })
        .from(sales);
      const query = pg.Client.prototype.query;
      let statements = 0;
      pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
        statements++;
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      let res: Awaited<ReturnType<typeof upload>>;
      try {
        res = await upload(lines);
      } finally {
        pg.Client.prototype.query = query;
      }
      expect(res.statusCode, res.body).toBe(201);
      // one at a time it took about 15 statements a sale: 600 here
      expect(statements).toBeLessThan(40);
      const written = await db().select().from(sales).where(gt(sales.id, lastBefore));
      expect(written).toHaveLength(40);
      for (const sale of written) {
        if (!sale.contractNo.startsWith('IMP-N-'))
          expect(sale.contractNo).toBe(`S-${String(sale.id).padStart(6, '0')}`);
        expect(sale.currencyRate).not.toBeNull();
        expect(sale.status).not.toBe('canceled');
      }
      expect(
        await db().$count(
          installments,
          inArray(
            installments.saleId,
            written.map((s) => s.id),
          ),
        ),
      ).toBe(120);
      expect(
        await db().$count(
          payments,
          inArray(
            payments.saleId,
            written.map((s) => s.id),
          ),
        ),
      ).toBe(30);
      expect(written.reduce((sum, s) => sum + Number(s.paidTotal), 0)).toBe(30 * 100);
      for (const u of units) expect(await statusOf(u.id)).toBe('sold');
    },
  );

  it('reads contract type, payment type and language as codes or words in any language; names unknowns', async () => {
    const { units, people } = await fixtures(2);
    const row = (n: number, contract: string, type: string, payment: string, language: string) => [
      contract,
      complex.name,
      units[n].block ?? '',
      units[n].no,
      people[n].personalNumber!,
      9000,
      'USD',
      '2026-04-01',
      '',
      '',
      '',
      '',
      '',
      type,
      payment,
      language,
    ];
    const refused = await upload([row(0, 'IMP-V-0', 'weekly', 'cash', 'ka')]);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json().errors)).toContain('Row 2, Contract type');
    expect(await db().$count(sales, eq(sales.contractNo, 'IMP-V-0'))).toBe(0);

    const res = await upload([
      row(0, 'IMP-V-1', 'იპოთეკა', 'Cash', 'Русский'),
      row(1, 'IMP-V-2', 'full_payment', 'банковский перевод', ''),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const written = await db()
      .select({
        no: sales.contractNo,
        type: sales.contractType,
        payment: sales.paymentType,
        language: sales.contractLanguage,
      })
      .from(sales)
      .where(inArray(sales.contractNo, ['IMP-V-1', 'IMP-V-2']))
      .orderBy(asc(sales.contractNo));
    expect(written).toEqual([
      { no: 'IMP-V-1', type: 'mortgage', payment: 'cash', language: 'ru' },
      { no: 'IMP-V-2', type: 'full_payment', payment: 'bank_transfer', language: 'ka' },
    ]);
  });

  it('the template carries the column headers; the accountant may not import', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/sales/importFromExcel/template',
      headers: t.as(adminToken),
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).getCell(1).value).toBe('Contract No.');
    expect((await upload([], accountantToken)).statusCode).toBe(403);
  });
});
