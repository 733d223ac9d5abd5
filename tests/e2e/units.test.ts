import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, searchList, signIn } from './browser';
import { apiSession, createComplex, uniqueSuffix } from './fixtures';

/** This file's own complex, empty until the form adds units to it; the price list on its floor touches only them. */
const COMPLEX = `E2E Units ${uniqueSuffix()}`;
const FLOOR = '77';

describe.skipIf(chromiumMissing())('units in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const stamp = `E${Date.now().toString(36).toUpperCase()}`;
  const first = `${stamp}-1`;
  const second = `${stamp}-2`;
  let firstId: string;

  beforeAll(async () => {
    await createComplex(await apiSession(), COMPLEX, { A: 80 });
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const choose = async (scope: Page | ReturnType<Page['locator']>, id: string, option: string) => {
    await scope.locator(`div:has(> input[name="${id}"]) > [role="combobox"]`).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const rowOf = (no: string) =>
    page.locator('table tbody tr', { has: page.locator('td', { hasText: new RegExp(`^${no}$`) }) });

  const addUnit = async (no: string, area: string, perM2: string, status?: string) => {
    await page.goto(`${baseUrl()}/#/properties/create`);
    await choose(page, 'building_id', COMPLEX);
    await page.locator('input[name="no"]').fill(no);
    await page.locator('input[name="floor"]').fill(FLOOR);
    await page.locator('input[name="rooms"]').fill('2');
    await page.locator('input[name="area"]').fill(area);
    await page.locator('input[name="price_per_m2"]').fill(perM2);
    if (status) await choose(page, 'status', status);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/#\/properties\/\d+\/show/);
    return page.url().match(/properties\/(\d+)\/show/)![1];
  };

  it('adds units to a complex through the form; the price is worked out as the user types', async () => {
    await page.goto(`${baseUrl()}/#/properties/create`);
    await page.locator('input[name="area"]').fill('64.30');
    await page.locator('input[name="price_per_m2"]').fill('1234.57');
    await expect.poll(() => page.locator('input[name="price"]').inputValue()).toBe('79382.85');
    await page.locator('input[name="price"]').fill('100000');
    await expect.poll(() => page.locator('input[name="price_per_m2"]').inputValue()).toBe('1555.21');

    firstId = await addUnit(first, '64.30', '1234.57');
    await expect(page.getByTestId('property-price').textContent()).resolves.toBe('79,382.85 USD');
    await expect(page.locator('[data-status="free"]').first().textContent()).resolves.toBe('Free');

    await addUnit(second, '40.00', '1000', 'Not for sale');
    await expect(page.getByTestId('property-price').textContent()).resolves.toBe('40,000.00 USD');
    await expect(page.locator('[data-status="not_for_sale"]').first().textContent()).resolves.toBe('Not for sale');
  });

  it('refuses a number already used, with the message on the field', async () => {
    await page.goto(`${baseUrl()}/#/properties/create`);
    await choose(page, 'building_id', COMPLEX);
    await page.locator('input[name="no"]').fill(first);
    await page.locator('input[name="floor"]').fill(FLOOR);
    await page.locator('input[name="area"]').fill('50');
    await page.locator('button[type="submit"]').click();
    await page.getByText(`Unit number ${first} is already used in ${COMPLEX}`).waitFor();
    expect(page.url()).toMatch(/properties\/create/);
  });

  it('filters the list by status with the chips of the filter panel', async () => {
    await page.goto(`${baseUrl()}/#/properties`);
    await page.getByTestId('property-filters').waitFor();
    await searchList(page, stamp);
    await rowOf(first).waitFor();
    await rowOf(second).waitFor();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);

    await page.locator('[data-status-filter="not_for_sale"]').click();
    await rowOf(first).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    await expect(rowOf(second).locator('[data-status="not_for_sale"]').textContent()).resolves.toBe('Not for sale');

    await page.locator('[data-status-filter="free"]').click();
    await rowOf(first).waitFor();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);
    await page.locator('[data-status-filter="free"]').click();
    await page.locator('[data-status-filter="not_for_sale"]').click();
  });

  it('opens a unit from the list: its page first shows the listed row, then the unit with its features', async () => {
    // a fresh page, so no answer of the unit's own is kept from when it was made
    await page.goto(`${baseUrl()}/#/properties`);
    await page.reload();
    await searchList(page, stamp);
    await rowOf(second).click();
    await page.waitForURL(/#\/properties\/\d+\/show/);
    await page.getByText('No features marked').waitFor();
    await expect(page.getByTestId('property-price').textContent()).resolves.toBe('40,000.00 USD');
    expect(await page.getByText('An unexpected error occurred').count()).toBe(0);
  });

  it('applies a price list to a floor of the complex and shows the new prices', async () => {
    await page.goto(`${baseUrl()}/#/properties`);
    await searchList(page, stamp);
    await rowOf(first).waitFor();
    await page.getByTestId('set-prices').click();
    const dialog = page.getByTestId('price-dialog');
    await dialog.waitFor();
    await choose(dialog, 'building_id', COMPLEX);
    await dialog.locator('input[name="floor_from"]').fill(FLOOR);
    await dialog.locator('input[name="floor_to"]').fill(FLOOR);
    await dialog.locator('input[name="price_per_m2"]').fill('2000.50');
    await dialog.getByTestId('price-save').click();
    await page.getByText('The price list was applied: 2 units repriced').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // 64.30 × 2000.50 = 128632.15; 40.00 × 2000.50 = 80020.00
    await rowOf(first).locator('td', { hasText: '128,632.15 USD' }).waitFor();
    await rowOf(second).locator('td', { hasText: '80,020.00 USD' }).waitFor();

    await page.goto(`${baseUrl()}/#/prices`);
    const list = page.locator('table tbody tr', { hasText: `Whole building · Floors ${FLOOR}–${FLOOR}` }).first();
    await list.waitFor();
    await expect(list.textContent()).resolves.toContain('2,000.50 USD');
    await expect(list.locator('td').nth(4).textContent()).resolves.toBe('2');
  });

  it('splits a unit: the parts editor shows the area left, and the unit’s page then shows its parts', async () => {
    await page.goto(`${baseUrl()}/#/properties/${firstId}/show`);
    await page.getByTestId('split-open').click();
    const dialog = page.getByTestId('split-dialog');
    await dialog.waitFor();
    await expect(dialog.getByTestId('split-remaining').textContent()).resolves.toBe('Area left to divide: 64.30 m²');
    await dialog.locator('input[name="parts.0.area"]').fill('30.15');
    await expect(dialog.getByTestId('split-remaining').textContent()).resolves.toBe('Area left to divide: 34.15 m²');
    await dialog.locator('input[name="parts.1.area"]').fill('35');
    await expect(dialog.getByTestId('split-remaining').textContent()).resolves.toBe(
      'The parts exceed the unit by 0.85 m²',
    );
    await expect(dialog.getByTestId('split-save').isDisabled()).resolves.toBe(true);
    await dialog.locator('input[name="parts.1.area"]').fill('34.15');
    await expect(dialog.getByTestId('split-remaining').textContent()).resolves.toBe(
      'The areas add up to the unit’s 64.30 m²',
    );
    await dialog.getByTestId('split-save').click();
    await page.getByText('The unit was split into 2 parts').waitFor();
    await page.getByText('This unit was split and is no longer on sale.').waitFor();
    await expect(page.getByTestId('property-parts').textContent()).resolves.toContain(`${first}-1 · 30.15 m²`);
    await expect(page.getByTestId('property-parts').textContent()).resolves.toContain(`${first}-2 · 34.15 m²`);
    await expect(page.getByTestId('split-open').count()).resolves.toBe(0);

    await page.goto(`${baseUrl()}/#/properties`);
    await searchList(page, stamp);
    await rowOf(`${first}-1`).waitFor();
    await expect(rowOf(first).count()).resolves.toBe(0);
    // The parts keep the price per m² the list gave: 30.15 × 2000.50 = 60315.08 (60315.075, half-up)
    await rowOf(`${first}-1`).locator('td', { hasText: '60,315.08 USD' }).waitFor();
  });
});
