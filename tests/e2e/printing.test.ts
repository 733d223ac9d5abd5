import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { amountInWords } from '../../domain/amountInWords';
import { businessToday } from '../../domain/businessDay';
import { DEFAULT_DATE_FORMAT, formatIsoDate } from '../../domain/dateFormats';
import { formatMoney, toMinor } from '../../domain/money';
import { readPdf } from '../api/fixtures/pdf';
import { baseUrl, chooseOption, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createSale, createUnit, uniqueSuffix, type Api } from './fixtures';
import { text, textPattern } from './texts';

/** The Georgian text of a catalogue key: the manager works in Georgian. */
const ka = (key: string, params: Record<string, string | number> = {}) => text(key, params, 'ka');
/** A select of the print dialog: a combobox whose name is its label followed by the option chosen. */
const choiceName = (key: string) => new RegExp(`^${textPattern(key, {}, 'ka').source}`);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How the print dialog names a Georgian template of the demo: its name, then (its editor, Georgian). */
const georgianTemplate = (name: string, editor: 'doc' | 'word') =>
  new RegExp(
    `^${escape(`${name} (${editor === 'word' ? 'Word' : ka('templates.doc_tab')}, ${ka('templates.languages.ka')})`)}`,
  );

const sofficeInstalled = () =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'soffice')));

/**
 * Printing out of the box, as a sales manager (who may add and edit sales) working in Georgian: every kind of the
 * demo's templates, printed from a sale of the manager's own, downloads as a .docx with every field filled and as a
 * PDF whose text holds the schedule's rows and the price in words.
 */
describe.skipIf(chromiumMissing())('printing the demo templates in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let closeContext: () => Promise<void>;
  const suffix = uniqueSuffix();
  const contractNo = `E2E-PR${suffix}`;
  const email = `e2e-printer-${suffix.toLowerCase()}@demo.ge`;
  const password = 'Printing-pass-1';
  let admin: Api;
  let saleId: number;
  let rows: string[];
  let words: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'printing-'));

  beforeAll(async () => {
    admin = await apiSession();
    const complex = await createComplex(admin, `E2E Printing ${suffix}`, { A: 9 });
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `PR${suffix.slice(-8)}`,
      floor: 4,
      area: 82.5,
      price: 123456.78,
      currency: 'USD',
    });
    const customer = await createCustomer(admin, `ნინო ბეჭდვაძე ${suffix}`);
    const manager = await admin.ok<{ id: number }>('POST', '/users', {
      full_name: `E2E Printer ${suffix}`,
      email,
      password,
      roles: ['sales_manager'],
      buildings: [complex.id],
    });
    const sale = await createSale(admin, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 123456.78,
      contract_no: contractNo,
      start: businessToday(new Date(Date.now() + 31 * 86_400_000)),
      payments_count: 3,
      user_id: manager.id,
    });
    saleId = sale.id;
    const detail = await admin.ok<{ installments: Array<{ number: number; due_date: string; amount: string }> }>(
      'GET',
      `/sales/${saleId}`,
    );
    rows = detail.installments.map(
      (i) => `${i.number} ${formatIsoDate(i.due_date, DEFAULT_DATE_FORMAT)} ${formatMoney(toMinor(i.amount))} USD`,
    );
    words = amountInWords(toMinor('123456.78'), 'USD', 'ka');
    browser = await launch();
    const opened = await newPage(browser, 'ka');
    page = opened.page;
    closeContext = () => opened.context.close();
    await signIn(page, email, password);
    await page.goto(`${baseUrl()}/#/sales/${saleId}/show`);
    await page.getByText(contractNo).first().waitFor();
  });
  afterAll(async () => {
    await closeContext?.();
    await browser?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** Downloads what a button of the print dialog (named by its catalogue key) gives, into this file's folder. */
  const download = async (button: string) => {
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ka(button) })
      .click();
    const file = await downloading;
    const saved = path.join(folder, `${Date.now()}-${file.suggestedFilename()}`);
    await file.saveAs(saved);
    return fs.readFileSync(saved);
  };

  /**
   * Opens the print dialog from `button` (the key of its text), picks the kind (when the button did not) and the
   * template, and checks the .docx and the PDF.
   */
  const print = async (button: string, kind: { key: string; pick: boolean }, template: RegExp) => {
    const kindName = ka(`templates.types.${kind.key}`);
    await page.getByRole('button', { name: ka(button), exact: true }).click();
    const dialog = page.getByRole('dialog');
    if (kind.pick) {
      await dialog.getByRole('combobox', { name: choiceName('templates.print.kind') }).click();
      await chooseOption(page, kindName);
    }
    await dialog.getByRole('heading', { name: ka('templates.print.title', { kind: kindName }), exact: true }).waitFor();
    await dialog.getByRole('combobox', { name: choiceName('templates.print.template') }).click();
    await chooseOption(page, template);
    await expect
      .poll(() => dialog.getByRole('region', { name: ka('templates.print.preview') }).textContent(), {
        timeout: 30_000,
      })
      .toContain(contractNo);

    const docx = new PizZip(await download('templates.print.docx')).file('word/document.xml')!.asText();
    expect(docx).toContain(contractNo);
    expect(docx).not.toMatch(/\{[a-z_]+\}/);
    if (!sofficeInstalled()) {
      console.warn('LibreOffice (soffice) is not installed: the PDF step of the printing test is skipped');
    } else {
      const pdf = await readPdf(await download('templates.print.pdf'));
      const text = pdf.text.replace(/\s+/g, ' ');
      for (const row of rows) expect(text).toContain(row);
      expect(text).toContain(words);
    }
    await dialog.getByRole('button', { name: ka('ra.action.close') }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  it('prints the rich-text contract and the Word contract', async () => {
    const contract = { key: 'contract', pick: false };
    await print('templates.print.contract', contract, georgianTemplate('ნასყიდობის ხელშეკრულება', 'doc'));
    await print('templates.print.contract', contract, georgianTemplate('ნასყიდობის ხელშეკრულება (Word)', 'word'));
  }, 300_000);

  it('prints the pre-contract', async () => {
    await print('templates.print.pre_contract', { key: 'pre_contract', pick: false }, /^წინარე ხელშეკრულება \(/);
  }, 300_000);

  it('prints the payment schedule and the invoice as documents of the sale', async () => {
    // "print a document" opens on the first kind with a template: the payment schedule
    await print('templates.print.document', { key: 'payment_schedule', pick: false }, /^გადახდების გრაფიკი \(/);
    await print('templates.print.document', { key: 'invoice', pick: true }, /^ინვოისი \(/);
    const printed = await admin.ok<{ contracts: Array<{ type: string; locale: string }> }>(
      'GET',
      `/sales/${saleId}/contracts`,
    );
    // each print is kept with the sale's files, in the sale's contract language
    expect(printed.contracts.filter((c) => ['invoice', 'payment_schedule'].includes(c.type))).toEqual([
      expect.objectContaining({ type: 'invoice', locale: 'ka' }),
      expect.objectContaining({ type: 'payment_schedule', locale: 'ka' }),
    ]);
  }, 300_000);
});
