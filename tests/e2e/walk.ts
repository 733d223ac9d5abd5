/** The walk through every page of a user's menu, and what it finds wrong on each. */
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, newPage, sideMenu, signIn } from './browser';
import { text } from './texts';

/** A message key shown as it is ('resources.sales.fields.price'): a text the catalogue lacks. */
const RAW_KEY = /\b[a-z_]+\.[a-z_]+(\.[a-z_]+)+\b/g;

/** A phone's screen: the walk at this size also fails on a page wider than the screen or a cell out of reach. */
export const PHONE = { width: 390, height: 844 };

/**
 * What the page shows beyond the screen's edge: the page itself wider than the screen, or a table cell past the
 * screen's right edge that no scrolling box of its own brings into view (a card's edge cuts it off).
 */
async function outOfReach(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const screen = document.documentElement;
    const problems: string[] = [];
    const past = (element: Element) => element.getBoundingClientRect().right > screen.clientWidth + 1;
    if (screen.scrollWidth > screen.clientWidth + 1) {
      // the outermost boxes past the edge whose parent still fits: where the widening starts
      const culprits = [...document.querySelectorAll('#main-content *')]
        .filter((e) => past(e) && e.parentElement && !past(e.parentElement))
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')}`);
      const wider = screen.scrollWidth - screen.clientWidth;
      problems.push(`the page is ${wider} px wider than the screen (${culprits.join(', ')})`);
    }
    const cut: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('#main-content :is(td, th)')) {
      const edge = cell.getBoundingClientRect();
      if (edge.width === 0 || edge.right <= screen.clientWidth + 1) continue;
      let box = cell.parentElement;
      while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      const scrolls = box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
      const frame = box?.getBoundingClientRect();
      const reached =
        scrolls && frame && frame.right <= screen.clientWidth + 1 && edge.right - frame.left <= box!.scrollWidth + 1;
      if (!reached) cut.push((cell.innerText.trim() || '(empty)').slice(0, 30));
    }
    if (cut.length) problems.push(`${cut.length} cells out of reach: ${[...new Set(cut)].slice(0, 5).join(' | ')}`);
    return problems;
  });
  return found.map((problem) => `at ${PHONE.width} px on ${page.url()}: ${problem}`);
}

/** Waits until the page's data is in: no progress shown and its text the same twice in a row. Answers that text. */
export async function settled(page: Page): Promise<string> {
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
  return text;
}

/**
 * Opens every page of the user's menu, then the first record of each list on it, and answers what went wrong on the
 * way: errors the page logged, calls the server refused or failed, untranslated keys on screen; on a phone also what
 * lies beyond the screen's edge.
 */
export async function walkMenu(page: Page, locale: 'ka' | 'en' | 'ru', phone = false) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error on ${page.url()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} on ${page.url()}: ${r.request().method()} ${r.url()}`);
  });
  const settle = async () => {
    const text = await settled(page);
    const raw = text.match(RAW_KEY);
    if (raw) problems.push(`untranslated on ${page.url()}: ${[...new Set(raw)].join(', ')}`);
    if (phone) problems.push(...(await outOfReach(page)));
  };

  let recordsOpened = 0;
  const menu = sideMenu(page);
  for (let round = 0; round < 3; round++) {
    const closed = menu.getByRole('button', { expanded: false });
    for (let n = await closed.count(); n > 0; n--) await closed.first().click();
  }
  const addresses = [
    ...new Set(
      await menu
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('#/'))),
    ),
  ];
  // the phone's menu is a drawer over the page: its addresses are read at the desktop's size, the menu then folded
  if (phone) {
    await page.getByRole('button', { name: text('ra.action.close_menu', {}, locale), exact: true }).click();
    await page.setViewportSize(PHONE);
    await menu.waitFor({ state: 'hidden' });
  }
  const main = page.locator('#main-content');
  // a phone shows a list's rows as cards, a list named "Records"
  const cards = main.getByRole('list', { name: text('widgets.records', {}, locale), exact: true });
  for (const address of addresses) {
    await page.goto(`${baseUrl()}/${address}`);
    await settle();
    const firstRow = main
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .first();
    const firstCard = cards.getByRole('link').or(cards.getByRole('button')).first();
    // a list opens its record on a click of the row: the page then shows the listed row until the record's own answer
    const opener =
      (await firstRow.count()) && (await firstRow.getByRole('cell').count()) > 1
        ? firstRow.getByRole('cell').nth(1)
        : (await firstCard.count())
          ? firstCard
          : undefined;
    if (opener) {
      await opener.click();
      await settle();
      if (/\/\d+(\/show)?$/.test(page.url())) recordsOpened++;
    }
  }
  // a screen behind a page's button rather than the menu: the sales import dialog
  if (addresses.includes('#/sales')) {
    await page.goto(`${baseUrl()}/#/sales`);
    await settle();
    const importButton = page.getByRole('button', { name: text('sales_import.button', {}, locale), exact: true });
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

/**
 * Signs `email` in, in a page of its own, and walks its menu: at least `least.pages` pages and `least.records` records
 * opened, and nothing wrong on any of them.
 */
export async function walkAs(
  browser: Browser,
  email: string,
  locale: 'ka' | 'en' | 'ru',
  least: { pages: number; records: number },
  phone = false,
) {
  const { context, page } = await newPage(browser, locale);
  await signIn(page, email);
  const { addresses, recordsOpened, problems } = await walkMenu(page, locale, phone);
  expect(addresses.length).toBeGreaterThanOrEqual(least.pages);
  expect(recordsOpened).toBeGreaterThanOrEqual(least.records);
  expect(problems).toEqual([]);
  await context.close();
}
