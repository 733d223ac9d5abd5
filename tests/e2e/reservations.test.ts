import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, boardCell, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createUnits, uniqueSuffix } from './fixtures';
import { text } from './texts';

interface Unit {
  id: number;
  no: string;
  building_id: number;
}

describe.skipIf(chromiumMissing())('reserving a unit in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const suffix = uniqueSuffix();
  /** This file's own complex of free units and its own customer. */
  const COMPLEX = `E2E Reservations ${suffix}`;
  const customerName = `Reservation Customer ${suffix}`;
  let buildingId: number;

  /** A call to the API as the signed-in user (the token the app keeps). */
  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    page.evaluate(
      async ({ path, init }) => {
        const response = await fetch(`/api${path}`, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}`, 'content-type': 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        return { status: response.status, body: await response.json() };
      },
      { path, init },
    ) as Promise<{ status: number; body: T }>;

  /** Free units of the complex whose number no other free unit there shares, so the picker shows one option. */
  const freeUnits = async () => {
    const { body } = await call<{ data: Unit[] }>(`/properties?status=free&building_id=${buildingId}&perpage=0`);
    const counts = new Map<string, number>();
    body.data.forEach((u) => counts.set(u.no, (counts.get(u.no) ?? 0) + 1));
    return body.data.filter((u) => counts.get(u.no) === 1);
  };
  const cellOf = (unit: Unit) => boardCell(page, unit.no);
  /** Opens the board of this file's complex and waits for the unit's cell. */
  const openBoard = async (unit: Unit) => {
    await page.goto(`${baseUrl()}/#/properties/board?building=${buildingId}`);
    await page.reload(); // the board's last answer may be cached; a reservation has changed it
    await cellOf(unit).waitFor();
  };
  /** A reservation's status, as its chip shows it. */
  const statusShown = (within: Locator, status: string) =>
    within.getByText(text(`deals.status.${status}`), { exact: true });
  const chooseCustomer = async () => {
    const input = page.locator('input[name="customer_id"]');
    await input.click();
    await input.fill(customerName.slice(0, 18));
    await page.getByRole('option', { name: customerName, exact: true }).click();
  };

  beforeAll(async () => {
    const api = await apiSession();
    const complex = await createComplex(api, COMPLEX, { A: 4 });
    buildingId = complex.id;
    const units = [];
    for (let floor = 1; floor <= 4; floor++)
      for (let i = 1; i <= 3; i++)
        units.push({
          building_id: buildingId,
          block_id: complex.blocks.A,
          no: `R${floor}0${i}`,
          floor,
          area: 55,
          rooms: 2,
        });
    await createUnits(api, units);
    await createCustomer(api, customerName);
    browser = await launch();
    ({ context, page } = await newPage(browser, 'en'));
    await signIn(page, 'admin@demo.ge');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('reserves a free unit through /reservation/create, and the board shows it pre-booked', async () => {
    const [unit] = (await freeUnits()).slice(-1);
    await openBoard(unit);
    await expect.poll(() => cellOf(unit).getAttribute('data-status')).toBe('free');

    await page.goto(`${baseUrl()}/#/reservation/create`);
    await page.locator('div:has(> input[name="building_id"]) > [role="combobox"]').click();
    await page.getByRole('option', { name: COMPLEX, exact: true }).click();
    const unitInput = page.locator('input[name="property_id"]');
    await unitInput.click();
    await unitInput.fill(unit.no);
    await page.getByRole('option', { name: unit.no, exact: true }).click();
    await chooseCustomer();
    await page.locator('textarea[name="note"]').fill('Viewing on Saturday');
    await page.getByRole('button', { name: text('ra.action.save') }).click();

    await page.waitForURL(/#\/reservation(\?|$)/);
    const row = page.getByRole('row').filter({ hasText: customerName }).filter({ hasText: unit.no });
    await expect.poll(() => statusShown(row, 'pending').count()).toBe(1);

    // its page: the details, Home / Reservations / the unit, a comment
    await row.getByText(unit.no, { exact: true }).click();
    await page.waitForURL(/#\/reservation\/\d+$/);
    await page
      .getByRole('group', { name: text('resources.pre-sale-bookings.fields.note') })
      .getByRole('definition')
      .getByText('Viewing on Saturday')
      .waitFor();
    const breadcrumbs = page.getByRole('navigation', { name: text('breadcrumbs.label') });
    await breadcrumbs.getByText(unit.no).waitFor();
    expect(await breadcrumbs.getByRole('listitem').allTextContents()).toEqual([
      text('menu.home'),
      text('menu.reservation'),
      unit.no,
    ]);
    await page.getByPlaceholder(text('comments.placeholder')).fill('Calls back on Monday');
    await page.getByRole('button', { name: text('comments.add') }).click();
    await page.getByText('Calls back on Monday', { exact: true }).waitFor();

    await openBoard(unit);
    await expect.poll(() => cellOf(unit).getAttribute('data-status')).toBe('pre_booked');
  });

  it('reserves a free unit from the board’s context action, and a rejected reservation frees it again', async () => {
    const [unit] = await freeUnits();
    await openBoard(unit);
    await expect.poll(() => cellOf(unit).getAttribute('data-status')).toBe('free');
    await cellOf(unit).click({ button: 'right' });
    await page.getByRole('menuitem', { name: text('deals.reserve') }).click();
    await page.waitForURL(new RegExp(`reservation/create\\?property_id=${unit.id}`));
    await expect.poll(() => page.locator('input[name="property_id"]').inputValue()).not.toBe('');
    await chooseCustomer();
    await page.getByRole('button', { name: text('ra.action.save') }).click();
    await page.waitForURL(/#\/reservation(\?|$)/);

    await openBoard(unit);
    await expect.poll(() => cellOf(unit).getAttribute('data-status')).toBe('pre_booked');

    await page.goto(`${baseUrl()}/#/reservation`);
    const row = page.getByRole('row').filter({ hasText: customerName }).filter({ hasText: unit.no });
    await row.getByRole('button', { name: text('deals.action.rejected') }).click();
    await expect.poll(() => statusShown(row, 'rejected').count()).toBe(1);
    await openBoard(unit);
    await expect.poll(() => cellOf(unit).getAttribute('data-status')).toBe('free');
  });
  it('books a free unit on /bookings/create, and the board shows it booked', async () => {
    const [unit] = (await freeUnits()).slice(-3, -2);
    await page.goto(`${baseUrl()}/#/bookings/create`);
    const complexBox = page.locator('div:has(> input[name="building_id"]) > [role="combobox"]');
    // on a busy CI machine a first choice was once seen lost, the form empty after it (not seen alone, cause
    // unknown): the complex is chosen until its box shows it, as a person would look before going on
    await expect
      .poll(async () => {
        if ((await complexBox.textContent()) !== COMPLEX) {
          await complexBox.click();
          await page.getByRole('option', { name: COMPLEX, exact: true }).click();
        }
        return complexBox.textContent();
      })
      .toBe(COMPLEX);
    const unitInput = page.locator('input[name="property_id"]');
    await unitInput.click();
    await unitInput.fill(unit.no);
    await page.getByRole('option', { name: unit.no, exact: true }).click();
    await chooseCustomer();
    await page.locator('input[name="period_from"]').fill('01/05/2030');
    await page.locator('input[name="period_to"]').fill('31/05/2030');
    await page.locator('input[name="price"]').fill('1200');
    await page.getByRole('button', { name: text('ra.action.save') }).click();
    await page.waitForURL(/#\/bookings\/\d+\/show/);
    await expect.poll(() => page.getByText(customerName).count()).toBeGreaterThan(0);

    await openBoard(unit);
    await expect.poll(() => cellOf(unit).getAttribute('data-status')).toBe('booked');
  });
});
