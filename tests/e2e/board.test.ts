import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STATUS_COLOURS, type PropertyStatus } from '../../domain/inventory';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createUnits, uniqueSuffix, type Complex, type UnitInput } from './fixtures';
import { text } from './texts';
import { PHONE } from './walk';

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const STATUSES = Object.keys(STATUS_COLOURS) as PropertyStatus[];
/** A legend entry's text: the status's label, then its count. */
const entryText = (status: PropertyStatus) => new RegExp(`^${text(`enums.property_status.${status}`)}\\s*\\d+$`);

/** The legend, a group named "Status" of one button per status. */
const legend = (page: Page) => page.getByRole('group', { name: text('board.status'), exact: true });
const legendEntry = (page: Page, status: PropertyStatus) =>
  legend(page).getByRole('button', { name: entryText(status) });

/** Each legend entry's count by the status its label names. */
const legendCounts = async (page: Page) =>
  Object.fromEntries(
    (await legend(page).getByRole('button').allTextContents()).map((entry) => {
      const status = STATUSES.find((s) => entryText(s).test(entry));
      return [status ?? entry, Number(entry.match(/\d+$/)?.[0])];
    }),
  );

/** The grid of units, a region whose cells are buttons named by their unit's number. */
const grid = (page: Page) => page.getByRole('region', { name: text('board.units'), exact: true });
const cells = (page: Page) => grid(page).getByRole('button');
/** The cells a filter lights up (matches true) or dims (false); the colour follows data-status. */
const cellsWhere = (page: Page, attribute: 'matches' | 'status', value: string) =>
  cells(page).and(page.locator(`[data-${attribute}="${value}"]`));

/** A block's button among the board's blocks, named by the block. */
const blockButton = (page: Page, name: string) =>
  page
    .getByRole('group', { name: text('board.block'), exact: true })
    .getByRole('button', { name: `${text('board.block')} ${name}`, exact: true });

/**
 * Picks a complex the way a salesperson does: the board opens on the first complex by name (which other suites'
 * complexes may precede); once it has, type in its box and choose.
 */
async function chooseComplex(page: Page, typed: string, name: string) {
  const complex = page.getByRole('combobox', { name: text('board.building'), exact: true });
  await expect.poll(() => complex.inputValue()).not.toBe('');
  await complex.click();
  await complex.fill('');
  await complex.fill(typed);
  await page.getByRole('option', { name }).click();
  await expect.poll(() => complex.inputValue()).toBe(name);
}

/**
 * Two complexes of this file's own, so no other file's sales, reservations or new units change what is counted here:
 * a tower (block 1: 25 floors × 9 units, every third a two-room flat, the top floor held back; block 2: 4 floors)
 * and a park (block A with parking P-1…P-6, block B of 8 floors × 4 units, a few held back).
 */
async function makeComplexes(): Promise<{ tower: Complex; park: Complex }> {
  const api = await apiSession();
  const suffix = uniqueSuffix();
  const tower = await createComplex(api, `E2E Board Tower ${suffix}`, { '1': 25, '2': 4 });
  const park = await createComplex(api, `E2E Board Park ${suffix}`, { A: 5, B: 8 });
  const units: UnitInput[] = [];
  let n = 0;
  for (let floor = 1; floor <= 25; floor++)
    for (let i = 0; i < 9; i++) {
      n++;
      units.push({
        building_id: tower.id,
        block_id: tower.blocks['1'],
        no: String(n),
        floor,
        area: 50 + i,
        rooms: n % 3 === 0 ? 2 : 1 + (n % 3) * 2,
        status: floor === 25 ? 'not_for_sale' : 'free',
      });
    }
  for (let floor = 1; floor <= 4; floor++)
    for (let i = 0; i < 3; i++)
      units.push({
        building_id: tower.id,
        block_id: tower.blocks['2'],
        no: `2-${floor}${i}`,
        floor,
        area: 70,
        rooms: 3,
      });
  for (let floor = 1; floor <= 5; floor++)
    for (let i = 0; i < 2; i++)
      units.push({ building_id: park.id, block_id: park.blocks.A, no: `A-${floor}${i}`, floor, area: 80, rooms: 3 });
  for (let i = 1; i <= 6; i++)
    units.push({ building_id: park.id, block_id: park.blocks.A, no: `P-${i}`, floor: -1, area: 15, type: 'parking' });
  for (let floor = 1; floor <= 8; floor++)
    for (let i = 0; i < 4; i++)
      units.push({
        building_id: park.id,
        block_id: park.blocks.B,
        no: `B-${floor}${i}`,
        floor,
        area: 60,
        rooms: 2,
        status: i === 3 && floor % 2 === 0 ? 'not_for_sale' : 'free',
      });
  await createUnits(api, units);
  return { tower, park };
}

describe.skipIf(chromiumMissing())('the availability board in a real browser', () => {
  let browser: Browser;
  let tower: Complex;
  let park: Complex;
  beforeAll(async () => {
    ({ tower, park } = await makeComplexes());
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a complex floor by floor in status colours, dims what a filter leaves out, opens a unit', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/properties/board`);

    // Pick a complex the way a salesperson does: type in the complex box and choose it.
    await chooseComplex(page, tower.name.slice(0, -2), tower.name);
    await page.waitForURL(/building=\d+/);
    await blockButton(page, '1').waitFor();

    await cells(page).first().waitFor();
    const total = await cells(page).count();
    expect(total).toBeGreaterThan(200);

    // The legend counts every unit once, by status, and most of the complex is free.
    const counts = await legendCounts(page);
    expect(Object.keys(counts).sort()).toEqual([...STATUSES].sort());
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(total);
    expect(counts.free).toBeGreaterThan(total / 2);
    await expect(legendEntry(page, 'free').textContent()).resolves.toBe(
      `${text('enums.property_status.free')} ${counts.free}`,
    );

    // Floors read from the top down; each cell wears its status colour.
    const floors = (
      await grid(page)
        .getByRole('heading', { name: new RegExp(`^${text('board.floor')} -?\\d+$`) })
        .allTextContents()
    ).map(Number);
    expect(floors[0]).toBe(25);
    expect(floors).toEqual([...floors].sort((a, b) => b - a));
    const free = cellsWhere(page, 'status', 'free').first();
    await expect(free.evaluate((e) => getComputedStyle(e).backgroundColor)).resolves.toBe(rgb(STATUS_COLOURS.free));
    const held = cellsWhere(page, 'status', 'not_for_sale').first();
    await expect(held.evaluate((e) => getComputedStyle(e).backgroundColor)).resolves.toBe(
      rgb(STATUS_COLOURS.not_for_sale),
    );

    // Two-room flats only: every cell stays where it is, the others go grey.
    await page.getByRole('combobox', { name: new RegExp(`^${text('board.rooms')}`) }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.waitForURL(/rooms=2/);
    const dimmed = cellsWhere(page, 'matches', 'false');
    await dimmed.first().waitFor();
    expect(await cells(page).count()).toBe(total);
    const lit = cellsWhere(page, 'matches', 'true');
    const litCount = await lit.count();
    expect(litCount).toBeGreaterThan(10);
    expect(litCount).toBeLessThan(total / 2);
    const filteredCounts = await legendCounts(page);
    expect(Object.values(filteredCounts).reduce((a, b) => a + b, 0)).toBe(litCount);
    const look = (cell: typeof lit) =>
      cell
        .first()
        .evaluate((e) => ({ opacity: Number(getComputedStyle(e).opacity), filter: getComputedStyle(e).filter }));
    // Polled: the cells fade with a CSS transition.
    await expect.poll(() => look(dimmed)).toMatchObject({ filter: 'grayscale(1)' });
    await expect.poll(async () => (await look(dimmed)).opacity).toBeLessThan(0.5);
    await expect.poll(async () => (await look(lit)).opacity).toBe(1);

    // Hovering shows the unit's details; clicking opens it.
    const target = lit.nth(3);
    const unitId = await target.getAttribute('data-unit-id');
    const no = await target.getAttribute('data-no');
    await target.hover();
    const details = page.getByRole('tooltip').filter({ hasText: `${text('board.unit')} ${no}` });
    await details.waitFor();
    await expect(details.textContent()).resolves.toMatch(new RegExp(`${text('board.rooms')}2`));
    const isFree = (await target.getAttribute('data-status')) === 'free';
    await target.click();
    // a free unit offers its actions on a click; "Open the unit" is the first of them
    if (isFree) await page.getByRole('menuitem', { name: text('board.menu_open') }).click();
    await page.waitForURL(new RegExp(`#/properties/${unitId}/show$`));

    // Back on the board, the same complex and filter are still chosen.
    await page.goBack();
    await page.waitForURL(/rooms=2/);
    await cellsWhere(page, 'matches', 'false').first().waitFor();
    await context.close();
  });

  it('shows one block, and lights up one status from the legend', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/properties/board`);
    await chooseComplex(page, park.name.slice(0, -2), park.name);
    await blockButton(page, 'B').click();
    await page.waitForURL(/block=\d+/);
    // block A's parking P-1…P-6 leave the grid, block B's units stay
    await expect.poll(() => grid(page).getByRole('button', { name: /^P-/ }).count()).toBe(0);
    await grid(page).getByRole('button', { name: /^B-/ }).first().waitFor();
    const blockCells = await cells(page).count();
    expect(blockCells).toBe(Object.values(await legendCounts(page)).reduce((a, b) => a + b, 0));

    await legendEntry(page, 'not_for_sale').click();
    await page.waitForURL(/status=not_for_sale/);
    await cellsWhere(page, 'matches', 'false').first().waitFor();
    const lit = await cellsWhere(page, 'matches', 'true').evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-status')),
    );
    expect(lit.length).toBe((await legendCounts(page)).not_for_sale);
    expect(new Set(lit)).toEqual(new Set(['not_for_sale']));
    await context.close();
  });

  it('on a phone, a unit’s card stays within the screen wherever its cell stands', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.getByRole('button', { name: text('ra.action.close_menu'), exact: true }).click();
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl()}/#/properties/board`);
    await chooseComplex(page, tower.name.slice(0, -2), tower.name);
    // the first complex's cells stay until the tower's arrive: wait for the tower's blocks and its many units
    await page.waitForURL(new RegExp(`building=${tower.id}\\b`));
    await blockButton(page, '1').waitFor();
    const all = cells(page);
    await expect.poll(() => all.count()).toBeGreaterThan(200);
    // the first cell, the last, and the one nearest the middle of the screen: no room on either side for the card
    const middles = await all.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x + e.clientWidth / 2));
    const central = middles.reduce((best, x, i) => (Math.abs(x - 195) < Math.abs(middles[best] - 195) ? i : best), 0);
    for (const index of [0, central, middles.length - 1]) {
      const cell = all.nth(index);
      await cell.scrollIntoViewIfNeeded();
      await cell.hover();
      const no = await cell.getAttribute('data-no');
      const card = page.getByRole('tooltip').filter({ hasText: `${text('board.unit')} ${no}` });
      await card.waitFor();
      const box = (await card.boundingBox())!;
      expect(box.x, `unit ${no}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `unit ${no}`).toBeLessThanOrEqual(PHONE.width);
    }
    await context.close();
  });
});
