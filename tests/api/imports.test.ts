import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { inArray, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { agents } from '../../server/db/schema';
import { holdsMoreRows } from '../../server/core/imports';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
async function workbook(header: string[], rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Agents');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const importFile = (data: Buffer, locale = 'en', filename = 'agents.xlsx', token = admin) => {
  const body = multipart({}, { file: { filename, type: XLSX, data } });
  return t.app.inject({
    method: 'POST',
    url: '/api/agents/import',
    headers: { ...t.as(token, locale), ...body.headers },
    payload: body.payload,
  });
};
const agentsNamed = (names: string[]) => t.database.db.select().from(agents).where(inArray(agents.name, names));

describe('importing agents from Excel', () => {
  it('imports nothing when one row is bad, and names the row as in the sheet with its message', async () => {
    const names = ['Imp Bad One', 'Imp Bad Two', 'Imp Bad Three'];
    const file = await workbook(
      ['Name', 'Personal number', 'Email', 'Fee, %'],
      [
        [names[0], '01001012345', 'a@example.com', 2],
        [names[1], '12345', 'b@example.com', 1.5],
        [names[2], '01001012346', 'c@example.com', 3],
      ],
    );
    const res = await importFile(file);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rows).toHaveLength(1);
    expect(res.json().errors.rows[0]).toMatch(/^Row 3, Personal number: .*11 digits/);
    expect(await agentsNamed(names)).toHaveLength(0);
  });

  it('lists every bad row, in the request language', async () => {
    const file = await workbook(
      ['სახელი', 'პირადი ნომერი', 'ელ. ფოსტა', 'საკომისიო, %'],
      [
        ['', '01001012345', 'a@example.com', 2],
        ['Imp Ka', '01001012345', 'not-an-email', 200],
      ],
    );
    const res = await importFile(file, 'ka');
    expect(res.statusCode).toBe(422);
    const rows: string[] = res.json().errors.rows;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^სტრიქონი 2, სახელი: /);
    expect(rows[1]).toMatch(/^სტრიქონი 3, ელ. ფოსტა: /);
    expect(rows[2]).toMatch(/^სტრიქონი 3, საკომისიო, %: /);
    expect(await agentsNamed(['Imp Ka'])).toHaveLength(0);
  });

  it('imports every row of a good file, reading Russian headers and skipping empty lines', async () => {
    const names = ['Imp Good One', 'Imp Good Two', 'Imp Good Three'];
    const file = await workbook(
      ['Имя', 'Личный номер', 'Телефон', 'Комиссия, %', 'IBAN'],
      [
        [names[0], '01001012345', '555 11 22 33', 2, 'GE29NB0000000101904917'],
        [],
        [names[1], '', '', 1.25, ''],
        [names[2], '01001012347', '', '', ''],
      ],
    );
    const res = await importFile(file, 'ru');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { imported: 3 } });
    const rows = await agentsNamed(names);
    expect(rows).toHaveLength(3);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName[names[0]]).toMatchObject({
      personalNumber: '01001012345',
      phone: '+995 555 11 22 33',
      feePercent: '2.00',
      iban: 'GE29NB0000000101904917',
      active: true,
    });
    expect(byName[names[1]]).toMatchObject({ personalNumber: null, feePercent: '1.25' });
    expect(byName[names[2]]).toMatchObject({ personalNumber: '01001012347', feePercent: null });
  });

  it('refuses a personal number typed as a number that lost its leading zero, naming the row', async () => {
    const res = await importFile(await workbook(['Name', 'Personal number'], [['Imp Number', 1001012347]]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rows[0]).toMatch(/^Row 2, Personal number/);
  });

  it('refuses a file that is not an .xlsx workbook, and one with no known header', async () => {
    const text = await importFile(Buffer.from('name\nAgent'), 'en', 'agents.csv');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file[0]).toMatch(/xlsx/);
    const unknown = await importFile(await workbook(['Foo', 'Bar'], [['a', 'b']]));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.file[0]).toMatch(/Name/);
    const empty = await importFile(await workbook(['Name'], []));
    expect(empty.statusCode).toBe(422);
  });

  it('refuses more rows than an import takes: over twice as many before exceljs reads the file whole', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => [`Agent ${i}`]);
    for (const n of [5001, 10_001]) {
      const res = await importFile(await workbook(['Name'], names(n)));
      expect(res.statusCode, String(n)).toBe(422);
      expect(res.json().errors.file, String(n)).toEqual(['At most 5000 rows can be imported at once']);
    }
    // the count reads the sheets' row elements as they are inflated (the header is a row too)
    const twelve = await workbook(['Name'], names(11));
    expect(await holdsMoreRows(twelve, 11)).toBe(true);
    expect(await holdsMoreRows(twelve, 12)).toBe(false);
    expect(await holdsMoreRows(Buffer.from('not a zip'), 0)).toBe(false);
  });

  // three readings of a 60 MB sheet: on two busy cores more than the default 30 s
  it('reads the workbook on a worker thread within its memory and time; refuses one past them, says why', async () => {
    // 2,000 notes of 30,000 characters, each its own: 60 MB of text in a 100 kB file, which the row count lets through
    const heavy = await workbook(
      ['Name', 'Note'],
      Array.from({ length: 2000 }, (_, i) => [`Imp Heavy ${i}`, `${i}`.padEnd(30_000, 'a')]),
    );
    const limits = t.app.config.sheetReading;
    const tooLarge = 'წიგნი წასაკითხად ძალიან დიდია';
    try {
      t.app.config.sheetReading = { memoryMb: 32, seconds: 60 };
      const refused = await importFile(heavy, 'ka');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors, refused.body.slice(0, 300)).toEqual({ file: [expect.stringContaining(tooLarge)] });
      // the thread that ran out of memory is replaced: the next workbook reads
      expect((await importFile(await workbook(['Name'], [['Imp Light']]))).statusCode).toBe(201);
      t.app.config.sheetReading = { memoryMb: 1024, seconds: 0.001 };
      const slow = await importFile(await workbook(['Name'], [['Imp Slow']]), 'ka');
      expect(slow.statusCode).toBe(422);
      expect(slow.json().errors).toEqual({ file: [expect.stringContaining(tooLarge)] });
    } finally {
      t.app.config.sheetReading = limits;
    }
    expect(await agentsNamed(['Imp Light'])).toHaveLength(1);
    expect(await agentsNamed(['Imp Heavy 0', 'Imp Slow'])).toHaveLength(0);
    // within the default limits the same file is read whole: its rows are checked (the notes are too long)
    const read = await importFile(heavy);
    expect(read.statusCode).toBe(422);
    expect(read.json().errors.rows[0]).toMatch(/^Row 2, Note: /);
    expect(read.json().errors.rows).toHaveLength(2000);
  }, 90_000);

  it('needs add_agents', async () => {
    const viewer = await createStaff(t, admin, { permissions: ['view_agents'] });
    const res = await importFile(await workbook(['Name'], [['Imp Viewer']]), 'en', 'agents.xlsx', viewer.token);
    expect(res.statusCode).toBe(403);
    expect(await agentsNamed(['Imp Viewer'])).toHaveLength(0);
  });
});

describe('the import template', () => {
  it('is an .xlsx whose header row is in the request language, and its own headers import', async () => {
    for (const [locale, first] of [
      ['en', 'Name'],
      ['ka', 'სახელი'],
      ['ru', 'Имя'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/agents/import/template',
        headers: t.as(admin, locale),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
      expect(header[0]).toBe(first);
      expect(header).toHaveLength(8);
      book.worksheets[0].addRow([`Imp Template ${locale}`, '01001012399']);
      const imported = await importFile(Buffer.from(await book.xlsx.writeBuffer()), locale);
      expect(imported.json()).toEqual({ data: { imported: 1 } });
    }
  });
});

describe.runIf(process.env.TEST_DB === 'pglite')(
  "the embedded database's statistics (PGlite has no autovacuum)",
  () => {
    const statistics = async (table: string) =>
      (
        await rows<{ tuples: number; vacuumed: string | null; analyzed: string | null }>(
          t.database.db,
          sql`select c.reltuples::int as tuples, s.last_vacuum as vacuumed, s.last_analyze as analyzed
            from pg_class c join pg_stat_user_tables s on s.relid = c.oid
            where c.relname = ${table} and c.relnamespace = 'public'::regnamespace`,
        )
      )[0];

    it('are refreshed by an import of 1,000 rows, so the planner knows the table grew', async () => {
      const before = (await statistics('agents')).tuples;
      const names = Array.from({ length: 1000 }, (_, i) => `Imp Many ${i}`);
      const res = await importFile(
        await workbook(
          ['Name'],
          names.map((name) => [name]),
        ),
      );
      expect(res.json()).toEqual({ data: { imported: 1000 } });
      expect((await statistics('agents')).tuples).toBeGreaterThanOrEqual(Math.max(before, 0) + 1000);
    });

    it('and by the nightly upkeep, which also vacuums', async () => {
      const before = await statistics('sales');
      await t.app.jobs.kick('database-upkeep');
      await t.app.jobs.settled();
      const after = await statistics('sales');
      expect(after.vacuumed).not.toBeNull();
      expect(after.vacuumed).not.toEqual(before.vacuumed);
      expect(after.analyzed).not.toBeNull();
    });
  },
);
