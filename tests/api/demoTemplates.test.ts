import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '../../domain/amountInWords';
import { DOC_TEMPLATE_TYPES, PLACEHOLDER_COLOR, TEMPLATE_LANGUAGES } from '../../domain/documentPlaceholders';
import { formatMoney, toMinor, type Currency } from '../../domain/money';
import { docTemplates, type installments, type sales } from '../../server/db/schema';
import { sanitizeBody } from '../../server/modules/docTemplates/sanitize';
import { startTestApp, type TestApp } from './harness';
import { demoSaleWithSchedule } from './saleFixtures';
import { readDocx } from './fixtures/docx';
import { readPdf } from './fixtures/pdf';

const hasSoffice = (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(path.join(dir, 'soffice')));
const SEEDED_KINDS = ['contract', 'pre_contract', 'payment_schedule', 'invoice'] as const;

let t: TestApp;
let admin: string;
let sale: typeof sales.$inferSelect;
let schedule: Array<typeof installments.$inferSelect>;
let templates: Array<{ kind: 'doc' | 'word'; id: number; name: string; type: string; language: string }>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  ({ sale, schedule } = await demoSaleWithSchedule(t.database.db));
  const options = await call('GET', `/sales/${sale.id}/contracts`);
  templates = options.json().data.templates;
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(admin, 'ka'), payload: payload as never });

const printed = async (template: (typeof templates)[number], locale: string) => {
  const res = await call('POST', `/sales/${sale.id}/contracts`, {
    template_kind: template.kind,
    template_id: template.id,
    locale,
  });
  expect(res.statusCode, res.body).toBe(201);
  const file = await t.app.inject({ method: 'GET', url: res.json().data.url });
  return { id: res.json().data.id as number, docx: readDocx(file.rawPayload), missing: res.json().data.missing };
};

const amounts = () => schedule.map((i) => formatMoney(toMinor(i.amount)));

describe('the demo prints out of the box', () => {
  it('holds a contract, a pre-contract, a schedule and an invoice in ka, en and ru, and a Word contract', () => {
    for (const type of SEEDED_KINDS)
      for (const language of TEMPLATE_LANGUAGES)
        expect(
          templates.filter((x) => x.kind === 'doc' && x.type === type && x.language === language),
          `${type} ${language}`,
        ).toHaveLength(1);
    expect(templates.filter((x) => x.kind === 'word')).toEqual([
      expect.objectContaining({ type: 'contract', language: 'ka', name: 'ნასყიდობის ხელშეკრულება (Word)' }),
    ]);
    expect(SEEDED_KINDS.every((kind) => (DOC_TEMPLATE_TYPES as readonly string[]).includes(kind))).toBe(true);
  });

  it('keeps its bodies as the editor and the server would: sanitised, fields in the editor red', async () => {
    const bodies = await t.database.db.select().from(docTemplates);
    for (const row of bodies) {
      expect(sanitizeBody(row.body), row.name).toBe(row.body);
      expect(row.body).toContain(`<span style="color:${PLACEHOLDER_COLOR}">{contract_no}</span>`);
    }
  });

  it('prints every template in its own language with every field known, the schedule a table', async () => {
    for (const template of templates) {
      const { docx } = await printed(template, template.language);
      const where = `${template.name} (${template.language})`;
      expect(docx.all, where).not.toMatch(/\{[a-z_]+\}/);
      expect(docx.xml.toLowerCase(), where).not.toContain(PLACEHOLDER_COLOR.slice(1));
      const table = docx.rows.filter((row) => row.length >= 3);
      expect(table, where).toHaveLength(schedule.length + 1);
      expect(
        table.slice(1).map((row) => row[2].replace(/ [A-Z]{3}$/, '')),
        where,
      ).toEqual(amounts());
    }
  }, 120_000);

  it('prints the Georgian contract as one: parties, object, price in words, schedule, signatures', async () => {
    const contract = templates.find((x) => x.kind === 'doc' && x.type === 'contract' && x.language === 'ka')!;
    const { docx } = await printed(contract, 'ka');
    const words = amountInWords(toMinor(sale.price), sale.currency as Currency, 'ka');
    for (const text of [
      `უძრავი ქონების ნასყიდობის ხელშეკრულება № ${sale.contractNo}`,
      'ერთი მხრივ, შპს „ახალი ქალაქი“ (საიდენტიფიკაციო კოდი 405123456',
      '(შემდგომში „გამყიდველი“)',
      '(შემდგომში „მყიდველი“)',
      '1. ხელშეკრულების საგანი',
      `ობიექტის ღირებულებაა ${formatMoney(toMinor(sale.price))} ${sale.currency} (${words}).`,
      '5. მხარეთა რეკვიზიტები და ხელმოწერები',
      'დირექტორი: ნინო ბერიძე ______________________',
    ])
      expect(docx.all).toContain(text);
    const word = templates.find((x) => x.kind === 'word')!;
    const fromWord = await printed(word, 'ka');
    expect(fromWord.docx.all).toContain(`(${words}).`);
    expect(fromWord.docx.rows[0]).toEqual(['№', 'გადახდის თარიღი', 'თანხა', 'ვალუტა']);
  });

  it.skipIf(!hasSoffice)(
    'prints the Georgian contract as a PDF holding the schedule rows and the amount in words',
    async () => {
      const contract = templates.find((x) => x.kind === 'doc' && x.type === 'contract' && x.language === 'ka')!;
      const { id } = await printed(contract, 'ka');
      const res = await call('POST', `/sales/${sale.id}/contracts/${id}/pdf`);
      expect(res.statusCode, res.body).toBe(200);
      const pdf = await readPdf((await t.app.inject({ method: 'GET', url: res.json().data.url })).rawPayload);
      const text = pdf.text.replace(/\s+/g, ' ');
      expect(text).toContain(amountInWords(toMinor(sale.price), sale.currency as Currency, 'ka'));
      for (const amount of amounts()) expect(text).toContain(amount);
      expect(text).toContain('მხარეთა რეკვიზიტები და ხელმოწერები');
    },
    120_000,
  );
});
