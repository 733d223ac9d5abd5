import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, ne } from 'drizzle-orm';
import { amountInWords } from '../../domain/amountInWords';
import {
  CONTRACT_PLACEHOLDERS,
  MISSING_VALUE,
  SCHEDULE_LOOP,
  type ContractPlaceholder,
} from '../../domain/documentPlaceholders';
import { formatMoney, toMinor, type Currency } from '../../domain/money';
import {
  activityLogs,
  customers,
  documentFiles,
  type installments,
  saleContracts,
  sales,
} from '../../server/db/schema';
import { createStaff, multipart, startTestApp, type TestApp } from './harness';
import { demoSaleWithSchedule } from './saleFixtures';
import { buildDocx, paragraph, readDocx, table } from './fixtures/docx';

let t: TestApp;
let admin: string;
let sale: typeof sales.$inferSelect;
let schedule: Array<typeof installments.$inferSelect>;
let outsider: Awaited<ReturnType<typeof createStaff>>;
let wordTemplateId: number;
let docTemplateId: number;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Every placeholder printed as `name=[value]` on its own line; the schedule is the table, the facsimile an image. */
const TEXT_PLACEHOLDERS = CONTRACT_PLACEHOLDERS.filter(
  (p) => p !== SCHEDULE_LOOP && p !== 'complex_director_facsimile',
) as ContractPlaceholder[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  const db = t.database.db;
  // a demo sale with a schedule of several installments, whose customer has no address
  ({ sale, schedule } = await demoSaleWithSchedule(db));
  await db.update(customers).set({ address: null }).where(eq(customers.id, sale.customerId));
  const [elsewhere] = await db
    .select({ id: sales.buildingId })
    .from(sales)
    .where(ne(sales.buildingId, sale.buildingId))
    .limit(1);
  outsider = await createStaff(t, admin, {
    permissions: ['view_sales', 'add_sales', 'edit_sales'],
    buildings: [elsewhere.id],
  });

  const fixture = buildDocx(
    TEXT_PLACEHOLDERS.map((name) => paragraph(`${name}=[{${name}}]`)).join('') +
      table(['No.', 'Due', 'Amount'], ['{#payment_schedule}{number}', '{due_date}', '{amount}{/payment_schedule}']),
  );
  const body = multipart(
    { name: 'Full contract', type: 'contract', language: 'ka' },
    { file: { filename: 'full.docx', type: DOCX, data: fixture } },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/word-templates',
    headers: { ...t.as(admin), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  wordTemplateId = uploaded.json().data.id;

  const rich = await t.app.inject({
    method: 'POST',
    url: '/api/doc-templates',
    headers: t.as(admin),
    payload: {
      name: 'Rich contract',
      type: 'contract',
      language: 'en',
      body:
        TEXT_PLACEHOLDERS.map((name) => `<p>${name}=[<span style="color: #d32f2f">{${name}}</span>]</p>`).join('') +
        '<p>{payment_schedule}</p>',
    },
  });
  expect(rich.statusCode, rich.body).toBe(201);
  docTemplateId = rich.json().data.id;
});
afterAll(() => t.close());

const call = (method: string, url: string, token = admin, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(token), payload: payload as never });

const download = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** name → printed value, from the `name=[value]` lines. */
const printedValues = (text: string) =>
  Object.fromEntries([...text.matchAll(/([a-z_]+)=\[([^\]]*)\]/g)].map((m) => [m[1], m[2]]));

const expectFilled = (text: string, missing: string[], locale: 'ka' | 'en' | 'ru') => {
  expect(text).not.toMatch(/[{}]/);
  expect(text).not.toContain('undefined');
  const values = printedValues(text);
  for (const name of TEXT_PLACEHOLDERS) {
    expect(values[name], name).toBeDefined();
    if (missing.includes(name)) expect(values[name], name).toBe(MISSING_VALUE);
    else expect(values[name], name).not.toBe(MISSING_VALUE);
  }
  expect(missing).toContain('customer_address');
  expect(values.contract_no).toBe(sale.contractNo);
  expect(values.property_price).toBe(`${formatMoney(toMinor(sale.price))} ${sale.currency}`);
  expect(values.property_wprice).toBe(amountInWords(toMinor(sale.price), sale.currency as Currency, locale));
  return values;
};

describe('printing a contract from a Word template', () => {
  it('fills every placeholder and one schedule row per installment, in the language asked for', async () => {
    const preview = await call(
      'GET',
      `/sales/${sale.id}/contracts/preview?template_kind=word&template_id=${wordTemplateId}&locale=ru`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const missing = preview.json().data.missing as string[];
    expect(missing).toContain('customer_address');
    expect(preview.json().data.html).toContain(`contract_no=[${sale.contractNo}]`);

    const res = await call('POST', `/sales/${sale.id}/contracts`, admin, {
      template_kind: 'word',
      template_id: wordTemplateId,
      locale: 'ru',
      date_format: 'DD.MM.YYYY',
    });
    expect(res.statusCode, res.body).toBe(201);
    const contract = res.json().data as { id: number; url: string; missing: string[]; locale: string };
    expect(contract.locale).toBe('ru');
    expect(contract.missing).toEqual(missing);
    const docx = readDocx(await download(contract.url));
    const values = expectFilled(docx.all, missing, 'ru');
    // Russian labels: a demo unit's type and state come from the Russian catalogue
    expect(values.property_type).toMatch(/[а-яА-Я]/);
    const [heading, ...rows] = docx.rows;
    expect(heading).toEqual(['No.', 'Due', 'Amount']);
    expect(rows).toEqual(
      schedule.map((i) => [String(i.number), i.dueDate.split('-').reverse().join('.'), formatMoney(toMinor(i.amount))]),
    );
  });

  it('keeps each print with the sale files; printing again keeps the earlier one', async () => {
    const before = await t.database.db.$count(saleContracts, eq(saleContracts.saleId, sale.id));
    const res = await call('POST', `/sales/${sale.id}/contracts`, admin, {
      template_kind: 'word',
      template_id: wordTemplateId,
      locale: 'ka',
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(saleContracts)
      .innerJoin(documentFiles, eq(documentFiles.id, saleContracts.documentFileId))
      .where(eq(saleContracts.saleId, sale.id));
    expect(rows.length).toBe(before + 1);
    expect(rows.every((r) => r.document_files.ownerType === 'sale' && r.document_files.ownerId === sale.id)).toBe(true);
    expect(new Set(rows.map((r) => r.document_files.path)).size).toBe(rows.length);
    const files = await call('GET', `/sales/${sale.id}/files`);
    const names = (files.json().data as Array<{ original_name: string }>).map((f) => f.original_name);
    expect(names.filter((n) => n.endsWith('.docx')).length).toBeGreaterThanOrEqual(rows.length);
    const options = await call('GET', `/sales/${sale.id}/contracts`);
    const printed = options.json().data.contracts as Array<{ template_name: string; created_by_name: string }>;
    expect(printed.length).toBe(rows.length);
    expect(printed[0].template_name).toBe('Full contract');
    expect(printed[0].created_by_name).toBeTruthy();
    const [line] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.route, '/api/sales/:id/contracts'), eq(activityLogs.method, 'POST')))
      .orderBy(desc(activityLogs.id))
      .limit(1);
    expect(line).toMatchObject({
      action: 'contract_made',
      recordType: 'sales',
      recordId: String(sale.id),
      buildingId: sale.buildingId,
      statusCode: 201,
      oldValues: null,
    });
  });
});

describe('printing a contract from a rich-text template', () => {
  it('fills every placeholder and the schedule table, in English', async () => {
    const preview = await call(
      'GET',
      `/sales/${sale.id}/contracts/preview?template_kind=doc&template_id=${docTemplateId}&locale=en`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const { html, missing } = preview.json().data as { html: string; missing: string[] };
    expect(html).toContain('<table');
    const res = await call('POST', `/sales/${sale.id}/contracts`, admin, {
      template_kind: 'doc',
      template_id: docTemplateId,
      locale: 'en',
    });
    expect(res.statusCode, res.body).toBe(201);
    const docx = readDocx(await download(res.json().data.url));
    expect(docx.part('word/styles.xml')).toContain('<w:lang w:val="en-US"');
    const values = expectFilled(docx.all, missing, 'en');
    expect(values.property_wprice).toMatch(/dollars|lari|euros?/);
    const [, ...rows] = docx.rows;
    expect(rows.map((r) => r[2])).toEqual(schedule.map((i) => `${formatMoney(toMinor(i.amount))} ${sale.currency}`));
  });
});

describe('scope and refusals', () => {
  it('answers 404 to a user outside the sale complex', async () => {
    const query = `template_kind=word&template_id=${wordTemplateId}&locale=ka`;
    expect((await call('GET', `/sales/${sale.id}/contracts/preview?${query}`, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', `/sales/${sale.id}/contracts`, outsider.token)).statusCode).toBe(404);
    const res = await call('POST', `/sales/${sale.id}/contracts`, outsider.token, {
      template_kind: 'word',
      template_id: wordTemplateId,
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for a template that does not exist', async () => {
    const res = await call('POST', `/sales/${sale.id}/contracts`, admin, { template_kind: 'doc', template_id: 999999 });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a broken .docx at upload with 422', async () => {
    const body = multipart(
      { name: 'Broken', type: 'contract', language: 'ka' },
      { file: { filename: 'broken.docx', type: DOCX, data: buildDocx(paragraph('Buyer {customer_name')) } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/word-templates',
      headers: { ...t.as(admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('customer_name');
  });
});

const hasSoffice = (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(path.join(dir, 'soffice')));

describe('PDF', () => {
  it.skipIf(!hasSoffice)(
    'converts the kept .docx to PDF with LibreOffice, once',
    async () => {
      const printed = await call('POST', `/sales/${sale.id}/contracts`, admin, {
        template_kind: 'doc',
        template_id: docTemplateId,
        locale: 'ka',
      });
      const url = `/sales/${sale.id}/contracts/${printed.json().data.id}/pdf`;
      const res = await call('POST', url);
      expect(res.statusCode, res.body).toBe(200);
      const pdf = await download(res.json().data.url);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const [row] = await t.database.db
        .select()
        .from(saleContracts)
        .where(eq(saleContracts.id, printed.json().data.id));
      expect(row.pdfPath).toBeTruthy();
      const again = await call('POST', url);
      expect(again.json().data.url.split('?')[0]).toBe(res.json().data.url.split('?')[0]);
      expect((await call('POST', url, outsider.token)).statusCode).toBe(404);
    },
    120_000,
  );

  it.skipIf(!hasSoffice)(
    'converts two prints asked for at once, one after the other',
    async () => {
      const prints = await Promise.all(
        ['ka', 'ru'].map((locale) =>
          call('POST', `/sales/${sale.id}/contracts`, admin, {
            template_kind: 'word',
            template_id: wordTemplateId,
            locale,
          }),
        ),
      );
      const answers = await Promise.all(
        prints.map((p) => call('POST', `/sales/${sale.id}/contracts/${p.json().data.id}/pdf`)),
      );
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        expect((await download(res.json().data.url)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    },
    180_000,
  );

  it('answers 503 with a translated message when LibreOffice is missing', async () => {
    const printed = await call('POST', `/sales/${sale.id}/contracts`, admin, {
      template_kind: 'word',
      template_id: wordTemplateId,
    });
    const previous = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = '/nonexistent/soffice';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/sales/${sale.id}/contracts/${printed.json().data.id}/pdf`,
        headers: t.as(admin, 'ka'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('LibreOffice');
      expect(res.json().message).toContain('PDF მიუწვდომელია');
    } finally {
      if (previous === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = previous;
    }
  });
});
