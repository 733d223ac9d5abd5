import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';

/** A demo complex (seeded by name). */
const COMPLEX = 'ვაკის პარკი';

describe.skipIf(chromiumMissing())('selling a unit on installments in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const stamp = Date.now().toString(36);
  const customerName = `Sale Customer ${stamp}`;

  /** A call to the API as the signed-in user (the token the app keeps). */
  const call = <T,>(path: string, init: { method?: string; body?: unknown } = {}) =>
    page.evaluate(
      async ({ path, init }) => {
        const response = await fetch(`/api${path}`, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}`, 'content-type': 'application/json', 'content-language': 'en' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        return { status: response.status, body: await response.json() };
      },
      { path, init },
    ) as Promise<{ status: number; body: T }>;

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('sells a free unit from the board on 3 USD installments, takes a GEL payment, reschedules, changes units and customer, corrects and deletes the payment, and cancels', async () => {
    // Our own unit and customer, so the other suites sharing this server cannot take them first.
    const buildings = await call<{ data: Array<{ id: number; name: string }> }>('/buildings?perpage=0');
    const complex = buildings.body.data.find((b) => b.name === COMPLEX) ?? buildings.body.data[0];
    const board = await call<{ data: { blocks: Array<{ id: number }> } }>(`/board/${complex.id}`);
    const no = `S${Date.now() % 1_000_000}`;
    const unit = await call<{ data: { id: number } }>('/properties', { method: 'POST', body: { building_id: complex.id, block_id: board.body.data.blocks[0].id, no, floor: 3, area: 60, price: 90000, currency: 'USD' } });
    expect(unit.status, JSON.stringify(unit.body)).toBe(201);
    const unitId = unit.body.data.id;
    const customer = await call<{ data: { id: number } }>('/customers', { method: 'POST', body: { type: 'individual', name_ka: customerName, name_en: customerName, personal_number: String(Date.now()).slice(-11) } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);

    // The board's context action on the free unit opens the sale form for it.
    const cell = page.locator(`[data-testid="board-cell"][data-unit-id="${unitId}"]`);
    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await page.reload();
    await expect.poll(() => cell.getAttribute('data-status'), { timeout: 10_000 }).toBe('free');
    await cell.click({ button: 'right' });
    await page.getByTestId('board-sell').click();
    await page.waitForURL(new RegExp(`sales/create\\?property_id=${unitId}`));
    await expect.poll(() => page.getByTestId('sale-units-picker').textContent(), { timeout: 15_000 }).toContain(no);
    await expect.poll(() => page.locator('input[name="price"]').inputValue()).toBe('90000');

    const customerInput = page.locator('input[name="customer_id"]');
    await customerInput.click();
    await customerInput.fill(customerName.slice(0, 18));
    await page.getByRole('option', { name: customerName, exact: true }).click();
    await page.locator('input[name="payments_count"]').fill('3');
    // The live preview follows what was typed: three payments of 30,000 USD.
    await expect.poll(() => page.getByTestId('schedule-preview-row').count()).toBe(3);
    await expect.poll(() => page.getByTestId('schedule-preview').textContent()).toContain('30,000.00 USD');
    await page.getByRole('button', { name: 'Save' }).click();

    // The sale page, /sales/{id}, shows the schedule.
    await page.waitForURL(/#\/sales\/\d+$/);
    const saleId = Number(/sales\/(\d+)$/.exec(page.url())![1]);
    const rows = page.getByTestId('installment-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => rows.first().textContent()).toContain('30,000.00 USD');
    await expect.poll(() => page.getByTestId('sale-units').textContent()).toContain(no);

    // A GEL payment on this USD sale needs the USD rate of the day.
    const today = new Date().toISOString().slice(0, 10);
    const rate = await call(`/currency/usd/${today}`);
    if (rate.status !== 200) expect((await call('/currency-rates', { method: 'POST', body: { currency: 'USD', date: today, rate: 2.7 } })).status).toBeLessThan(300);

    await page.getByTestId('pay-button').click();
    const dialog = page.getByTestId('pay-dialog');
    await dialog.locator('input[name="amount"]').fill('10000');
    await dialog.locator('div:has(> input[name="currency"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: 'GEL', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('pay-credited').textContent(), { timeout: 10_000 }).toContain('USD');
    await dialog.getByTestId('pay-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    // The first installment now holds the converted payment; the payment is listed in GEL.
    await expect.poll(() => rows.first().getAttribute('data-status'), { timeout: 10_000 }).toBe('partial');
    await expect.poll(() => page.getByTestId('sale-payments').textContent()).toContain('10,000.00 GEL');
    const sale = await call<{ data: { paid_total: number; installments: Array<{ paid: number }> } }>(`/sales/${saleId}`);
    expect(sale.body.data.paid_total).toBeGreaterThan(0);
    expect(sale.body.data.installments[0].paid).toBe(sale.body.data.paid_total);

    // The board paints the unit as sold.
    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await page.reload();
    await expect.poll(() => cell.getAttribute('data-status'), { timeout: 10_000 }).toBe('sold');

    // The sales list finds it by contract number, with the totals strip above.
    const contractNo = (await call<{ data: { contract_no: string } }>(`/sales/${saleId}`)).body.data.contract_no;
    await page.goto(`${baseUrl()}/#/sales`);
    await page.getByTestId('sale-filters-toggle').click();
    await page.locator('input[name="contract_no"]').fill(contractNo);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('sale-totals').textContent()).toContain('1 sale');

    // Another customer takes the sale over: the edit form asks for the date and the reason, the history keeps them.
    const heirName = `Sale Heir ${stamp}`;
    expect((await call('/customers', { method: 'POST', body: { type: 'individual', name_ka: heirName, name_en: heirName, personal_number: String(Date.now() + 7).slice(-11) } })).status).toBe(201);
    await page.locator('table tbody tr').first().click();
    await page.waitForURL(new RegExp(`#/sales/${saleId}$`));
    await page.getByTestId('sale-edit').click();
    await page.waitForURL(new RegExp(`#/sales/${saleId}/edit`));
    const editCustomer = page.locator('input[name="customer_id"]');
    await expect.poll(() => editCustomer.inputValue(), { timeout: 10_000 }).toBe(customerName);
    await editCustomer.click();
    await editCustomer.fill(heirName.slice(0, 15));
    await page.getByRole('option', { name: heirName, exact: true }).click();
    await page.getByTestId('customer-change').locator('input[name="customer_change_reason"]').fill('Inheritance');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('customer-change').textContent()).toContain('required');
    await page.getByTestId('customer-change').locator('input[name="customer_change_date"]').fill('20/11/2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`#/sales/${saleId}$`));
    await expect.poll(() => page.getByTestId('sale-history').textContent(), { timeout: 10_000 }).toContain('Inheritance');

    // A new schedule of 2 payments, previewed as it is typed, replaces the 3; the payment stays on the first.
    await page.getByTestId('sale-new-schedule').click();
    const scheduleDialog = page.getByTestId('new-schedule-dialog');
    await scheduleDialog.locator('input[name="payments_count"]').fill('2');
    await expect.poll(() => scheduleDialog.getByTestId('schedule-preview-row').count()).toBe(2);
    await expect.poll(() => scheduleDialog.getByTestId('schedule-preview').textContent()).toContain('45,000.00 USD');
    await scheduleDialog.getByRole('button', { name: 'Save' }).click();
    await scheduleDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => rows.first().textContent()).toContain('45,000.00 USD');
    await expect.poll(() => rows.first().getAttribute('data-status')).toBe('partial');

    // A second unit joins the sale for a new price; what was paid is kept.
    const second = `${no}B`;
    const extra = await call<{ data: { id: number } }>('/properties', { method: 'POST', body: { building_id: complex.id, block_id: board.body.data.blocks[0].id, no: second, floor: 3, area: 20, price: 10000, currency: 'USD' } });
    expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    await page.getByTestId('sale-change-units').click();
    const unitsDialog = page.getByTestId('update-properties-dialog');
    const unitsInput = unitsDialog.locator('input[name="property_ids"]');
    await unitsInput.click();
    await unitsInput.fill(second);
    await page.getByRole('option', { name: new RegExp(`№${second}\\b`) }).click();
    await unitsDialog.locator('input[name="price"]').fill('100000');
    await expect.poll(() => unitsDialog.getByTestId('schedule-preview').textContent()).toContain('50,000.00 USD');
    await unitsDialog.getByRole('button', { name: 'Save' }).click();
    await unitsDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('sale-units').textContent(), { timeout: 10_000 }).toContain(second);
    await expect.poll(() => rows.first().textContent()).toContain('50,000.00 USD');
    await expect.poll(() => rows.first().getAttribute('data-status')).toBe('partial');

    // The payment is corrected to 15,000 GEL, then deleted after a confirmation: the schedule is unpaid again.
    await page.getByTestId('payment-edit').click();
    const editDialog = page.getByTestId('pay-dialog');
    await editDialog.locator('input[name="amount"]').fill('15000');
    await editDialog.getByTestId('pay-submit').click();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('sale-payments').textContent(), { timeout: 10_000 }).toContain('15,000.00 GEL');
    const history = await call<{ data: Array<{ action: string }> }>(`/sales/sale-histories?sale_id=${saleId}`);
    expect(history.body.data.map((h) => h.action)).toContain('payment_changed');
    await page.getByTestId('payment-delete').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId('payment-row').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => rows.first().getAttribute('data-status')).toBe('unpaid');
    expect((await call<{ data: { paid_total: number } }>(`/sales/${saleId}`)).body.data.paid_total).toBe(0);

    // The new customer's page lists the sale among its deals.
    const heir = (await call<{ data: { customer_id: number } }>(`/sales/${saleId}`)).body.data.customer_id;
    await page.goto(`${baseUrl()}/#/customers/${heir}/show`);
    await page.getByTestId('tab-deals').click();
    await expect.poll(() => page.getByRole('link', { name: contractNo }).count(), { timeout: 10_000 }).toBe(1);
    await page.goto(`${baseUrl()}/#/sales`);

    // Cancelling asks for the date and the reason, then confirms; the unit is free again and the sale is in the trash.
    await page.locator('table tbody tr').first().click();
    await page.waitForURL(new RegExp(`#/sales/${saleId}$`));
    await page.getByTestId('sale-cancel').click();
    await page.getByTestId('cancel-sale-dialog').locator('textarea[name="reason"]').fill('The customer withdrew');
    await page.getByTestId('cancel-sale-dialog').getByRole('button', { name: 'Cancel sale' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/#\/sales$/);
    await page.goto(`${baseUrl()}/#/trashed-sales`);
    const trashed = page.locator('table tbody tr', { hasText: contractNo });
    await expect.poll(() => trashed.textContent(), { timeout: 10_000 }).toContain('The customer withdrew');
    await trashed.click();
    await expect.poll(() => page.getByTestId('sale-page').textContent(), { timeout: 10_000 }).toContain('The customer withdrew');
    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await page.reload();
    await expect.poll(() => cell.getAttribute('data-status'), { timeout: 10_000 }).toBe('free');
  });
});
