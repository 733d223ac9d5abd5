import { businessToday } from '../../domain/businessDay';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { PNG } from 'pngjs';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createSale, createUnits, uniqueSuffix, type Api } from './fixtures';
import { text } from './texts';

/** How light a colour is, 0 (black) to 1 (white), from a PNG's bytes or a computed 'rgb(r, g, b)'. */
const lightness = (colour: string | number[]) => {
  const [r, g, b] = typeof colour === 'string' ? colour.match(/\d+(\.\d+)?/g)!.map(Number) : colour;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

/** The Georgian text of a catalogue key: every page of this file is in Georgian. */
const ka = (key: string, params: Record<string, string | number> = {}) => text(key, params, 'ka');
const reportName = ka('reports.names.sales');

describe.skipIf(chromiumMissing())('reports in a real browser', () => {
  let browser: Browser;
  let api: Api;
  const suffix = uniqueSuffix();
  const complexName = `E2E Reports ${suffix}`;
  const lastYear = Number(businessToday().slice(0, 4)) - 1;
  beforeAll(async () => {
    api = await apiSession();
    const complex = await createComplex(api, complexName, { A: 5 });
    const units = await createUnits(
      api,
      [1, 2].map((n) => ({
        building_id: complex.id,
        block_id: complex.blocks.A,
        no: `RP${n}${suffix.slice(-6)}`,
        floor: n,
        area: 50 + n,
        price: 50000,
        currency: 'GEL',
      })),
    );
    const customer = await createCustomer(api, `Report Customer ${suffix}`);
    // one sale last year, one this year: the year picker decides which the report holds
    await createSale(api, {
      property_ids: [units[0].id],
      customer_id: customer.id,
      price: 12345.67,
      currency: 'GEL',
      contract_no: `E2E-RP1${suffix}`,
      start: `${lastYear}-03-10`,
      payments_count: 3,
    });
    await createSale(api, {
      property_ids: [units[1].id],
      customer_id: customer.id,
      price: 5000,
      currency: 'GEL',
      contract_no: `E2E-RP2${suffix}`,
      start: `${lastYear + 1}-01-15`,
      payments_count: 2,
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The report's own heading (the top bar names the page too, once its title reaches it). */
  const reportTitle = (page: Page) =>
    page.locator('#main-content').getByRole('heading', { name: reportName, exact: true });
  const totalsRow = (page: Page) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: ka('reports.total'), exact: true }) });
  /** Narrows the report to this file's complex. */
  const pickComplex = async (page: Page) => {
    await page.getByRole('combobox', { name: ka('reports.complexes') }).click();
    await page.getByRole('option', { name: complexName }).click();
    await page.keyboard.press('Escape');
  };
  const pickYear = async (page: Page, year: number) => {
    await page.getByRole('combobox', { name: new RegExp(`^${ka('reports.year')}`) }).click();
    await page.getByRole('option', { name: String(year) }).click();
  };
  /** A card of the home page, a region named by its title. */
  const homeCard = (page: Page, key: string) =>
    page.getByRole('region', { name: ka(`reports.home.${key}`), exact: true });

  it('opens /reports in Georgian, narrows to a complex, changes the year, exports the totals to Excel', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/reports`);
    await page.getByText(reportName).first().click();
    await reportTitle(page).waitFor();
    expect(await reportTitle(page).textContent()).toBe(reportName);

    // only this file's complex
    await pickComplex(page);
    const totals = totalsRow(page);
    await expect.poll(() => totals.textContent()).toContain('5\u00a0000,00');

    // last year holds the other sale
    await pickYear(page, lastYear);
    await expect.poll(() => totals.textContent()).toContain('12\u00a0345,67');
    expect(await totals.textContent()).toMatch(/^ჯამი/);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: ka('reports.export_excel') }).click();
    const download = await downloading;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toBe(`sales-${lastYear}-01-01_${lastYear}-12-31.xlsx`);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const lines = Array.from({ length: sheet.rowCount }, (_, i) => values(i + 1));
    expect(lines[0][0]).toBe('გაყიდვები თვეების მიხედვით');
    expect(lines).toContainEqual(['პერიოდი', `${lastYear}-01-01 — ${lastYear}-12-31`]);
    expect(lines).toContainEqual(['კომპლექსები', complexName]);
    expect(lines).toContainEqual(['ვალუტა', 'GEL']);
    const header = lines.findIndex((l) => l[0] === 'თვე');
    expect(header).toBeGreaterThan(0);
    const months = lines.slice(header + 1, header + 13);
    expect(months).toHaveLength(12);
    expect(months[2].slice(1)).toEqual([1, 1, 51, 12345.67]);
    const total = lines.find((l) => l[0] === 'ჯამი');
    expect(total).toEqual(['ჯამი', 1, 1, 51, 12345.67]);
    await context.close();
  });

  it('picks the period in calendars that start on Monday and swaps a reversed period', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/reports`);
    await page.getByText(reportName).first().click();
    await reportTitle(page).waitFor();
    const year = lastYear + 1;
    const fromLabel = ka('reports.date_from');
    const toLabel = ka('reports.date_to');
    const from = page.getByRole('textbox', { name: fromLabel, exact: true });
    const to = page.getByRole('textbox', { name: toLabel, exact: true });
    // the user's date format (the demo's: day/month/year)
    expect(await from.inputValue()).toBe(`01/01/${year}`);

    // the start: 20 January; the calendar's first column is Monday (ორშაბათი)
    await page.getByRole('button', { name: ka('app.choose_date', { field: fromLabel }) }).click();
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('grid').waitFor();
    const weekdays = calendar.getByRole('columnheader');
    expect(await weekdays.first().getAttribute('aria-label')).toBe('ორშაბათი');
    expect(await weekdays.last().getAttribute('aria-label')).toBe('კვირა');
    await calendar.getByRole('gridcell', { name: '20', exact: true }).click();
    await expect.poll(() => from.inputValue()).toBe(`20/01/${year}`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // the end: back from December to 5 January, before the start: the two are swapped
    await page.getByRole('button', { name: ka('app.choose_date', { field: toLabel }) }).click();
    const heading = page.getByRole('dialog').locator('.MuiPickersCalendarHeader-label');
    await heading.waitFor();
    for (let i = 0; i < 11; i++) {
      const shown = await heading.textContent();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: ka('reports.picker.previous_month') })
        .click();
      await expect.poll(() => heading.textContent()).not.toBe(shown);
    }
    // the last month's slide has ended when January's 5th alone is shown
    const fifth = page.getByRole('dialog').getByRole('gridcell', { name: '5', exact: true });
    await expect.poll(() => fifth.count()).toBe(1);
    await fifth.click();
    await expect.poll(() => from.inputValue()).toBe(`05/01/${year}`);
    expect(await to.inputValue()).toBe(`20/01/${year}`);
    // the report asks for the swapped period: January alone, holding this file's sale of 15 January
    await pickComplex(page);
    const totalDigits = async () => ((await totalsRow(page).textContent()) ?? '').replace(/\D/g, '');
    // one sale, one unit, 52.00 m², 5,000.00 (the digits, whatever the language's separators)
    await expect.poll(totalDigits).toBe('115200500000');
    await context.close();
  });

  it('opens the payments of this month from the home page’s receipts card, and each complex’s free units', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await homeCard(page, 'receipts').waitFor();
    const today = businessToday();
    const freeLink = homeCard(page, 'free_units').getByRole('link').first();
    const href = decodeURIComponent((await freeLink.getAttribute('href')) ?? '');
    expect(href).toMatch(/^#\/properties\?filter=\{"building_id":\d+,"status":\["free"\]\}$/);
    await homeCard(page, 'receipts').getByRole('link').click();
    await expect
      .poll(() => decodeURIComponent(page.url()))
      .toContain(`/payments?filter={"paid_on_from":"${today.slice(0, 7)}-01","paid_on_to":"${today}"}`);
    // the list reads the filter: its period inputs hold this month (shown as day, month, year)
    const digits = async (name: string) =>
      (await page.locator(`input[name="${name}"]`).inputValue()).replace(/\D/g, '');
    const [y, m, d] = today.split('-');
    await expect.poll(() => digits('paid_on_from')).toBe(`01${m}${y}`);
    expect(await digits('paid_on_to')).toBe(`${d}${m}${y}`);
    await context.close();
  });

  it('shows the home dashboard, draws the statistics in Georgian and redraws them for another year', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    // the home page's cards first: the overdue with its four aging buckets
    const overdue = homeCard(page, 'overdue');
    await overdue.waitFor();
    expect(await overdue.textContent()).toContain('90+ დღე');
    // amounts in Georgian digits: 1 242 000,00 GEL
    expect(await overdue.textContent()).toMatch(/\d,\d{2} GEL/);
    expect(await overdue.textContent()).not.toMatch(/\d\.\d{2} GEL/);
    // this month's targets against what was signed, and the admin's own open tasks
    await expect.poll(() => homeCard(page, 'targets').textContent()).toMatch(/\d+(,\d+)?%.*GEL/);
    await homeCard(page, 'my_tasks').waitFor();
    expect(await homeCard(page, 'my_tasks').textContent()).toContain(ka('reports.home.my_tasks'));
    await page.goto(`${baseUrl()}/#/statistics`);
    // each chart is a region named by its title; the units of the year's title ends with the year
    const chart = (key: string) =>
      page.getByRole('region', { name: ka(`reports.names.${key}`), exact: key !== 'units' });
    for (const key of ['revenue', 'sales', 'overview', 'units', 'managers'])
      await chart(key).locator('svg').first().waitFor();
    expect(await chart('revenue').textContent()).toContain('გრაფიკით');
    // the months, complexes and managers along the bottom and the amounts up the side are drawn: a label taller than
    // its axis was drawn empty; months and amounts whole (a long complex's name may end in an ellipsis)
    const ticks = (key: string, direction: 'X' | 'Y') =>
      chart(key).locator(`.MuiChartsAxis-direction${direction} .MuiChartsAxis-tickLabel`).allTextContents();
    await expect.poll(() => ticks('revenue', 'X')).toEqual(expect.arrayContaining(['იან', 'დეკ']));
    for (const key of ['revenue', 'sales', 'overview', 'managers']) {
      // each chart draws its axes once its own report has arrived
      await expect.poll(async () => (await ticks(key, 'X')).length, { message: key }).toBeGreaterThan(0);
      const bottom = await ticks(key, 'X');
      const whole = ['revenue', 'sales'].includes(key) ? bottom : [];
      for (const label of bottom) expect(label, key).not.toBe('');
      for (const label of [...whole, ...(await ticks(key, 'Y'))]) expect(label, key).not.toContain('…');
    }
    await pickYear(page, lastYear);
    await expect.poll(() => chart('units').textContent()).toContain(String(lastYear));
    await context.close();
  });

  it('draws the statistics readable in dark mode, and saves a chart as a PNG that is too', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/statistics`);
    await page.getByRole('button', { name: ka('app.theme_dark'), exact: true }).click();
    const revenue = page.getByRole('region', { name: ka('reports.names.revenue'), exact: true });
    const label = revenue.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first();
    await label.waitFor();
    // light words on a dark card
    const card = await revenue.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(lightness(card)).toBeLessThan(0.3);
    await expect
      .poll(async () => lightness(await label.evaluate((e) => getComputedStyle(e).fill)))
      .toBeGreaterThan(0.6);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      revenue.getByRole('button', { name: ka('reports.save_png'), exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const image = PNG.sync.read(fs.readFileSync(await download.path()));
    // the chart with its legend, twice their size, on the card's dark background, its words and bars drawn light on it
    const drawn = await revenue.locator('.MuiCardContent-root > div').boundingBox();
    expect([image.width, image.height]).toEqual([Math.round(drawn!.width * 2), Math.round(drawn!.height * 2)]);
    const pixel = (x: number, y: number) => [
      ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3),
    ];
    expect(lightness(pixel(1, 1))).toBeLessThan(0.3);
    let light = 0;
    for (let y = 0; y < image.height; y += 2)
      for (let x = 0; x < image.width; x += 2) if (lightness(pixel(x, y)) > 0.6) light++;
    expect(light).toBeGreaterThan(200);
    await context.close();
  });
});
