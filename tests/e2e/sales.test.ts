import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import {
  apiSession,
  createComplex,
  createCustomer,
  createUnit,
  ensureUsdRate,
  uniqueSuffix,
  type Api,
  type Complex,
} from './fixtures';

/**
 * One sale followed from the board to the trash, step by step: each step starts where the one before left the page
 * and the sale, so a failure names the step.
 */
describe.skipIf(chromiumMissing())('selling a unit on installments in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  const stamp = uniqueSuffix();
  const customerName = `Sale Customer ${stamp}`;
  const heirName = `Sale Heir ${stamp}`;
  /** This file's own complex, its two units (the second joins the sale later) and its two customers. */
  let complex: Complex;
  const no = `S${stamp.slice(-8)}`;
  const second = `${no}B`;
  let unitId: number;
  let saleId: number;
  let contractNo: string;

  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    api.call<T>(init.method ?? 'GET', path, init.body);
  const cell = () => page.locator(`[data-testid="board-cell"][data-unit-id="${unitId}"]`);
  const rows = () => page.getByTestId('installment-row');
  const openBoard = async () => {
    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await page.reload();
  };

  beforeAll(async () => {
    api = await apiSession();
    complex = await createComplex(api, `E2E Sales ${stamp}`, { A: 5 });
    unitId = (
      await createUnit(api, {
        building_id: complex.id,
        block_id: complex.blocks.A,
        no,
        floor: 3,
        area: 60,
        price: 90000,
        currency: 'USD',
      })
    ).id;
    await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: second,
      floor: 3,
      area: 20,
      price: 10000,
      currency: 'USD',
    });
    await createCustomer(api, customerName);
    await createCustomer(api, heirName);
    // A GEL payment on this USD sale needs the USD rate of the day.
    await ensureUsdRate(api);
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('sells a free unit from the board on 3 USD installments', async () => {
    // The board's context action on the free unit opens the sale form for it.
    await openBoard();
    await expect.poll(() => cell().getAttribute('data-status'), { timeout: 10_000 }).toBe('free');
    await cell().click({ button: 'right' });
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
    saleId = Number(/sales\/(\d+)$/.exec(page.url())![1]);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => rows().first().textContent()).toContain('30,000.00 USD');
    await expect.poll(() => page.getByTestId('sale-units').textContent()).toContain(no);
  });

  it('pays in another currency: a GEL payment credited in USD to the first installment', async () => {
    await page.getByTestId('pay-button').click();
    const dialog = page.getByTestId('pay-dialog');
    await dialog.locator('input[name="amount"]').fill('10000');
    await dialog.locator('div:has(> input[name="currency"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: 'GEL', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('pay-credited').textContent(), { timeout: 10_000 }).toContain('USD');
    await dialog.getByTestId('pay-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    // The first installment now holds the converted payment; the payment is listed in GEL.
    await expect.poll(() => rows().first().getAttribute('data-status'), { timeout: 10_000 }).toBe('partial');
    await expect.poll(() => page.getByTestId('sale-payments').textContent()).toContain('10,000.00 GEL');
    const sale = await call<{ data: { paid_total: number; installments: Array<{ paid: number }> } }>(
      `/sales/${saleId}`,
    );
    expect(sale.body.data.paid_total).toBeGreaterThan(0);
    expect(sale.body.data.installments[0].paid).toBe(sale.body.data.paid_total);
  });

  it('paints the unit sold on the board, and the sales list finds the sale by contract number', async () => {
    await openBoard();
    await expect.poll(() => cell().getAttribute('data-status'), { timeout: 10_000 }).toBe('sold');

    // The sales list finds it by contract number, with the totals strip above.
    contractNo = (await call<{ data: { contract_no: string } }>(`/sales/${saleId}`)).body.data.contract_no;
    await page.goto(`${baseUrl()}/#/sales`);
    await page.getByTestId('sale-filters-toggle').click();
    await page.locator('input[name="contract_no"]').fill(contractNo);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('sale-totals').textContent()).toContain('1 sale');
  });

  it('hands the sale over to another customer, with the date and reason kept in the history', async () => {
    // From the filtered sales list: the edit form asks for the date and the reason, the history keeps them.
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
    await expect
      .poll(() => page.getByTestId('sale-history').textContent(), { timeout: 10_000 })
      .toContain('Inheritance');
  });

  it('replaces the schedule of 3 with a new one of 2, previewed as it is typed; the payment stays on the first', async () => {
    await page.getByTestId('sale-new-schedule').click();
    const scheduleDialog = page.getByTestId('new-schedule-dialog');
    await scheduleDialog.locator('input[name="payments_count"]').fill('2');
    await expect.poll(() => scheduleDialog.getByTestId('schedule-preview-row').count()).toBe(2);
    await expect.poll(() => scheduleDialog.getByTestId('schedule-preview').textContent()).toContain('45,000.00 USD');
    await scheduleDialog.getByRole('button', { name: 'Save' }).click();
    await scheduleDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => rows().first().textContent()).toContain('45,000.00 USD');
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('partial');
  });

  it('adds a second unit to the sale for a new price; what was paid is kept', async () => {
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
    await expect.poll(() => rows().first().textContent()).toContain('50,000.00 USD');
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('partial');
  });

  it('corrects the payment to 15,000 GEL, then deletes it after a confirmation: the schedule is unpaid again', async () => {
    await page.getByTestId('payment-edit').click();
    const editDialog = page.getByTestId('pay-dialog');
    await editDialog.locator('input[name="amount"]').fill('15000');
    await editDialog.getByTestId('pay-submit').click();
    await editDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('sale-payments').textContent(), { timeout: 10_000 })
      .toContain('15,000.00 GEL');
    const history = await call<{ data: Array<{ action: string }> }>(`/sales/sale-histories?sale_id=${saleId}`);
    expect(history.body.data.map((h) => h.action)).toContain('payment_changed');
    await page.getByTestId('payment-delete').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId('payment-row').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => rows().first().getAttribute('data-status')).toBe('unpaid');
    expect((await call<{ data: { paid_total: number } }>(`/sales/${saleId}`)).body.data.paid_total).toBe(0);
  });

  it('lists the sale among the new customer’s deals', async () => {
    const heir = (await call<{ data: { customer_id: number } }>(`/sales/${saleId}`)).body.data.customer_id;
    await page.goto(`${baseUrl()}/#/customers/${heir}/show`);
    await page.getByTestId('tab-deals').click();
    await expect.poll(() => page.getByRole('link', { name: contractNo }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('cancels the sale with a date and a reason: the sale is in the trash and the unit free again', async () => {
    await page.goto(`${baseUrl()}/#/sales/${saleId}`);
    await page.reload();
    await page.getByTestId('sale-cancel').click();
    await page.getByTestId('cancel-sale-dialog').locator('textarea[name="reason"]').fill('The customer withdrew');
    await page.getByTestId('cancel-sale-dialog').getByRole('button', { name: 'Cancel sale' }).click();
    // its only payment was deleted above: the question says nothing was received
    await expect
      .poll(() => page.getByTestId('cancel-sale-received').textContent(), { timeout: 10_000 })
      .toBe('Nothing has been received on this sale.');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/#\/sales$/);
    await page.goto(`${baseUrl()}/#/trashed-sales`);
    const trashed = page.locator('table tbody tr', { hasText: contractNo });
    await expect.poll(() => trashed.textContent(), { timeout: 10_000 }).toContain('The customer withdrew');
    await trashed.click();
    await expect
      .poll(() => page.getByTestId('sale-page').textContent(), { timeout: 10_000 })
      .toContain('The customer withdrew');
    await openBoard();
    await expect.poll(() => cell().getAttribute('data-status'), { timeout: 10_000 }).toBe('free');
  });
});
