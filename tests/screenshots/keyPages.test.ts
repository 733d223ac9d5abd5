import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chromiumMissing, launch, newPage, sideMenu, signIn } from '../e2e/browser';
import { text } from '../e2e/texts';
import { PHONE, settled } from '../e2e/walk';
import { chromiumNote, differenceFromBaseline } from './baseline';
import { FROZEN_NOW, TIME_ZONE } from './clock';

/** The ten pages staff look at most, as the administrator sees them in Georgian. */
const KEY_PAGES = [
  { name: 'dashboard', address: '#/' },
  { name: 'board', address: '#/properties/board' },
  { name: 'sales', address: '#/sales' },
  { name: 'sale', address: '#/sales/1' },
  { name: 'customer', address: '#/customers/1/show' },
  { name: 'bonuses', address: '#/bonuses' },
  { name: 'statistics', address: '#/statistics' },
  { name: 'finance-report', address: '#/reports/finance' },
  { name: 'tasks', address: '#/tasks' },
  { name: 'activity-log', address: '#/logs' },
];

const DESKTOP = { width: 1440, height: 900 };

/**
 * What moves from run to run although the page is right: the moments of this run's own sign-ins in the activity
 * log. Covered by a box of one colour, so their place still counts.
 */
const moving = (page: Page) => [page.locator('#main-content td.column-created_at')];

/** The page's screenshot once it holds still: two in a row alike (a chart may still be drawing its first frames). */
async function stillScreenshot(page: Page): Promise<Buffer> {
  let last: Buffer | undefined;
  for (let attempt = 0; attempt < 10; attempt++) {
    const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', mask: moving(page) });
    if (last?.equals(shot)) return shot;
    last = shot;
    await page.waitForTimeout(300);
  }
  return last!;
}

describe.skipIf(chromiumMissing())('key pages look as their committed screenshots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('in Georgian at 1440 px, then on a 390 px phone', async () => {
    const { context, page } = await newPage(browser, 'ka', { viewport: DESKTOP, timezoneId: TIME_ZONE });
    await context.clock.setFixedTime(new Date(FROZEN_NOW));
    // one sign-in for both sizes: the activity log shows the same lines at each
    await signIn(page, 'admin@demo.ge');
    const differences: string[] = [];
    for (const size of ['desktop', 'phone']) {
      if (size === 'phone') {
        // a phone's menu is a drawer over the page: folded before the screen narrows, as a phone's user leaves it
        await page.getByRole('button', { name: text('ra.action.close_menu', {}, 'ka'), exact: true }).click();
        await page.setViewportSize(PHONE);
        await sideMenu(page).waitFor({ state: 'hidden' });
      }
      // the pointer in the top bar's corner, over nothing that answers a hover (a row's shade, a board cell's card)
      await page.mouse.move(0, 0);
      for (const { name, address } of KEY_PAGES) {
        await page.goto(`${baseUrl()}/${address}`);
        await settled(page);
        await page.evaluate(() => document.fonts.ready);
        const difference = differenceFromBaseline(`${name}-${size}`, await stillScreenshot(page));
        if (difference) differences.push(difference);
      }
    }
    await context.close();
    // a failure says so when another Chromium took the baselines
    const note = chromiumNote(browser.version());
    expect(differences.length && note ? [...differences, note] : differences).toEqual([]);
  });
});
