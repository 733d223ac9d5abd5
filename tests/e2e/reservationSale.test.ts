import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessToday } from '../../domain/businessDay';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import {
  apiSession,
  createComplex,
  createCustomer,
  createUnit,
  ensureUsdRate,
  uniqueSuffix,
  type Api,
} from './fixtures';
import { text, textPattern } from './texts';

/** The Georgian text of a catalogue key: the page is in Georgian. */
const ka = (key: string, params: Record<string, string | number> = {}) => text(key, params, 'ka');

describe.skipIf(chromiumMissing())('selling a reserved unit in a real browser, in Georgian', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  const suffix = uniqueSuffix();
  const COMPLEX = `E2E Reservation Sale ${suffix}`;
  const customerName = `Reservation Buyer ${suffix}`;
  let unit: { id: number; no: string };
  let customerId: number;

  beforeAll(async () => {
    api = await apiSession();
    await ensureUsdRate(api);
    const complex = await createComplex(api, COMPLEX, { A: 2 });
    unit = await createUnit(api, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: 'S101',
      floor: 1,
      area: 60,
      price: 84000,
    });
    customerId = (await createCustomer(api, customerName)).id;
    browser = await launch();
    ({ context, page } = await newPage(browser, 'ka'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('approves a reservation, converts it through the prefilled sale form, and the sale holds the unit', async () => {
    const reservation = await api.ok<{ id: number }>('POST', '/pre-sale-bookings', {
      property_id: unit.id,
      customer_id: customerId,
      hold_until: businessToday(new Date(Date.now() + 7 * 86_400_000)),
    });
    await page.goto(`${baseUrl()}/#/reservation/${reservation.id}`);
    /** The reservation's status, as its chip shows it. */
    const statusShown = (status: string) =>
      page.getByRole('main').getByText(ka(`deals.status.${status}`), { exact: true });
    await statusShown('pending').waitFor();
    await page.getByRole('button', { name: ka('deals.action.approved'), exact: true }).click();
    await expect.poll(() => statusShown('approved').count()).toBe(1);

    await page.getByRole('button', { name: ka('deals.action.converted'), exact: true }).click();
    await page.waitForURL(new RegExp(`sales/create\\?pre_sale_booking_id=${reservation.id}`));
    await page.getByText(ka('sales.from_reservation', { id: reservation.id, no: 'S101' }), { exact: true }).waitFor();
    await expect.poll(() => page.locator('input[name="customer_id"]').inputValue()).toBe(customerName);
    // the units chosen are chips (buttons named by the unit) in the group of the free units
    const chosen = page
      .getByRole('group', { name: ka('sales.free_units') })
      .getByRole('button', { name: textPattern('sales.unit_label', {}, 'ka') });
    await expect.poll(() => chosen.allTextContents()).toEqual([expect.stringContaining('№S101')]);
    await expect.poll(() => page.locator('input[name="price"]').inputValue()).toMatch(/^84000(\.00?)?$/);
    await page.getByRole('button', { name: ka('ra.action.save') }).click();

    await page.waitForURL(/#\/sales\/\d+$/);
    const saleId = Number(/sales\/(\d+)$/.exec(page.url())![1]);
    const sale = await api.ok<{ pre_sale_booking_id: number; customer_id: number; properties: Array<{ id: number }> }>(
      'GET',
      `/sales/${saleId}`,
    );
    expect(sale).toMatchObject({ pre_sale_booking_id: reservation.id, customer_id: customerId });
    expect(sale.properties.map((p) => p.id)).toEqual([unit.id]);
    const held = await api.ok<{ status: string; property_status: string }>(
      'GET',
      `/pre-sale-bookings/${reservation.id}`,
    );
    expect(held).toMatchObject({ status: 'converted', property_status: 'sold' });
    const sales = await api.ok<Array<{ id: number }>>('GET', `/sales?customer_id=${customerId}&perpage=0`);
    expect(sales.map((s) => s.id)).toEqual([saleId]);
  });
});
