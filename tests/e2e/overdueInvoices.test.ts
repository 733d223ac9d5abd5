import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';

describe.skipIf(chromiumMissing())('overdue sales and invoices in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists a late sale with its days late, records a cancellation notice, then issues and prints an invoice with the IBANs', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
    const api = async (method: string, path: string, body?: object) => {
      const res = await page.request.fetch(`${baseUrl()}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-language': 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
        data: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status(), json: (await res.json()) as any };
    };

    // A sale of our own on a unit of our own, its schedule starting a year ago and nothing paid: overdue.
    const complexes = (await api('GET', '/board')).json.data as Array<{ id: number; name: string }>;
    const complex = complexes.find((c) => c.name === 'ვაკის პარკი') ?? complexes[0];
    const board = (await api('GET', `/board/${complex.id}`)).json;
    const blockId = board.data.blocks[0].id as number;
    const no = `OV${Date.now() % 1_000_000}`;
    const unit = await api('POST', '/properties', { building_id: complex.id, block_id: blockId, no, floor: 3, area: 60, price: 90000, currency: 'USD' });
    expect(unit.status, JSON.stringify(unit.json)).toBe(201);
    const customer = (await api('GET', '/customers?perpage=1')).json.data[0] as { id: number };
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const contractNo = `E2E-${no}`;
    const created = await api('POST', '/sales', {
      property_ids: [unit.json.data.id],
      customer_id: customer.id,
      price: 12000,
      currency: 'USD',
      contract_no: contractNo,
      contract_type: 'installment',
      payment_type: 'bank_transfer',
      contract_language: 'ka',
      contract_start_date: yearAgo,
      first_payment_date: yearAgo,
      period_months: 1,
      payments_count: 4,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.data.status).toBe('overdue');
    const daysLate = created.json.data.days_late as number;
    expect(daysLate).toBeGreaterThan(200);

    // The overdue list shows it with its days late and the amount overdue in its currency.
    await page.goto(`${baseUrl()}/#/overdue-sales`);
    await page.reload();
    await page.getByPlaceholder('Search').fill(contractNo);
    const row = page.locator('tr', { hasText: contractNo });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(String(daysLate));
    expect(await row.textContent()).toContain('12,000.00 USD');

    // Recording a cancellation notice asks first, takes a note and counts the notice.
    await row.getByTestId('record-notice').click();
    const ask = page.getByRole('dialog', { name: 'Record a cancellation notice' });
    await expect.poll(() => ask.textContent()).toContain(contractNo);
    await ask.getByTestId('notice-note').fill('Sent by registered mail');
    await ask.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Cancellation notice recorded').waitFor();
    await expect.poll(async () => (await row.locator('td').allTextContents()).join('|')).toMatch(/\|1\|\d{2}\/\d{2}\/\d{4}\|/);
    const history = (await api('GET', `/sales/sale-histories?sale_id=${created.json.data.id}`)).json.data as Array<{ action: string; reason: string | null }>;
    expect(history.find((h) => h.action === 'cancellation_notice')?.reason).toBe('Sent by registered mail');

    // An invoice for the whole balance from the invoices list, opened for printing in a new tab.
    // A hash-only goto can leave the previous page on screen; reloading opens the invoices page for sure.
    await page.goto(`${baseUrl()}/#/invoices`);
    await page.reload();
    await page.getByTestId('invoice-new').click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    const sale = dialog.getByRole('combobox', { name: /Sale/ });
    await sale.fill(contractNo);
    await page.getByRole('option', { name: new RegExp(contractNo) }).click();
    const printTab = context.waitForEvent('page');
    await dialog.getByTestId('invoice-save').click();
    const print = await printTab;
    await print.waitForURL(/#\/invoices\/\d+\/print/);
    const sheet = print.getByTestId('invoice-sheet');
    await expect.poll(() => sheet.textContent(), { timeout: 30_000 }).toContain(contractNo);
    expect(await print.getByTestId('invoice-amount').textContent()).toBe('12,000.00 USD');
    const banks = await print.getByTestId('invoice-banks').textContent();
    expect(banks).toMatch(/IBAN \(GEL\):\s*GE\d{2}[A-Z]{2}\d{16}/);
    expect(banks).toMatch(/IBAN \(USD\):\s*GE\d{2}/);
    expect(await print.getByTestId('invoice-print').isVisible()).toBe(true);

    // The list now holds it.
    await page.getByPlaceholder('Search').fill(contractNo);
    await expect.poll(() => page.locator('tr', { hasText: contractNo }).textContent()).toMatch(/INV-\d{6}/);
    await context.close();
  });
});
