import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createUnit, uniqueSuffix, type Api, type Complex } from './fixtures';
import { text } from './texts';

interface BoardUnit {
  id: number;
  status: string;
}

/** Every unit object in the board answer, wherever the layout puts it. */
const unitsIn = (node: unknown, found: BoardUnit[] = []): BoardUnit[] => {
  if (Array.isArray(node)) for (const n of node) unitsIn(n, found);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.id === 'number' && typeof o.status === 'string' && 'no' in o) found.push(o as unknown as BoardUnit);
    for (const v of Object.values(o)) unitsIn(v, found);
  }
  return found;
};

describe.skipIf(chromiumMissing())('barter deals in a real browser', () => {
  let browser: Browser;
  /** This file's own complex and free unit. */
  let complex: Complex;
  let unitId: number;
  let api: Api;
  const no = `B${uniqueSuffix().slice(-8)}`;
  beforeAll(async () => {
    api = await apiSession();
    complex = await createComplex(api, `E2E Barter ${uniqueSuffix()}`, { A: 5 });
    unitId = (
      await createUnit(api, {
        building_id: complex.id,
        block_id: complex.blocks.A,
        no,
        floor: 2,
        area: 55,
        price: 110000,
        currency: 'USD',
      })
    ).id;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gives a free unit to a counterparty through the form; the board then shows the unit as barter', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    /** The board's answer for this file's complex, as the signed-in user sees it. */
    const board = async () => (await api.call('GET', `/board/${complex.id}`)).body;

    await expect.poll(async () => unitsIn(await board()).find((u) => u.id === unitId)?.status).toBe('free');

    await page.goto(`${baseUrl()}/#/barter/create`);
    const counterparty = `E2E Glass ${no}`;
    await page.locator('input[name="counterparty"]').fill(counterparty);
    await page.locator('input[name="value"]').fill('42000');
    await page.locator('input[name="agreed_on"]').fill('01/03/2026');
    await page.getByRole('combobox', { name: new RegExp(`^${text('barter.pick_complex')}`) }).click();
    await page.getByRole('option', { name: complex.name, exact: true }).click();
    const units = page.getByRole('combobox', { name: new RegExp(`^${text('resources.barter.fields.property_ids')}`) });
    await units.click();
    await units.fill(no);
    await page.getByRole('option', { name: new RegExp(`№${no}$`) }).click();
    await page.getByRole('button', { name: text('ra.action.save') }).click();

    // The show page lists the unit given, a link to it in the section of the units given.
    await page.waitForURL(/#\/barter\/\d+\/show/);
    const given = page.getByRole('region', { name: text('barter.units_title'), exact: true });
    await expect.poll(() => given.getByRole('link', { name: no, exact: true }).count()).toBe(1);
    const counterpartyShown = page
      .getByRole('group', { name: text('resources.barter.fields.counterparty'), exact: true })
      .getByRole('definition');
    await expect.poll(() => counterpartyShown.textContent()).toBe(counterparty);

    // The board now paints the unit as barter.
    const after = unitsIn(await board());
    expect(after.find((u) => u.id === unitId)?.status).toBe('barter');
    await context.close();
  });
});
