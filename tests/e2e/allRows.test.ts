import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession } from './fixtures';
import { text } from './texts';

describe.skipIf(chromiumMissing())("'All' rows per page in a real browser", () => {
  let browser: Browser;
  let total: number;
  beforeAll(async () => {
    const api = await apiSession();
    // the demo's two years of USD and EUR rates: more than the server's largest page of 1,000
    const first = await api.call<{ meta: { total: number } }>('GET', '/currency-rates?perpage=5');
    total = first.body.meta.total;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows every currency rate, renders only the rows on screen, and the last one at the bottom', async () => {
    expect(total).toBeGreaterThan(1000);
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/currency-rates`);
    await page.getByRole('combobox', { name: text('widgets.rows_per_page') }).click();
    await page.getByRole('option', { name: text('widgets.all'), exact: true }).click();
    // the paginator's range counts every rate
    const range = page.getByText(text('widgets.range', { from: 1, to: total, total }), { exact: true });
    await expect.poll(() => range.count(), { timeout: 30_000 }).toBe(1);
    // the rows of data rendered (the spacers above and below the rendered ones are hidden from the page's roles)
    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect.poll(() => rows.count()).toBeGreaterThan(10);
    expect(await rows.count()).toBeLessThan(150);

    // the oldest rate is the last row: scrolled to the bottom, it is rendered
    const oldest = await page.evaluate(async () => {
      const answer = await fetch('/api/currency-rates?perpage=1&sort=date&order=asc', {
        headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}` },
      });
      return ((await answer.json()) as { data: Array<{ date: string }> }).data[0].date;
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const [year, month, day] = oldest.split('-');
    await expect
      .poll(() => page.getByRole('cell', { name: `${day}/${month}/${year}`, exact: true }).count())
      .toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThan(150);
    await context.close();
  });
});
