import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { amountInWords } from '../../domain/amountInWords';
import { PLACEHOLDER_COLOR } from '../../domain/documentPlaceholders';
import { formatMoney, toMinor, type Currency } from '../../domain/money';
import { customers, type installments, type sales } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { demoSaleWithSchedule } from './saleFixtures';
import { readDocx } from './fixtures/docx';
import { readPdf } from './fixtures/pdf';

const hasSoffice = (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(path.join(dir, 'soffice')));

let t: TestApp;
let admin: string;
let sale: typeof sales.$inferSelect;
let customerName: string;
let schedule: Array<typeof installments.$inferSelect>;

/**
 * A field as the editor's "insert field" writes it: the name in the editor's red, then a plain blank (typing on after
 * it would otherwise be red too). A body saved again from the editor holds the colour as the browser reads it back.
 */
const field = (name: string, colour = `color: ${PLACEHOLDER_COLOR}`) => `<span style="${colour}">{${name}}</span> `;
const reread = 'color: rgb(211, 47, 47)';

const paragraphs = (schedule: string) =>
  `<h1>Contract ${field('contract_no')}</h1>` +
  `<p>Buyer: ${field('customer_name')}, personal number ${field('customer_pn', reread)}.</p>` +
  `<p>Price: ${field('property_price')}${field('contract_currency')}(${field('property_wprice')}).</p>` +
  schedule +
  `<p>Signed on ${field('contract_start_date')}, in Tbilisi.</p>`;

/** The schedule where a template writer puts it: alone in a paragraph, inside a highlight, inside a list item. */
const BODIES = {
  paragraph: paragraphs(`<p>The schedule:</p><p>${field('payment_schedule')}</p>`),
  mark: paragraphs(
    `<p><mark data-color="#fff59d" style="background-color: #fff59d">Pay by ${field('payment_schedule')}</mark></p>`,
  ),
  list: paragraphs(
    `<ol><li><p>The price is paid in installments.</p></li><li><p>The schedule: ${field('payment_schedule')}</p></li>` +
      '<li><p>A late installment carries a penalty.</p></li></ol>',
  ),
};

const PLACES: Record<keyof typeof BODIES, string> = {
  paragraph: 'alone in a paragraph',
  mark: 'inside a highlight',
  list: 'inside a list item',
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.ge');
  const db = t.database.db;
  ({ sale, schedule } = await demoSaleWithSchedule(db, 'USD'));
  const [customer] = await db.select().from(customers).where(eq(customers.id, sale.customerId));
  customerName = customer.nameEn ?? customer.nameKa;
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: t.as(admin), payload: payload as never });

async function print(name: keyof typeof BODIES) {
  const saved = await call('POST', '/doc-templates', { name, type: 'contract', language: 'en', body: BODIES[name] });
  expect(saved.statusCode, saved.body).toBe(201);
  const request = { template_kind: 'doc', template_id: saved.json().data.id, locale: 'en' };
  const preview = await call(
    'GET',
    `/sales/${sale.id}/contracts/preview?${new URLSearchParams(request as never).toString()}`,
  );
  expect(preview.statusCode, preview.body).toBe(200);
  const printed = await call('POST', `/sales/${sale.id}/contracts`, request);
  expect(printed.statusCode, printed.body).toBe(201);
  const docx = (await t.app.inject({ method: 'GET', url: printed.json().data.url })).rawPayload;
  return { preview: preview.json().data.html as string, docx: readDocx(docx), contractId: printed.json().data.id };
}

const price = () => `${formatMoney(toMinor(sale.price))} ${sale.currency}`;
const rows = () =>
  schedule.map((i) => [
    String(i.number),
    i.dueDate.split('-').reverse().join('.'),
    `${formatMoney(toMinor(i.amount))} ${sale.currency}`,
  ]);

describe('a rich-text contract prints what its preview shows', () => {
  for (const where of Object.keys(BODIES) as Array<keyof typeof BODIES>) {
    it(`on A4, in the text's colour, with the schedule as a table (the field ${PLACES[where]})`, async () => {
      const { preview, docx } = await print(where);
      expect(docx.xml).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
      expect(docx.xml).toMatch(/<w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134"/);
      for (const text of [docx.xml, docx.part('word/styles.xml'), preview]) {
        expect(text.toLowerCase()).not.toContain(PLACEHOLDER_COLOR.slice(1));
        expect(text).not.toContain('211, 47, 47');
      }
      expect(docx.rows).toEqual([['No.', 'Due date', 'Amount'], ...rows()]);
      expect(docx.all).toContain(`Buyer: ${customerName}, personal number `);
      expect(docx.all).not.toMatch(/ [,.)]/);
      expect(docx.all).toContain(
        `Price: ${price()} (${amountInWords(toMinor(sale.price), sale.currency as Currency, 'en')}).`,
      );
      expect(docx.all).not.toContain(`${sale.currency} ${sale.currency}`);
      expect(docx.all).toContain(', in Tbilisi.');
      // the preview holds the same: one table, the same price line
      expect(preview.match(/<table/g)).toHaveLength(1);
      expect(preview).toContain(`Price: ${price()} (`);
      if (where === 'list') {
        // the list goes on counting after the table
        expect(docx.all).toContain('The price is paid in installments.');
        expect(preview).toMatch(/<\/table><ol start="3"><li><p>A late installment/);
      }
    });
  }

  it.skipIf(!hasSoffice)(
    'and its PDF: A4 pages holding every schedule row and the price in words',
    async () => {
      const { contractId } = await print('list');
      const res = await call('POST', `/sales/${sale.id}/contracts/${contractId}/pdf`);
      expect(res.statusCode, res.body).toBe(200);
      const pdf = await readPdf((await t.app.inject({ method: 'GET', url: res.json().data.url })).rawPayload);
      for (const page of pdf.pages) expect([Math.round(page.width), Math.round(page.height)]).toEqual([595, 842]);
      const text = pdf.text.replace(/\s+/g, ' ');
      for (const [number, due, amount] of rows())
        expect(text).toMatch(new RegExp(`${number} ${due} ${amount.replace(/[.]/g, '\\.')}`));
      expect(text).toContain(amountInWords(toMinor(sale.price), sale.currency as Currency, 'en'));
      expect(text).toContain(`Buyer: ${customerName}, personal number`);
      expect(text).not.toContain(`${sale.currency} ${sale.currency}`);
    },
    120_000,
  );
});
