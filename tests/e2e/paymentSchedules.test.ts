import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { businessToday } from '../../domain/businessDay';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import {
  apiSession,
  createComplex,
  createCustomer,
  createSale,
  createUnit,
  uniqueSuffix,
  type Api,
  type Complex,
} from './fixtures';
import { text } from './texts';

describe.skipIf(chromiumMissing())('the payment schedules page and the sales import in a real browser', () => {
  let browser: Browser;
  let api: Api;
  let complex: Complex;
  const suffix = uniqueSuffix();
  const contractNo = `E2E-PS${suffix}`;
  let sale: { id: number };
  beforeAll(async () => {
    api = await apiSession();
    complex = await createComplex(api, `E2E Schedules ${suffix}`, { A: 5 });
    const unit = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `PS1`,
      floor: 2,
      area: 50,
    });
    const customer = await createCustomer(api, `Schedule Customer ${suffix}`);
    // four monthly installments from a year ago, nothing paid: all four late
    sale = await createSale(api, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 8000,
      contract_no: contractNo,
      start: businessToday(new Date(Date.now() - 365 * 86_400_000)),
      payments_count: 4,
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the accountant finds late installments from the menu, with totals per currency, and opens the sale', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'accountant@demo.ge');
    const entry = page
      .getByRole('navigation', { name: text('app.menu') })
      .getByRole('link', { name: text('menu.payment_schedules') });
    expect(await entry.textContent()).toBe(text('menu.payment_schedules'));
    await entry.click();
    await page.waitForURL(/#\/payment-schedules/);
    await page.getByPlaceholder(text('ra.action.search')).fill(contractNo);
    const rows = page.getByRole('row').filter({ hasText: contractNo });
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.first().textContent()).toContain('2,000.00 USD');
    const late = text('payment_schedules.status.late');
    await expect.poll(() => rows.getByText(late, { exact: true }).count()).toBe(4);
    // the totals above the list, a group per currency
    const totals = page.getByRole('group', { name: text('payment_schedules.totals', { count: 4 }) });
    await expect
      .poll(() => totals.getByRole('group', { name: 'USD', exact: true }).textContent())
      .toMatch(new RegExp(`USD · 4.*${late}: 8,000\\.00`));

    // the status filter keeps what it says: nothing of this sale is paid
    const paid = page.getByRole('option', { name: text('payment_schedules.status.paid'), exact: true });
    await page.getByRole('combobox', { name: text('resources.payment-schedules.fields.statuses') }).click();
    await paid.click();
    await page.keyboard.press('Escape');
    // the open list hides the page behind it from roles: count rows once it has gone
    await paid.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(0);
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(4);

    await rows.first().getByRole('cell').nth(1).click();
    await page.waitForURL(new RegExp(`#/sales/${sale.id}$`));
    await page.getByText(contractNo).first().waitFor();
    await context.close();
  });

  it('imports sales from Excel: the template, row errors in an alert and nothing written, then all rows', async () => {
    const unit = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: 'PS2',
      floor: 3,
      area: 60,
    });
    const customer = await createCustomer(api, `Import Customer ${suffix}`);
    const { personal_number } = await api.ok<{ personal_number: string }>('GET', `/customers/${customer.id}`);
    const imported = `E2E-IM${suffix}`;
    const book = async (personalNumber: string) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('sales');
      sheet.addRow([
        'contract_no',
        'complex',
        'block',
        'unit_no',
        'personal_number',
        'price',
        'currency',
        'contract_start_date',
        'payments_count',
      ]);
      sheet.addRow([imported, complex.name, 'A', unit.no, personalNumber, 50000, 'USD', businessToday(), 5]);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sales-import-')), 'sales.xlsx');
      await workbook.xlsx.writeFile(file);
      return file;
    };

    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/sales`);
    await page.getByRole('button', { name: text('sales_import.button'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('sales_import.title') });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: text('imports.template') }).click();
    expect((await downloading).suggestedFilename()).toBe('sales-template.xlsx');

    /** Chooses the workbook through the dialog's file button, as a user does, and sends it. */
    const send = async (file: string) => {
      const choosing = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: text('imports.choose') }).click();
      await (await choosing).setFiles(file);
      await dialog.getByRole('button', { name: text('imports.upload'), exact: true }).click();
    };
    await send(await book('00000000000'));
    const failed = page.getByRole('dialog', { name: text('imports.failed_title') });
    await expect
      .poll(() => failed.textContent())
      .toContain(
        text('imports.row_field', {
          row: 2,
          field: text('sale_rules.columns.personal_number'),
          message: text('sale_rules.import.unknown_customer'),
        }),
      );
    await failed.getByRole('button', { name: text('ra.action.close') }).click();
    expect((await api.call('GET', `/sales?contract_no=${imported}`)).body).toMatchObject({ meta: { total: 0 } });

    await send(await book(personal_number));
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(text('sales_import.imported', { count: 1 }));
    await dialog.getByRole('button', { name: text('imports.close') }).click();
    await page
      .locator('input[name="q"]')
      .first()
      .fill(imported)
      .catch(() => undefined);
    const listed = await api.ok<Array<{ contract_no: string; status: string }>>(
      'GET',
      `/sales?contract_no=${imported}`,
    );
    expect(listed.map((s) => s.contract_no)).toEqual([imported]);
    await context.close();
  });

  it("react-admin's own validation messages (required) are in the screen's language", async () => {
    for (const locale of ['ka', 'ru'] as const) {
      const required = text('ra.validation.required', {}, locale);
      const { context, page } = await newPage(browser, locale);
      await signIn(page, 'admin@demo.ge');
      await page.goto(`${baseUrl()}/#/agents/create`);
      // a name typed and cleared again: the form is changed, so it may be saved, and the name is missing
      await page.locator('input[name="fee_percent"]').fill('2');
      await page.locator('button[type="submit"]').click();
      await page.getByText(required).first().waitFor();
      expect(await page.getByText(text('ra.validation.required'), { exact: true }).count()).toBe(0);
      await context.close();
    }
  });
});
