import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import {
  addBankAccount,
  apiSession,
  createComplex,
  createCustomer,
  createSale,
  createUnit,
  uniqueSuffix,
  type Api,
} from './fixtures';
import { text, textPattern } from './texts';

describe.skipIf(chromiumMissing())('overdue sales and invoices in a real browser', () => {
  let browser: Browser;
  /**
   * A sale of this file's own (its complex with a bank account), on its own unit in its own complex to its own
   * customer, its schedule starting a year ago and nothing paid: overdue.
   */
  const suffix = uniqueSuffix();
  const contractNo = `E2E-OV${suffix}`;
  let api: Api;
  let lateSale: { id: number; status: string; days_late: number };
  beforeAll(async () => {
    api = await apiSession();
    const complex = await createComplex(api, `E2E Overdue ${suffix}`, { A: 5 });
    await addBankAccount(api, complex.id); // the invoice prints the complex's IBANs
    const unit = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `OV${suffix.slice(-8)}`,
      floor: 3,
      area: 60,
      price: 90000,
      currency: 'USD',
    });
    const customer = await createCustomer(api, `Overdue Customer ${suffix}`);
    const yearAgo = businessToday(new Date(Date.now() - 365 * 86_400_000));
    lateSale = await createSale(api, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 12000,
      contract_no: contractNo,
      start: yearAgo,
      payments_count: 4,
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists a late sale with days late, records a cancellation notice, prints an invoice with the IBANs', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    expect(lateSale.status).toBe('overdue');
    const daysLate = lateSale.days_late;
    expect(daysLate).toBeGreaterThan(200);

    // The overdue list shows it with its days late and the amount overdue in its currency.
    await page.goto(`${baseUrl()}/#/overdue-sales`);
    await page.reload();
    await page.getByPlaceholder(text('ra.action.search')).fill(contractNo);
    const row = page.getByRole('row').filter({ hasText: contractNo });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(String(daysLate));
    expect(await row.textContent()).toContain('12,000.00 USD');

    // Recording a cancellation notice asks first, takes a note and counts the notice.
    await row.getByRole('button', { name: text('overdue.record_notice') }).click();
    const ask = page.getByRole('dialog', { name: text('overdue.notice_title') });
    await expect.poll(() => ask.textContent()).toContain(contractNo);
    await ask.getByRole('textbox', { name: text('overdue.notice_note') }).fill('Sent by registered mail');
    await ask.getByRole('button', { name: text('app.yes') }).click();
    await page.getByText(text('overdue.notice_recorded')).waitFor();
    await expect
      .poll(async () => (await row.locator('td').allTextContents()).join('|'))
      .toMatch(/\|1\|\d{2}\/\d{2}\/\d{4}\|/);
    const history = await api.ok<Array<{ action: string; reason: string | null }>>(
      'GET',
      `/sales/sale-histories?sale_id=${lateSale.id}`,
    );
    expect(history.find((h) => h.action === 'cancellation_notice')?.reason).toBe('Sent by registered mail');

    // An invoice for the whole balance from the invoices list, opened for printing in a new tab.
    // A hash-only goto can leave the previous page on screen; reloading opens the invoices page for sure.
    await page.goto(`${baseUrl()}/#/invoices`);
    await page.reload();
    await page.getByRole('button', { name: text('invoices.new') }).click();
    const dialog = page.getByRole('dialog', { name: text('invoices.new') });
    const sale = dialog.getByRole('combobox', { name: text('invoices.pick_sale') });
    await sale.fill(contractNo);
    await page.getByRole('option', { name: new RegExp(contractNo) }).click();
    const printTab = context.waitForEvent('page');
    await dialog.getByRole('button', { name: text('invoices.create'), exact: true }).click();
    const print = await printTab;
    await print.waitForURL(/#\/invoices\/\d+\/print/);
    // the sheet is an article named by its title, the invoice's number
    const sheet = print.getByRole('article', { name: textPattern('invoices.title') });
    await expect.poll(() => sheet.textContent(), { timeout: 30_000 }).toContain(contractNo);
    const toPay = sheet
      .getByRole('row')
      .filter({ has: print.getByRole('cell', { name: text('invoices.to_pay'), exact: true }) })
      .getByRole('cell')
      .last();
    expect(await toPay.textContent()).toBe('12,000.00 USD');
    const banks = await sheet.getByRole('region', { name: text('invoices.bank_accounts') }).textContent();
    expect(banks).toMatch(new RegExp(`${textPattern('invoices.iban_gel').source}:\\s*GE\\d{2}[A-Z]{2}\\d{16}`));
    expect(banks).toMatch(new RegExp(`${textPattern('invoices.iban_usd').source}:\\s*GE\\d{2}`));
    expect(await print.getByRole('button', { name: text('invoices.print') }).isVisible()).toBe(true);

    // The list now holds it.
    await page.getByPlaceholder(text('ra.action.search')).fill(contractNo);
    await expect.poll(() => page.getByRole('row').filter({ hasText: contractNo }).textContent()).toMatch(/INV-\d{6}/);
    await context.close();
  });
});
