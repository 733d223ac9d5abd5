import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';

/** A message key shown as it is ('resources.sales.fields.price'): a text the catalogue lacks. */
const RAW_KEY = /\b[a-z_]+\.[a-z_]+(\.[a-z_]+)+\b/g;

/**
 * Opens every page of the user's menu, then the first record of each list on it, and answers what went wrong on the way:
 * errors the page logged, calls the server refused or failed, untranslated keys on screen.
 */
async function walkMenu(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error on ${page.url()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} on ${page.url()}: ${r.request().method()} ${r.url()}`);
  });
  /** Waits until the page's data is in: no progress shown and its text the same twice in a row. */
  const settle = async () => {
    let text = '';
    for (let i = 0; i < 40; i++) {
      await page.waitForTimeout(250);
      const loading = await page
        .locator('#main-content [role="progressbar"]:not([aria-valuenow]), #main-content .MuiSkeleton-root')
        .count();
      const now = await page.locator('#main-content').innerText();
      if (!loading && now === text) break;
      text = now;
    }
    const raw = text.match(RAW_KEY);
    if (raw) problems.push(`untranslated on ${page.url()}: ${[...new Set(raw)].join(', ')}`);
  };

  let recordsOpened = 0;
  const menu = page.getByTestId('side-menu');
  for (let round = 0; round < 3; round++) {
    const closed = menu.locator('[aria-expanded="false"]');
    for (let n = await closed.count(); n > 0; n--) await closed.first().click();
  }
  const addresses = [
    ...new Set(await menu.locator('a[href^="#/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))),
  ];
  for (const address of addresses) {
    await page.goto(`${baseUrl()}/${address}`);
    await settle();
    const firstRow = page.locator('#main-content table tbody tr').first();
    // a list opens its record on a click of the row: the page then shows the listed row until the record's own answer
    if ((await firstRow.count()) && (await firstRow.locator('td').count()) > 1) {
      await firstRow.locator('td').nth(1).click();
      await settle();
      if (/\/\d+(\/show)?$/.test(page.url())) recordsOpened++;
    }
  }
  // a screen behind a page's button rather than the menu: the sales import dialog
  if (addresses.includes('#/sales')) {
    await page.goto(`${baseUrl()}/#/sales`);
    await settle();
    const importButton = page.getByTestId('sales-import');
    if (await importButton.count()) {
      await importButton.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const raw = (await dialog.innerText()).match(RAW_KEY);
      if (raw) problems.push(`untranslated in the sales import: ${[...new Set(raw)].join(', ')}`);
      await page.keyboard.press('Escape');
    }
  }
  return { addresses, recordsOpened, problems: [...new Set(problems)] };
}

describe.skipIf(chromiumMissing())('every page of the menu', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [email, locale, pages, records] of [
    ['admin@demo.ge', 'ka', 25, 10],
    ['accountant@demo.ge', 'ru', 8, 3],
  ] as const) {
    it(`opens, with its first record, for ${email} in ${locale}: no error, refused call or untranslated text`, async () => {
      const { context, page } = await newPage(browser, locale);
      await signIn(page, email);
      const { addresses, recordsOpened, problems } = await walkMenu(page);
      expect(addresses.length).toBeGreaterThanOrEqual(pages);
      expect(recordsOpened).toBeGreaterThanOrEqual(records);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
