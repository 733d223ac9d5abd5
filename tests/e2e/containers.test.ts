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
  type Complex,
} from './fixtures';
import { text, textPattern } from './texts';

const formatted = (amount: number) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} GEL`;

/**
 * A renovation sold on top of a lari sale: added from the sale page, its first installment paid in dollars through
 * the pay dialog (rate preview), and the sale page's renovation paid and debt follow. Each test makes through the API
 * the sale (and the renovation, and its payment) it starts from.
 */
describe.skipIf(chromiumMissing())('a renovation package on a sale, in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  const stamp = uniqueSuffix();
  const serviceName = `E2E renovation ${stamp}`;
  let complex: Complex;
  let serviceId: number;
  /** 100 USD in lari at today's NBG rate: each of the renovation's two installments. */
  let installment: number;
  let made = 0;

  /** A lari sale of a unit of its own, its schedule starting next month. */
  const saleOf = async () => {
    const n = ++made;
    const unit = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `R${stamp.slice(-6)}${n}`,
      floor: 2,
      area: 55,
      price: 150000,
      currency: 'GEL',
    });
    const customer = await createCustomer(api, `Renovation Customer ${stamp} ${n}`);
    const contractNo = `REN-${stamp}-${n}`;
    const { id } = await createSale(api, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 150000,
      currency: 'GEL',
      contract_no: contractNo,
      start: businessToday(new Date(Date.now() + 31 * 86_400_000)),
      payments_count: 10,
    });
    return { id, contractNo };
  };

  /** A sale with this file's renovation service in two installments from today. */
  const renovatedSale = async () => {
    const sale = await saleOf();
    const container = await api.ok<{ id: number }>('POST', '/containers', {
      sale_id: sale.id,
      items: [{ service_id: serviceId }],
      first_payment_date: businessToday(),
      period_months: 1,
      payments_count: 2,
    });
    return { ...sale, containerId: container.id };
  };

  /** The sale page's renovation section, a region named by its title. */
  const renovation = () => page.getByRole('region', { name: text('containers.renovation'), exact: true });
  /** A value of the details grid: the definition in the group named by its label. */
  const detail = (within: Locator, key: string) =>
    within
      .getByRole('group', { name: text(`resources.service-containers.fields.${key}`), exact: true })
      .getByRole('definition');
  const bodyRows = (within: Locator) => within.getByRole('row').filter({ has: page.getByRole('cell') });
  const openSale = async (id: number) => {
    await page.goto(`${baseUrl()}/#/sales/${id}/show`);
    await page.reload();
  };

  beforeAll(async () => {
    api = await apiSession();
    complex = await createComplex(api, `E2E Renovation ${stamp}`, { A: 5 });
    await ensureUsdRate(api);
    installment = (
      await api.ok<{ result: number }>('POST', '/currency/convert', {
        amount: 100,
        from: 'USD',
        to: 'GEL',
        date: businessToday(),
      })
    ).result;
    serviceId = (
      await api.ok<{ id: number }>('POST', '/services', {
        name_ka: serviceName,
        name_en: serviceName,
        unit: 'fixed',
        prices: [{ building_id: complex.id, price: installment * 2, currency: 'GEL' }],
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
    const sale = await saleOf();
    await openSale(sale.id);
    const section = renovation();
    await expect.poll(() => section.getByText(text('containers.no_renovation')).count(), { timeout: 15_000 }).toBe(1);
    await section.getByRole('button', { name: text('containers.add_renovation') }).click();
    const dialog = page.getByRole('dialog', { name: text('containers.add_renovation') });
    await dialog.getByRole('combobox', { name: text('containers.service') }).click();
    await page.getByRole('option', { name: new RegExp(serviceName) }).click();
    await dialog.locator('input[name="payments_count"]').fill('2');
    await expect
      .poll(() => dialog.getByText(`${text('containers.total')}:`).textContent())
      .toContain(formatted(installment * 2));
    const preview = dialog.getByRole('region', { name: text('sales.preview') });
    await expect
      .poll(() =>
        bodyRows(preview)
          .filter({ hasNotText: textPattern('sales.preview_total') })
          .count(),
      )
      .toBe(2);
    await dialog.getByRole('button', { name: text('containers.add_renovation') }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => bodyRows(section).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => detail(section, 'debt').textContent()).toBe(formatted(installment * 2));
    await expect.poll(() => detail(section, 'paid').textContent()).toBe(formatted(0));
  });

  it('pays the first renovation installment in USD: the rate previewed; paid and debt change on the sale', async () => {
    const sale = await renovatedSale();
    await openSale(sale.id);
    const section = renovation();
    await section.getByRole('button', { name: text('containers.pay'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('payments.pay_title', { contract: sale.contractNo }) });
    await dialog.locator('input[name="amount"]').fill('100');
    await dialog.locator('div:has(> input[name="currency"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await expect
      .poll(() => dialog.getByText(textPattern('payments.rate_used_undated')).textContent(), { timeout: 10_000 })
      .toContain('USD');
    await expect
      .poll(() => dialog.getByText(textPattern('payments.credited')).textContent())
      .toContain(formatted(installment));
    await expect
      .poll(() => dialog.getByRole('table', { name: text('payments.covers_title') }).textContent())
      .toContain('№1');
    await dialog.getByRole('button', { name: text('payments.pay'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => detail(section, 'paid').textContent(), { timeout: 10_000 }).toBe(formatted(installment));
    await expect.poll(() => detail(section, 'debt').textContent()).toBe(formatted(installment));
    // the ledger filled the renovation's first installment only; the sale's own schedule is untouched
    const container = await api.ok<{ installments: Array<{ paid: number }>; payments: Array<{ currency: string }> }>(
      'GET',
      `/containers/${sale.containerId}`,
    );
    expect(container.installments.map((i) => i.paid)).toEqual([installment, 0]);
    expect(container.payments.map((p) => p.currency)).toEqual(['USD']);
    const paid = await api.ok<{ paid_total: number }>('GET', `/sales/${sale.id}`);
    expect(paid.paid_total).toBe(0);
  });

  /** Clicks `issue`, which opens the invoice's print in a new tab; the print names `purpose`. */
  async function printsInvoice(issue: Locator, purpose: RegExp) {
    const tab = context.waitForEvent('page');
    await issue.click();
    const printed = await tab;
    await expect.poll(() => printed.getByText(purpose).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await printed.close();
  }

  it('finds the container on /service-containers, opens it, and sees the payment on /services/payments', async () => {
    const sale = await renovatedSale();
    await api.ok('POST', '/containers/pay', {
      container_id: sale.containerId,
      amount: 100,
      currency: 'USD',
      paid_on: businessToday(),
    });
    await page.goto(
      `${baseUrl()}/#/service-containers?filter=${encodeURIComponent(JSON.stringify({ sale_id: sale.id }))}`,
    );
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(sale.contractNo);
    await rows.first().click();
    const region = (key: string) => page.getByRole('region', { name: text(`containers.${key}`), exact: true });
    await expect.poll(() => region('services').textContent(), { timeout: 10_000 }).toContain(serviceName);
    const installments = bodyRows(region('schedule'));
    await expect.poll(() => installments.count()).toBe(2);
    await expect
      .poll(() => installments.first().getByText(text('sales.installment_status.paid'), { exact: true }).count())
      .toBe(1);
    await expect.poll(() => region('payments').textContent()).toContain('100.00 USD');

    // an invoice for the unpaid renovation installment, printed as the renovation's, listed with its purpose
    await installments
      .nth(1)
      .getByRole('button', { name: text('payments.invoice') })
      .click();
    const ask = page.getByRole('dialog', { name: text('payments.invoice_ask.confirm_title') });
    await ask.getByText(text('payments.invoice_ask.confirm_renovation_installment')).waitFor();
    await printsInvoice(
      ask.getByRole('button', { name: text('payments.invoice_ask.issue'), exact: true }),
      textPattern('invoices.purpose_renovation_installment', { number: 2, contract: sale.contractNo }),
    );
    const invoices = await api.ok<Array<{ mode: string; installment_number: number; amount: number }>>(
      'GET',
      `/invoices?sale_id=${sale.id}`,
    );
    expect(invoices.map((i) => [i.mode, i.installment_number, i.amount])).toEqual([['renovation', 2, installment]]);

    // from /invoices: the sale, then its renovation's balance among the choices
    await page.goto(`${baseUrl()}/#/invoices`);
    await page.getByRole('button', { name: text('invoices.new') }).click();
    const dialog = page.getByRole('dialog', { name: text('invoices.new') });
    await dialog.getByRole('combobox', { name: text('invoices.pick_sale') }).fill(sale.contractNo);
    await page.getByRole('option', { name: new RegExp(sale.contractNo) }).click();
    await dialog.getByRole('combobox', { name: text('resources.invoices.fields.installment_id') }).click();
    await page.getByRole('option', { name: new RegExp(text('invoices.renovation_balance')) }).click();
    await printsInvoice(
      dialog.getByRole('button', { name: text('invoices.create'), exact: true }),
      textPattern('invoices.purpose_renovation_balance', { contract: sale.contractNo }),
    );
    const after = await api.ok<Array<{ mode: string; installment_number: number | null }>>(
      'GET',
      `/invoices?sale_id=${sale.id}`,
    );
    expect(after.map((i) => [i.mode, i.installment_number])).toEqual([
      ['renovation', null],
      ['renovation', 2],
    ]);

    await page.goto(`${baseUrl()}/#/services/payments`);
    await expect
      .poll(() => page.getByRole('group', { name: text('containers.totals') }).textContent(), { timeout: 15_000 })
      .toContain('USD');
    await expect.poll(() => page.locator('table tbody').textContent()).toContain(sale.contractNo);

    await page.goto(`${baseUrl()}/#/services`);
    await expect.poll(() => page.locator('table tbody').textContent(), { timeout: 15_000 }).toContain(serviceName);
  });
});
