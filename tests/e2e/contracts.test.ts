import { businessToday } from '../../domain/businessDay';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, chooseOption, chromiumMissing, launch, newPage, signIn } from './browser';
import { buildDocx, paragraph, table } from '../api/fixtures/docx';
import { apiSession, createComplex, createCustomer, createSale, createUnit, uniqueSuffix, type Api } from './fixtures';
import { text } from './texts';

const sofficeInstalled = () =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'soffice')));

/**
 * Contracts in a real browser: a document template written in the editor on /templates (a field inserted from the
 * toolbar as a red placeholder), then printed from the sale page: the preview lists what is missing, the .docx and the
 * PDF download. The PDF step needs LibreOffice on the server's machine (this one).
 */
describe.skipIf(chromiumMissing())('contracts in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const contractNo = `E2E-CT${suffix}`;
  const customerName = `Contract Customer ${suffix}`;
  const templateName = `E2E contract ${suffix}`;
  const email = `e2e-contracts-${suffix.toLowerCase()}@demo.ge`;
  const password = 'Contracts-pass-1';
  let admin: Api;
  let saleId: number;

  beforeAll(async () => {
    admin = await apiSession();
    const complex = await createComplex(admin, `E2E Contracts ${suffix}`, { A: 5 });
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `CT${suffix.slice(-8)}`,
      floor: 3,
      area: 70,
      price: 90000,
      currency: 'USD',
    });
    const customer = await createCustomer(admin, customerName);
    const nextMonth = businessToday(new Date(Date.now() + 31 * 86_400_000));
    const sale = await createSale(admin, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 12000,
      contract_no: contractNo,
      start: nextMonth,
      payments_count: 3,
    });
    saleId = sale.id;
    await admin.ok('POST', '/users', {
      full_name: `E2E Printer ${suffix}`,
      email,
      password,
      roles: ['admin'],
      buildings: [],
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Chooses `file` through the upload form's file button (named by the file already chosen, if any). */
  const chooseFile = async (page: Page, file: { name: string; mimeType: string; buffer: Buffer }, button: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: button, exact: true }).click();
    await (await chooser).setFiles(file);
  };

  it('uploads Word templates: a broken tag is named, a good one listed, deleted after a confirmation', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, email, password);
    await page.goto(`${baseUrl()}/#/templates`);
    await page.getByRole('tab', { name: text('templates.word_tab') }).click();
    const docx = (body: string) => ({
      name: 'contract.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: buildDocx(body),
    });
    await chooseFile(
      page,
      docx(paragraph('Buyer: {#payment_schedule}{amount}')),
      text('resources.word-templates.fields.file'),
    );
    const upload = page.getByRole('button', { name: text('templates.upload') });
    await upload.click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '«payment_schedule»' }).textContent())
      .toContain('«payment_schedule» is broken (body, paragraph 1');

    const wordName = `E2E Word ${suffix}`;
    await page.getByLabel(text('resources.word-templates.fields.name')).fill(wordName);
    // the file button now shows the name of the file chosen before
    await chooseFile(
      page,
      docx(
        paragraph('Buyer: {customer_name}') +
          table(['No.', 'Amount'], ['{#payment_schedule}{number}', '{amount}{/payment_schedule}']),
      ),
      'contract.docx',
    );
    await upload.click();
    const row = page.getByRole('row').filter({ hasText: wordName });
    await row.waitFor();
    expect(await row.textContent()).toContain('{customer_name}');

    await row.getByRole('button', { name: text('ra.action.delete') }).click();
    const confirmation = page.getByRole('dialog');
    await confirmation.getByRole('button', { name: text('app.yes') }).click();
    // while the dialog is open the page behind it is hidden from roles: count rows only once it has gone
    await confirmation.waitFor({ state: 'detached' });
    await page.getByText(text('app.deleted')).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const left = await admin.ok<Array<{ name: string }>>('GET', '/word-templates');
    expect(left.map((w) => w.name)).not.toContain(wordName);
    await context.close();
  }, 120_000);

  it('writes a template with a field inserted from the toolbar, then prints it from the sale page', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, email, password);

    await page.goto(`${baseUrl()}/#/templates`);
    await page.getByRole('button', { name: text('templates.add') }).click();
    const dialog = page.getByRole('dialog', { name: text('templates.add') });
    await dialog.locator('input[name="name"]').fill(templateName);
    const editor = dialog.locator('.ProseMirror');
    const height = await editor.evaluate((e) => e.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(320);
    /**
     * The menu's backdrop covers the page until the menu has closed, and the menu hands the focus back to its button
     * before the editor takes it: the next click or key waits for both.
     */
    const insertField = async (name: string) => {
      await page.getByRole('button', { name: text('templates.insert_field') }).click();
      await page.getByRole('menuitem', { name: new RegExp(`\\{${name}\\}$`) }).click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await expect.poll(() => editor.evaluate((e) => e === document.activeElement)).toBe(true);
    };
    await editor.click();
    await page.keyboard.type(`Contract ${'{'}contract_no${'}'}. Buyer: `);
    await insertField('customer_name');
    await page.keyboard.type('Address: ');
    await insertField('customer_address');
    await page.keyboard.press('Enter');
    await insertField('payment_schedule');
    await dialog.getByRole('button', { name: text('templates.save'), exact: true }).click();
    await page.getByRole('cell', { name: templateName, exact: true }).waitFor();

    const templates = await admin.ok<Array<{ name: string; body: string }>>('GET', '/doc-templates');
    const saved = templates.find((t) => t.name === templateName)!;
    // the field is red: the browser writes the colour as rgb()
    expect(saved.body).toMatch(/<span style="color:(#d32f2f|rgb\(211, 47, 47\))">\{customer_name\}<\/span>/);
    expect(saved.body).toContain('{payment_schedule}');
    expect(saved.body).toContain('Address:');

    await page.goto(`${baseUrl()}/#/sales/${saleId}/show`);
    await page.getByText(contractNo).first().waitFor();
    await page.getByRole('button', { name: text('templates.print.contract') }).click();
    const print = page.getByRole('dialog', {
      name: text('templates.print.title', { kind: text('templates.types.contract') }),
    });
    await print.getByRole('combobox', { name: text('templates.print.template') }).click();
    await chooseOption(page, new RegExp(templateName));
    const preview = print.getByRole('region', { name: text('templates.print.preview') });
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toContain(customerName);
    expect(await preview.textContent()).toContain(`Contract ${contractNo}`);
    // the schedule's three installments: its rows of data
    expect(
      await preview
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .count(),
    ).toBe(3);
    expect(await preview.getByRole('alert').textContent()).toContain('{customer_address}');

    const downloadingDocx = page.waitForEvent('download');
    await print.getByRole('button', { name: text('templates.print.docx') }).click();
    const docx = await downloadingDocx;
    expect(docx.suggestedFilename()).toMatch(/\.docx$/);
    const docxFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contract-')), docx.suggestedFilename());
    await docx.saveAs(docxFile);
    const xml = new PizZip(fs.readFileSync(docxFile)).file('word/document.xml')!.asText();
    expect(xml).toContain(customerName);
    expect(xml).not.toMatch(/\{[a-z_]+\}/);

    if (!sofficeInstalled()) {
      console.warn('LibreOffice (soffice) is not installed: the PDF step of the contract test is skipped');
      expect(
        await print
          .getByRole('alert')
          .filter({ hasText: text('templates.print.pdf_unavailable') })
          .textContent(),
      ).toContain('LibreOffice');
    } else {
      const downloadingPdf = page.waitForEvent('download', { timeout: 120_000 });
      await print.getByRole('button', { name: text('templates.print.pdf') }).click();
      const pdf = await downloadingPdf;
      const pdfFile = path.join(path.dirname(docxFile), pdf.suggestedFilename());
      await pdf.saveAs(pdfFile);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      expect(fs.readFileSync(pdfFile).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    const options = await admin.ok<{ contracts: Array<{ template_name: string; created_by_name: string }> }>(
      'GET',
      `/sales/${saleId}/contracts`,
    );
    expect(options.contracts).toEqual([
      expect.objectContaining({ template_name: templateName, created_by_name: `E2E Printer ${suffix}` }),
    ]);
    await context.close();
  }, 240_000);
});
