import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import {
  apiSession,
  createComplex,
  createCustomer,
  createSale,
  createUnit,
  ensureUsdRate,
  uniqueSuffix,
  type Api,
} from './fixtures';

const formatted = (amount: number) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} GEL`;

/**
 * A renovation sold on top of a lari sale: added from the sale page, its first installment paid in dollars through
 * the pay dialog (rate preview), and the sale page's renovation paid and debt follow.
 */
describe.skipIf(chromiumMissing())('a renovation package on a sale, in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  const stamp = uniqueSuffix();
  const serviceName = `E2E renovation ${stamp}`;
  let saleId: number;
  /** 100 USD in lari at today's NBG rate: each of the renovation's two installments. */
  let installment: number;

  beforeAll(async () => {
    api = await apiSession();
    const complex = await createComplex(api, `E2E Renovation ${stamp}`, { A: 5 });
    const unit = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `R${stamp.slice(-8)}`,
      floor: 2,
      area: 55,
      price: 150000,
      currency: 'GEL',
    });
    const customer = await createCustomer(api, `Renovation Customer ${stamp}`);
    await ensureUsdRate(api);
    const today = businessToday();
    installment = (
      await api.ok<{ result: number }>('POST', '/currency/convert', {
        amount: 100,
        from: 'USD',
        to: 'GEL',
        date: today,
      })
    ).result;
    await api.ok('POST', '/services', {
      name_ka: serviceName,
      name_en: serviceName,
      unit: 'fixed',
      prices: [{ building_id: complex.id, price: installment * 2, currency: 'GEL' }],
    });
    const nextMonth = businessToday(new Date(Date.now() + 31 * 86_400_000));
    saleId = (
      await createSale(api, {
        property_ids: [unit.id],
        customer_id: customer.id,
        price: 150000,
        currency: 'GEL',
        contract_no: `REN-${stamp}`,
        start: nextMonth,
        payments_count: 10,
      })
    ).id;
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('adds a renovation to the sale from its page: its price becomes the sale’s renovation debt', async () => {
    await page.goto(`${baseUrl()}/#/sales/${saleId}/show`);
    const section = page.getByTestId('sale-renovation');
    await expect.poll(() => section.textContent(), { timeout: 15_000 }).toContain('No renovation package yet');
    await section.getByTestId('renovation-add').click();
    const dialog = page.getByTestId('renovation-dialog');
    await dialog.locator('div:has(> input[name="items.0.service_id"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: new RegExp(serviceName) }).click();
    await dialog.locator('input[name="payments_count"]').fill('2');
    await expect.poll(() => dialog.getByTestId('renovation-total').textContent()).toContain(formatted(installment * 2));
    await expect.poll(() => dialog.getByTestId('schedule-preview-row').count()).toBe(2);
    await dialog.getByTestId('renovation-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => section.getByTestId('renovation-row').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => section.getByTestId('renovation-debt').textContent()).toBe(formatted(installment * 2));
    await expect.poll(() => section.getByTestId('renovation-paid').textContent()).toBe(formatted(0));
  });

  it('pays the first renovation installment in USD: the rate is previewed, and paid and debt change on the sale page', async () => {
    const section = page.getByTestId('sale-renovation');
    const containerId = await section.getByTestId('renovation-row').getAttribute('data-id');
    await section.getByTestId(`renovation-pay-${containerId}`).click();
    const dialog = page.getByTestId('pay-dialog');
    await dialog.locator('input[name="amount"]').fill('100');
    await dialog.locator('div:has(> input[name="currency"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('pay-rate').textContent(), { timeout: 10_000 }).toContain('USD');
    await expect.poll(() => dialog.getByTestId('pay-credited').textContent()).toContain(formatted(installment));
    await expect.poll(() => dialog.getByTestId('pay-covers').textContent()).toContain('№1');
    await dialog.getByTestId('pay-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    await expect
      .poll(() => section.getByTestId('renovation-paid').textContent(), { timeout: 10_000 })
      .toBe(formatted(installment));
    await expect.poll(() => section.getByTestId('renovation-debt').textContent()).toBe(formatted(installment));
    // the ledger filled the renovation's first installment only; the sale's own schedule is untouched
    const container = await api.ok<{ installments: Array<{ paid: number }>; payments: Array<{ currency: string }> }>(
      'GET',
      `/containers/${containerId}`,
    );
    expect(container.installments.map((i) => i.paid)).toEqual([installment, 0]);
    expect(container.payments.map((p) => p.currency)).toEqual(['USD']);
    const sale = await api.ok<{ paid_total: number }>('GET', `/sales/${saleId}`);
    expect(sale.paid_total).toBe(0);
  });

  /** Clicks `issue`, which opens the invoice's print in a new tab; the print names `purpose`. */
  async function printsInvoice(issue: Locator, purpose: string) {
    const tab = context.waitForEvent('page');
    await issue.click();
    const printed = await tab;
    await expect.poll(() => printed.getByTestId('invoice-sheet').textContent(), { timeout: 15_000 }).toContain(purpose);
    await printed.close();
  }

  it('finds the container on /service-containers, opens its page, and sees the payment on /services/payments', async () => {
    await page.goto(
      `${baseUrl()}/#/service-containers?filter=${encodeURIComponent(JSON.stringify({ sale_id: saleId }))}`,
    );
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(`REN-${stamp}`);
    await rows.first().click();
    await expect
      .poll(() => page.getByTestId('container-services').textContent(), { timeout: 10_000 })
      .toContain(serviceName);
    await expect.poll(() => page.getByTestId('renovation-installment').count()).toBe(2);
    await expect
      .poll(() => page.getByTestId('renovation-installment').first().getAttribute('data-status'))
      .toBe('paid');
    await expect.poll(() => page.getByTestId('container-payments').textContent()).toContain('100.00 USD');

    // an invoice for the unpaid renovation installment, printed as the renovation's, listed with its purpose
    const unpaid = page.getByTestId('renovation-installment').nth(1);
    await unpaid.getByTestId('invoice-button').click();
    const ask = page.getByRole('dialog', { name: 'Issue an invoice' });
    await ask.getByText('Issue an invoice for this renovation installment?').waitFor();
    await printsInvoice(ask.getByTestId('invoice-issue'), 'Renovation installment №2 under contract');
    const invoices = await api.ok<Array<{ mode: string; installment_number: number; amount: number }>>(
      'GET',
      `/invoices?sale_id=${saleId}`,
    );
    expect(invoices.map((i) => [i.mode, i.installment_number, i.amount])).toEqual([['renovation', 2, installment]]);

    // from /invoices: the sale, then its renovation's balance among the choices
    await page.goto(`${baseUrl()}/#/invoices`);
    await page.getByTestId('invoice-new').click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.getByRole('combobox', { name: /Sale/ }).fill(`REN-${stamp}`);
    await page.getByRole('option', { name: new RegExp(`REN-${stamp}`) }).click();
    await dialog.getByRole('combobox', { name: /Installment/ }).click();
    await page.getByRole('option', { name: /Renovation package: what is left to pay/ }).click();
    await printsInvoice(
      dialog.getByTestId('invoice-save'),
      'Remaining balance of the renovation package under contract',
    );
    const after = await api.ok<Array<{ mode: string; installment_number: number | null }>>(
      'GET',
      `/invoices?sale_id=${saleId}`,
    );
    expect(after.map((i) => [i.mode, i.installment_number])).toEqual([
      ['renovation', null],
      ['renovation', 2],
    ]);

    await page.goto(`${baseUrl()}/#/services/payments`);
    await expect.poll(() => page.getByTestId('renovation-totals').textContent(), { timeout: 15_000 }).toContain('USD');
    await expect.poll(() => page.locator('table tbody').textContent()).toContain(`REN-${stamp}`);

    await page.goto(`${baseUrl()}/#/services`);
    await expect.poll(() => page.locator('table tbody').textContent(), { timeout: 15_000 }).toContain(serviceName);
  });
});
