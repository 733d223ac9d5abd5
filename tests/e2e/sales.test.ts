import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { businessToday } from '../../domain/businessDay';
import { baseUrl, boardCell, chromiumMissing, launch, newPage, signIn } from './browser';
import {
  apiSession,
  createComplex,
  createCustomer,
  createSale,
  createUnit,
  ensureUsdRate,
  uniqueSuffix,
  type Api,
  type Complex,
} from './fixtures';
import { text, textPattern } from './texts';

/**
 * A sale from the board to the trash, each step on a sale of its own made through the API in the state the step starts
 * from: a unit to sell, a sale with a payment, a sale to hand over or cancel.
 */
describe.skipIf(chromiumMissing())('selling a unit on installments in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  const stamp = uniqueSuffix();
  /** This file's own complex; each test adds its units and customers to it. */
  let complex: Complex;
  let made = 0;

  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    api.call<T>(init.method ?? 'GET', path, init.body);

  /** A free unit of this file's complex, its number unique to the run. */
  const freeUnit = async (price = 90000, area = 60) => {
    const no = `S${stamp.slice(-6)}${++made}`;
    const { id } = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no,
      floor: 3,
      area,
      price,
      currency: 'USD',
    });
    return { id, no };
  };

  /** A USD sale of a unit of its own for 90,000 in `count` installments, with a 10,000 GEL payment when `paid`. */
  const saleOf = async ({ count = 3, paid = false }: { count?: number; paid?: boolean } = {}) => {
    const unit = await freeUnit();
    const customer = await createCustomer(api, `Sale Customer ${stamp} ${made}`);
    const contractNo = `E2E-S-${stamp}-${made}`;
    const { id } = await createSale(api, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 90000,
      contract_no: contractNo,
      start: businessToday(),
      payments_count: count,
    });
    if (paid)
      await api.ok('POST', '/payments/pay', { sale_id: id, amount: 10000, currency: 'GEL', paid_on: businessToday() });
    return { id, unit, customer, contractNo };
  };

  const cell = (no: string) => boardCell(page, no);
  const openBoard = async () => {
    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await page.reload();
  };
  const openSale = async (id: number) => {
    await page.goto(`${baseUrl()}/#/sales/${id}`);
    await page.reload();
  };
  /** A section of the sale page, a region named by its title. */
  const section = (key: string) => page.getByRole('region', { name: text(`sales.${key}`), exact: true });
  /** A table's rows of data, its heading row left out. */
  const bodyRows = (within: Locator) => within.getByRole('row').filter({ has: page.getByRole('cell') });
  const installments = () => bodyRows(section('schedule'));
  const installmentStatus = (row: Locator, status: string) =>
    row.getByText(text(`sales.installment_status.${status}`), { exact: true });
  const preview = (within: Locator | Page) => within.getByRole('region', { name: text('sales.preview') });
  /** The preview's installments: its rows of data but the total under them. */
  const previewRows = (within: Locator | Page) =>
    bodyRows(preview(within)).filter({ hasNotText: textPattern('sales.preview_total') });

  beforeAll(async () => {
    api = await apiSession();
    complex = await createComplex(api, `E2E Sales ${stamp}`, { A: 5 });
    // A GEL payment on a USD sale needs the USD rate of the day.
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
    const unit = await freeUnit();
    const customerName = `Sale Customer ${stamp} board`;
    await createCustomer(api, customerName);
    // The board's context action on the free unit opens the sale form for it.
    await openBoard();
    await expect.poll(() => cell(unit.no).getAttribute('data-status'), { timeout: 10_000 }).toBe('free');
    await cell(unit.no).click({ button: 'right' });
    await page.getByRole('menuitem', { name: text('sales.sell') }).click();
    await page.waitForURL(new RegExp(`sales/create\\?property_id=${unit.id}`));
    await expect
      .poll(() => page.getByText(new RegExp(`№${unit.no}\\b`)).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.locator('input[name="price"]').inputValue()).toBe('90000');

    const customerInput = page.locator('input[name="customer_id"]');
    await customerInput.click();
    await customerInput.fill(customerName.slice(0, 18));
    await page.getByRole('option', { name: customerName, exact: true }).click();
    await page.locator('input[name="payments_count"]').fill('3');
    // The live preview follows what was typed: three payments of 30,000 USD.
    await expect.poll(() => previewRows(page).count()).toBe(3);
    await expect.poll(() => preview(page).textContent()).toContain('30,000.00 USD');
    await page.getByRole('button', { name: text('ra.action.save') }).click();

    // The sale page, /sales/{id}, shows the schedule.
    await page.waitForURL(/#\/sales\/\d+$/);
    await expect.poll(() => installments().count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => installments().first().textContent()).toContain('30,000.00 USD');
    await expect.poll(() => section('units').getByRole('link', { name: unit.no, exact: true }).count()).toBe(1);
  });

  it('pays in another currency: a GEL payment credited in USD to the first installment', async () => {
    const sale = await saleOf();
    await openSale(sale.id);
    await page.getByRole('button', { name: text('payments.pay'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('payments.pay_title', { contract: sale.contractNo }) });
    await dialog.locator('input[name="amount"]').fill('10000');
    await dialog.locator('div:has(> input[name="currency"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: 'GEL', exact: true }).click();
    await expect
      .poll(() => dialog.getByText(textPattern('payments.credited')).textContent(), { timeout: 10_000 })
      .toContain('USD');
    await dialog.getByRole('button', { name: text('payments.pay'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The first installment now holds the converted payment; the payment is listed in GEL.
    await expect.poll(() => installmentStatus(installments().first(), 'partial').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => section('payments').textContent()).toContain('10,000.00 GEL');
    const paid = await call<{ data: { paid_total: number; installments: Array<{ paid: number }> } }>(
      `/sales/${sale.id}`,
    );
    expect(paid.body.data.paid_total).toBeGreaterThan(0);
    expect(paid.body.data.installments[0].paid).toBe(paid.body.data.paid_total);
  });

  it('paints the unit sold on the board, and the sales list finds the sale by contract number', async () => {
    const sale = await saleOf();
    await openBoard();
    await expect.poll(() => cell(sale.unit.no).getAttribute('data-status'), { timeout: 10_000 }).toBe('sold');
    // the cell says its status in words, not only by its colour
    await expect
      .poll(() => cell(sale.unit.no).getAttribute('aria-label'))
      .toBe(`${sale.unit.no}, ${text('enums.property_status.sold')}`);

    // The sales list finds it by contract number, with the totals strip above.
    await page.goto(`${baseUrl()}/#/sales`);
    const filters = page.getByRole('button', { name: new RegExp(`${text('sales.filters')}$`) });
    if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
    await page.locator('input[name="contract_no"]').fill(sale.contractNo);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByText(text('sales.totals_count', { smart_count: 1 }), { exact: true }).count())
      .toBe(1);
  });

  it('hands the sale over to another customer, with the date and reason kept in the history', async () => {
    const sale = await saleOf();
    const heirName = `Sale Heir ${stamp} ${made}`;
    await createCustomer(api, heirName);
    // The edit form asks for the date and the reason, the history keeps them.
    await openSale(sale.id);
    await page.getByRole('link', { name: text('sales.edit'), exact: true }).click();
    await page.waitForURL(new RegExp(`#/sales/${sale.id}/edit`));
    const editCustomer = page.locator('input[name="customer_id"]');
    await expect.poll(() => editCustomer.inputValue(), { timeout: 10_000 }).toBe(sale.customer.name);
    await editCustomer.click();
    await editCustomer.fill(heirName.slice(0, 15));
    await page.getByRole('option', { name: heirName, exact: true }).click();
    await page.getByLabel(text('resources.sales.fields.customer_change_reason')).fill('Inheritance');
    await page.getByRole('button', { name: text('ra.action.save') }).click();
    await expect.poll(() => page.getByText(text('validation.required')).count()).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: text('resources.sales.fields.customer_change_date') }).fill('20/11/2026');
    await page.getByRole('button', { name: text('ra.action.save') }).click();
    await page.waitForURL(new RegExp(`#/sales/${sale.id}$`));
    await expect.poll(() => section('history').textContent(), { timeout: 10_000 }).toContain('Inheritance');
  });

  it('replaces the schedule of 3 with one of 2, previewed as typed; the payment stays on the first', async () => {
    const sale = await saleOf({ paid: true });
    await openSale(sale.id);
    await page.getByRole('button', { name: text('sales.new_schedule') }).click();
    const scheduleDialog = page.getByRole('dialog', { name: text('sales.new_schedule') });
    await scheduleDialog.locator('input[name="payments_count"]').fill('2');
    await expect.poll(() => previewRows(scheduleDialog).count()).toBe(2);
    await expect.poll(() => preview(scheduleDialog).textContent()).toContain('45,000.00 USD');
    await scheduleDialog.getByRole('button', { name: text('sales.save') }).click();
    await scheduleDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => installments().count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => installments().first().textContent()).toContain('45,000.00 USD');
    await expect.poll(() => installmentStatus(installments().first(), 'partial').count()).toBe(1);
  });

  it('adds a second unit to the sale for a new price; what was paid is kept', async () => {
    const sale = await saleOf({ count: 2, paid: true });
    const second = await freeUnit(10000, 20);
    await openSale(sale.id);
    await page.getByRole('button', { name: text('sales.change_units') }).click();
    const unitsDialog = page.getByRole('dialog', { name: text('sales.change_units') });
    const unitsInput = unitsDialog.locator('input[name="property_ids"]');
    await unitsInput.click();
    await unitsInput.fill(second.no);
    await page.getByRole('option', { name: new RegExp(`№${second.no}\\b`) }).click();
    await unitsDialog.locator('input[name="price"]').fill('100000');
    await expect.poll(() => preview(unitsDialog).textContent()).toContain('50,000.00 USD');
    await unitsDialog.getByRole('button', { name: text('sales.save') }).click();
    await unitsDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => section('units').getByRole('link', { name: second.no, exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => installments().first().textContent()).toContain('50,000.00 USD');
    await expect.poll(() => installmentStatus(installments().first(), 'partial').count()).toBe(1);
  });

  it('corrects the payment to 15,000 GEL, then deletes it after a confirmation: the schedule is unpaid', async () => {
    const sale = await saleOf({ paid: true });
    await openSale(sale.id);
    const payments = section('payments');
    await payments.getByRole('button', { name: text('payments.edit_title') }).click();
    const editDialog = page.getByRole('dialog', { name: text('payments.edit_title') });
    await editDialog.locator('input[name="amount"]').fill('15000');
    await editDialog.getByRole('button', { name: text('ra.action.save') }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => payments.textContent(), { timeout: 10_000 }).toContain('15,000.00 GEL');
    const history = await call<{ data: Array<{ action: string }> }>(`/sales/sale-histories?sale_id=${sale.id}`);
    expect(history.body.data.map((h) => h.action)).toContain('payment_changed');
    await payments.getByRole('button', { name: text('ra.action.delete') }).click();
    await page.getByRole('button', { name: text('app.yes') }).click();
    await expect.poll(() => bodyRows(payments).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => installmentStatus(installments().first(), 'unpaid').count()).toBe(1);
    expect((await call<{ data: { paid_total: number } }>(`/sales/${sale.id}`)).body.data.paid_total).toBe(0);
  });

  it('lists the sale among the new customer’s deals', async () => {
    const sale = await saleOf();
    const heir = await createCustomer(api, `Sale Heir ${stamp} ${made}`);
    await api.ok('PUT', `/sales/${sale.id}`, {
      customer_id: heir.id,
      customer_change_date: businessToday(),
      customer_change_reason: 'Inheritance',
    });
    await page.goto(`${baseUrl()}/#/customers/${heir.id}/show`);
    await page.getByRole('tab', { name: text('customers.tab_deals') }).click();
    await expect.poll(() => page.getByRole('link', { name: sale.contractNo }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('cancels the sale with a date and a reason: the sale is in the trash and the unit free again', async () => {
    const sale = await saleOf();
    await openSale(sale.id);
    await page.getByRole('button', { name: text('sales.cancel_sale') }).click();
    const cancelDialog = page.getByRole('dialog', { name: text('sales.cancel_sale') });
    await cancelDialog.getByLabel(text('resources.sales.fields.cancellation_reason')).fill('The customer withdrew');
    await cancelDialog.getByRole('button', { name: text('sales.cancel_sale') }).click();
    // no payment was made: the question says nothing was received
    await expect
      .poll(() => page.getByText(text('sales.cancel_nothing_received'), { exact: true }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.getByRole('button', { name: text('app.yes') }).click();
    await page.waitForURL(/#\/sales$/);
    await page.goto(`${baseUrl()}/#/trashed-sales`);
    const trashed = page.getByRole('row').filter({ hasText: sale.contractNo });
    await expect.poll(() => trashed.textContent(), { timeout: 10_000 }).toContain('The customer withdrew');
    await trashed.click();
    await page.waitForURL(/#\/trashed-sales\/\d+/);
    await expect.poll(() => page.getByText(/The customer withdrew/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await openBoard();
    await expect.poll(() => cell(sale.unit.no).getAttribute('data-status'), { timeout: 10_000 }).toBe('free');
  });
});
