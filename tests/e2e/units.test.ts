import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, searchList, signIn } from './browser';
import { apiSession, createComplex, uniqueSuffix, type Api, type Complex } from './fixtures';
import { text } from './texts';

/**
 * This file's own complex. Each test puts its units on a floor of its own, numbered with a series of its own, so the
 * price list on the price test's floor touches only that test's units and a search finds only the test's own.
 */
const COMPLEX = `E2E Units ${uniqueSuffix()}`;
const FLOORS = { form: 77, refused: 76, filters: 75, opened: 74, prices: 78, split: 73 };

describe.skipIf(chromiumMissing())('units in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  let complex: Complex;
  const stamp = `E${Date.now().toString(36).toUpperCase()}`;
  /** The numbers of one test's units: a series of its own, searched by its prefix. */
  const series = (tag: string) => `${stamp}${tag}`;

  beforeAll(async () => {
    api = await apiSession();
    complex = await createComplex(api, COMPLEX, { A: 80 });
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** A unit of this file's complex made through the API, in no block as the form makes it, at area × price per m². */
  const unitOf = (no: string, floor: number, area: number, perM2: number, status?: 'not_for_sale') =>
    api.ok<{ id: number }>('POST', '/properties', {
      building_id: complex.id,
      no,
      floor,
      area,
      price_per_m2: perM2,
      currency: 'USD',
      ...(status ? { status } : {}),
    });

  const field = (name: string) => text(`resources.properties.fields.${name}`);
  /** Opens a select named by its label (a required one's label ends with " *") and picks an option. */
  const choose = async (scope: Page | Locator, label: string, option: string) => {
    await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  /** A table's rows of data, its heading row left out. */
  /** The units list with no filter of its own: a list otherwise opens with the filters it had last. */
  const unitsList = `${baseUrl()}/#/properties?filter=${encodeURIComponent('{}')}`;
  const bodyRows = () => page.getByRole('row').filter({ has: page.getByRole('cell') });
  const rowOf = (no: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: no, exact: true }) });
  const save = () => page.getByRole('button', { name: text('ra.action.save') }).click();
  /** The unit page's price, its detail named "Price". */
  const shownPrice = () =>
    page
      .getByRole('group', { name: field('price'), exact: true })
      .getByRole('definition')
      .textContent();
  const status = (key: string) => text(`enums.property_status.${key}`);

  const addUnit = async (no: string, area: string, perM2: string, statusLabel?: string) => {
    await page.goto(`${baseUrl()}/#/properties/create`);
    await choose(page, field('building_id'), COMPLEX);
    await page.locator('input[name="no"]').fill(no);
    await page.locator('input[name="floor"]').fill(String(FLOORS.form));
    await page.locator('input[name="rooms"]').fill('2');
    await page.locator('input[name="area"]').fill(area);
    await page.locator('input[name="price_per_m2"]').fill(perM2);
    if (statusLabel) await choose(page, field('status'), statusLabel);
    await save();
    await page.waitForURL(/#\/properties\/\d+\/show/);
  };

  it('adds units to a complex through the form; the price is worked out as the user types', async () => {
    await page.goto(`${baseUrl()}/#/properties/create`);
    await page.locator('input[name="area"]').fill('64.30');
    await page.locator('input[name="price_per_m2"]').fill('1234.57');
    await expect.poll(() => page.locator('input[name="price"]').inputValue()).toBe('79382.85');
    await page.locator('input[name="price"]').fill('100000');
    await expect.poll(() => page.locator('input[name="price_per_m2"]').inputValue()).toBe('1555.21');

    await addUnit(`${series('A')}-1`, '64.30', '1234.57');
    await expect.poll(shownPrice).toBe('79,382.85 USD');
    await page.getByText(status('free'), { exact: true }).waitFor();

    await addUnit(`${series('A')}-2`, '40.00', '1000', status('not_for_sale'));
    await expect.poll(shownPrice).toBe('40,000.00 USD');
    await page.getByText(status('not_for_sale'), { exact: true }).waitFor();
  });

  it('refuses a number already used, with the message on the field', async () => {
    const no = `${series('B')}-1`;
    await unitOf(no, FLOORS.refused, 50, 1000);
    await page.goto(`${baseUrl()}/#/properties/create`);
    await choose(page, field('building_id'), COMPLEX);
    await page.locator('input[name="no"]').fill(no);
    await page.locator('input[name="floor"]').fill(String(FLOORS.refused));
    await page.locator('input[name="area"]').fill('50');
    await save();
    await page.getByText(text('units.number_taken_building', { no, building: COMPLEX })).waitFor();
    expect(page.url()).toMatch(/properties\/create/);
  });

  it('filters the list by status with the chips of the filter panel', async () => {
    const free = `${series('C')}-1`;
    const held = `${series('C')}-2`;
    await unitOf(free, FLOORS.filters, 64.3, 1000);
    await unitOf(held, FLOORS.filters, 40, 1000, 'not_for_sale');
    await page.goto(unitsList);
    const panel = page.getByRole('region', { name: text('units.filters'), exact: true });
    await panel.waitFor();
    /** The panel's status chip, a toggle button named by the status. */
    const chip = (key: string) =>
      panel
        .getByRole('group', { name: field('status'), exact: true })
        .getByRole('button', { name: status(key), exact: true });
    await searchList(page, series('C'));
    await rowOf(free).waitFor();
    await rowOf(held).waitFor();
    await expect.poll(() => bodyRows().count()).toBe(2);

    await chip('not_for_sale').click();
    await rowOf(free).waitFor({ state: 'detached' });
    await expect.poll(() => bodyRows().count()).toBe(1);
    await rowOf(held).getByText(status('not_for_sale'), { exact: true }).waitFor();

    await chip('free').click();
    await rowOf(free).waitFor();
    await expect.poll(() => bodyRows().count()).toBe(2);
    await chip('free').click();
    await chip('not_for_sale').click();
  });

  it('opens a unit from the list: its page first shows the listed row, then the unit with its features', async () => {
    const no = `${series('D')}-1`;
    await unitOf(no, FLOORS.opened, 40, 1000);
    // a fresh page, so no answer of the unit's own is kept from when it was made
    await page.goto(unitsList);
    await page.reload();
    await searchList(page, series('D'));
    await rowOf(no).click();
    await page.waitForURL(/#\/properties\/\d+\/show/);
    await page.getByText(text('units.no_features')).waitFor();
    expect(await shownPrice()).toBe('40,000.00 USD');
    expect(await page.getByText(text('app.error_unexpected')).count()).toBe(0);
  });

  it('applies a price list to a floor of the complex and shows the new prices', async () => {
    const first = `${series('E')}-1`;
    const second = `${series('E')}-2`;
    await unitOf(first, FLOORS.prices, 64.3, 1234.57);
    await unitOf(second, FLOORS.prices, 40, 1000, 'not_for_sale');
    const floor = String(FLOORS.prices);
    await page.goto(unitsList);
    await searchList(page, series('E'));
    await rowOf(first).waitFor();
    await page.getByRole('button', { name: text('units.set_prices') }).click();
    const dialog = page.getByRole('dialog', { name: text('units.price_new') });
    await dialog.waitFor();
    await choose(dialog, text('resources.prices.fields.building_id'), COMPLEX);
    await dialog.locator('input[name="floor_from"]').fill(floor);
    await dialog.locator('input[name="floor_to"]').fill(floor);
    await dialog.locator('input[name="price_per_m2"]').fill('2000.50');
    await dialog.getByRole('button', { name: text('ra.action.save') }).click();
    await page.getByText(text('units.price_applied', { count: 2 })).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // 64.30 × 2000.50 = 128632.15; 40.00 × 2000.50 = 80020.00
    await rowOf(first).getByRole('cell', { name: '128,632.15 USD' }).waitFor();
    await rowOf(second).getByRole('cell', { name: '80,020.00 USD' }).waitFor();

    await page.goto(`${baseUrl()}/#/prices`);
    const target = `${text('units.whole_building')} · ${text('units.floors', { from: floor, to: floor })}`;
    const list = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: COMPLEX, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: target, exact: true }) });
    await list.waitFor();
    await expect(list.textContent()).resolves.toContain('2,000.50 USD');
    await expect(list.getByRole('cell').nth(4).textContent()).resolves.toBe('2');
  });

  it('splits a unit: the parts editor shows the area left, and the unit’s page then shows its parts', async () => {
    const no = `${series('F')}-1`;
    // priced at 2,000.50 per m², as a price list leaves it
    const { id } = await unitOf(no, FLOORS.split, 64.3, 2000.5);
    await page.goto(`${baseUrl()}/#/properties/${id}/show`);
    await page.getByRole('button', { name: text('units.split'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('units.split_title', { no }) });
    await dialog.waitFor();
    /** The area still to divide, the dialog's live note. */
    const left = () => dialog.getByRole('alert').textContent();
    await expect.poll(left).toBe(text('units.area_left', { area: '64.30' }));
    await dialog.locator('input[name="parts.0.area"]').fill('30.15');
    await expect.poll(left).toBe(text('units.area_left', { area: '34.15' }));
    await dialog.locator('input[name="parts.1.area"]').fill('35');
    await expect.poll(left).toBe(text('units.area_over', { area: '0.85' }));
    const split = dialog.getByRole('button', { name: text('units.split'), exact: true });
    await expect(split.isDisabled()).resolves.toBe(true);
    await dialog.locator('input[name="parts.1.area"]').fill('34.15');
    await expect.poll(left).toBe(text('units.area_done', { area: '64.30' }));
    await split.click();
    await page.getByText(text('units.split_done', { count: 2 })).waitFor();
    await page.getByText(text('units.archived_note')).waitFor();
    // the parts are links to their units, named by number and area
    await page.getByRole('link', { name: `${no}-1 · 30.15 ${text('units.m2')}`, exact: true }).waitFor();
    await page.getByRole('link', { name: `${no}-2 · 34.15 ${text('units.m2')}`, exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: text('units.split'), exact: true }).count()).toBe(0);

    await page.goto(unitsList);
    await searchList(page, series('F'));
    await rowOf(`${no}-1`).waitFor();
    await expect(rowOf(no).count()).resolves.toBe(0);
    // The parts keep the price per m² the list gave: 30.15 × 2000.50 = 60315.08 (60315.075, half-up)
    await rowOf(`${no}-1`).getByRole('cell', { name: '60,315.08 USD' }).waitFor();
  });
});
