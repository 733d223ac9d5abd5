/** The walk through every page of a user's menu, and what it finds wrong on each. */
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, sideMenu, signIn } from './browser';
import { englishPhrases, text } from './texts';
import { DATE_FORMAT_KEY } from '../../src/widgets/dateFormat';

/** A message key shown as it is ('resources.sales.fields.price'): a text the catalogue lacks. */
const RAW_KEY = /\b[a-z_]+\.[a-z_]+(\.[a-z_]+)+\b/g;

/**
 * The date format the walk's user chose (in the browser, as the profile page keeps it): none of the browser's own
 * styles (12/10/2026, 10.12.2026, 2026-12-10), so a date written without the user's format stands out.
 */
const WALK_DATE_FORMAT = 'DD-MM-YYYY';
const IN_WALK_FORMAT = /^\d{2}-\d{2}-\d{4}$/;
const DATE_LIKE = /(?<![\d./-])\d{1,4}[./-]\d{1,2}[./-]\d{1,4}(?![\d./-])/g;

/** Pages listing records by their names in every language (the units' features, the templates of each language). */
const SHOWS_NAMES_IN_ENGLISH = /^#\/(features|templates)(\?|$)/;

/**
 * What a page's text shows wrongly for its language: a date not in the user's format, the 12-hour clock in Georgian or
 * Russian, an English phrase on a Georgian or Russian page.
 */
function misshown(text: string, locale: 'ka' | 'en' | 'ru', address: string): string[] {
  const problems: string[] = [];
  const dates = (text.match(DATE_LIKE) ?? []).filter((date) => !IN_WALK_FORMAT.test(date));
  if (dates.length) problems.push(`dates not in ${WALK_DATE_FORMAT}: ${[...new Set(dates)].slice(0, 5).join(', ')}`);
  if (locale === 'en') return problems;
  const clock = text.match(/\b\d{1,2}:\d{2}(:\d{2})?\s?[AP]M\b/);
  if (clock) problems.push(`the 12-hour clock: ${clock[0]}`);
  const english = SHOWS_NAMES_IN_ENGLISH.test(address) ? [] : englishPhrases.filter((phrase) => text.includes(phrase));
  if (english.length) problems.push(`English: ${english.slice(0, 5).join(' | ')}`);
  return problems;
}

/**
 * Labels react-admin made up from a field's name because the catalogue has none for it ('Due from' for `due_from`): on
 * a Georgian or Russian page, a field's label, a column's heading or a group's title in lower-case English words.
 */
async function madeUpLabels(page: Page): Promise<string[]> {
  const labels = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '#main-content :is(label, th, legend, [role="group"] > .MuiTypography-caption)',
      ),
    ]
      .map((element) => element.innerText.replace(/\s*\*$/, '').trim())
      .filter((label) => /^[A-Z][a-z]+( [a-z]+)+$/.test(label)),
  );
  return labels.length ? [`labels made up from field names: ${[...new Set(labels)].slice(0, 5).join(' | ')}`] : [];
}

/** A phone's screen: the walk at this size also fails on a page wider than the screen or a cell out of reach. */
export const PHONE = { width: 390, height: 844 };

/**
 * What the page shows beyond the screen's edge: the page itself wider than the screen, a table cell past the screen's
 * right edge that no scrolling box of its own brings into view (a card's edge cuts it off), or a list's table.
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
    // a list page's rows are cards on a phone; tables stay for a record's own parts and for reports
    if (document.querySelector('#main-content .list-page .RaDatagrid-table')) problems.push('a list shown as a table');
    return problems;
  });
  return found.map((problem) => `at ${PHONE.width} px on ${page.url()}: ${problem}`);
}

/** How many requests `page` has sent and not yet seen answered, and how long ago the last one left or ended. */
export function requestsOf(page: Page) {
  let pending = 0;
  let last = Date.now();
  const sent = () => {
    pending++;
    last = Date.now();
  };
  const ended = () => {
    pending--;
    last = Date.now();
  };
  page.on('request', sent);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return () => ({ pending, quietFor: Date.now() - last });
}

/** Whether the page's main content shows progress and its text, read inside the page. */
const mainContent = (page: Page) =>
  page.evaluate(() => ({
    loading: Boolean(
      document.querySelector(
        '#main-content [role="progressbar"]:not([aria-valuenow]), #main-content .MuiSkeleton-root',
      ),
    ),
    text: document.querySelector<HTMLElement>('#main-content')?.innerText ?? '',
  }));

/**
 * Waits until the page's data is in: no progress shown, no request of the page's under way (`requests`, when given)
 * and its text unchanged for 200 ms, up to 10 s. Answers that text. A navigation inside the app keeps the previous
 * page on screen while the next one loads its code, so the page's requests tell when it has, and its text is not the
 * `previous` page's.
 */
export async function settled(
  page: Page,
  requests?: ReturnType<typeof requestsOf>,
  previous?: string,
): Promise<string> {
  let text: string | undefined;
  let since = Date.now();
  for (const started = Date.now(); Date.now() - started < 10_000;) {
    const now = await mainContent(page);
    const network = requests?.() ?? { pending: 0, quietFor: Infinity };
    if (now.loading || now.text !== text || now.text === previous || network.pending > 0) {
      text = now.text;
      since = Date.now();
    } else if (Date.now() - since >= 200 && network.quietFor >= 200) break;
    await page.waitForTimeout(50);
  }
  return text ?? '';
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
  const requests = requestsOf(page);
  let shown: string | undefined;
  /** `moved`: after a move to another address, whose page differs from the one shown (a click may open nothing). */
  const settle = async (moved = false) => {
    const text = await settled(page, requests, moved ? shown : undefined);
    shown = text;
    const raw = text.match(RAW_KEY);
    if (raw) problems.push(`untranslated on ${page.url()}: ${[...new Set(raw)].join(', ')}`);
    problems.push(...misshown(text, locale, new URL(page.url()).hash).map((problem) => `on ${page.url()}: ${problem}`));
    if (locale !== 'en') problems.push(...(await madeUpLabels(page)).map((problem) => `on ${page.url()}: ${problem}`));
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
    // moved to as a link does, inside the app: a new page load for each address took twice as long
    await page.evaluate((hash) => (window.location.hash = hash), address);
    await settle(true);
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
    await page.evaluate(() => (window.location.hash = '#/sales'));
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
  await context.addInitScript(
    ([key, format]) => localStorage.setItem(key, format),
    [DATE_FORMAT_KEY, WALK_DATE_FORMAT],
  );
  await signIn(page, email);
  const { addresses, recordsOpened, problems } = await walkMenu(page, locale, phone);
  expect(addresses.length).toBeGreaterThanOrEqual(least.pages);
  expect(recordsOpened).toBeGreaterThanOrEqual(least.records);
  expect(problems).toEqual([]);
  await context.close();
}
