import { businessToday } from '../../domain/businessDay';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createSale, createUnits, uniqueSuffix, type Api } from './fixtures';

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

  it('opens /reports in Georgian, narrows to a complex, changes the year and exports the totals it shows to Excel', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/reports`);
    await page.getByText('გაყიდვები თვეების მიხედვით').first().click();
    await page.getByTestId('report-title').waitFor();
    expect(await page.getByTestId('report-title').textContent()).toBe('გაყიდვები თვეების მიხედვით');

    // only this file's complex
    await page.getByTestId('report-filters').getByText('ყველა კომპლექსი').click();
    await page.getByRole('option', { name: complexName }).click();
    await page.keyboard.press('Escape');
    const totals = page.getByTestId('report-totals');
    await expect.poll(() => totals.textContent()).toContain('5\u00a0000,00');

    // last year holds the other sale
    await page.getByTestId('report-filters').getByRole('combobox').first().click();
    await page.getByRole('option', { name: String(lastYear) }).click();
    await expect.poll(() => totals.textContent()).toContain('12\u00a0345,67');
    expect(await totals.textContent()).toMatch(/^ჯამი/);

    const downloading = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
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
    await page.getByText('გაყიდვები თვეების მიხედვით').first().click();
    await page.getByTestId('report-title').waitFor();
    const year = lastYear + 1;
    const from = page.getByTestId('report-date-from');
    const to = page.getByTestId('report-date-to');
    // the user's date format (the demo's: day/month/year)
    expect(await from.inputValue()).toBe(`01/01/${year}`);

    // the start: 20 January; the calendar's first column is Monday (ორშაბათი)
    await page.getByTestId('report-date-from-open').click();
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('grid').waitFor();
    const weekdays = calendar.getByRole('columnheader');
    expect(await weekdays.first().getAttribute('aria-label')).toBe('ორშაბათი');
    expect(await weekdays.last().getAttribute('aria-label')).toBe('კვირა');
    await calendar.getByRole('gridcell', { name: '20', exact: true }).click();
    await expect.poll(() => from.inputValue()).toBe(`20/01/${year}`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // the end: back from December to 5 January, before the start: the two are swapped
    await page.getByTestId('report-date-to-open').click();
    const heading = page.getByRole('dialog').locator('.MuiPickersCalendarHeader-label');
    await heading.waitFor();
    for (let i = 0; i < 11; i++) {
      const shown = await heading.textContent();
      await page.getByRole('dialog').getByRole('button', { name: 'წინა თვე' }).click();
      await expect.poll(() => heading.textContent()).not.toBe(shown);
    }
    // the last month's slide has ended when January's 5th alone is shown
    const fifth = page.getByRole('dialog').getByRole('gridcell', { name: '5', exact: true });
    await expect.poll(() => fifth.count()).toBe(1);
    await fifth.click();
    await expect.poll(() => from.inputValue()).toBe(`05/01/${year}`);
    expect(await to.inputValue()).toBe(`20/01/${year}`);
    // the report asks for the swapped period: January alone, holding this file's sale of 15 January
    await page.getByTestId('report-filters').getByText('ყველა კომპლექსი').click();
    await page.getByRole('option', { name: complexName }).click();
    await page.keyboard.press('Escape');
    const totalDigits = async () => ((await page.getByTestId('report-totals').textContent()) ?? '').replace(/\D/g, '');
    // one sale, one unit, 52.00 m², 5,000.00 (the digits, whatever the language's separators)
    await expect.poll(totalDigits).toBe('115200500000');
    await context.close();
  });

  it('opens the payments of this month from the home page’s receipts card, and each complex’s free units', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await page.getByTestId('card-receipts').waitFor();
    const today = businessToday();
    const freeLink = page.getByTestId('card-free-units').getByRole('link').first();
    const href = decodeURIComponent((await freeLink.getAttribute('href')) ?? '');
    expect(href).toMatch(/^#\/properties\?filter=\{"building_id":\d+,"status":\["free"\]\}$/);
    await page.getByTestId('card-receipts').getByRole('link').click();
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
    await page.getByTestId('card-overdue').waitFor();
    expect(await page.getByTestId('card-overdue').textContent()).toContain('90+ დღე');
    // amounts in Georgian digits: 1 242 000,00 GEL
    expect(await page.getByTestId('card-overdue').textContent()).toMatch(/\d,\d{2} GEL/);
    expect(await page.getByTestId('card-overdue').textContent()).not.toMatch(/\d\.\d{2} GEL/);
    // this month's targets against what was signed, and the admin's own open tasks
    await expect.poll(() => page.getByTestId('card-targets').textContent()).toMatch(/\d+(,\d+)?%.*GEL/);
    await page.getByTestId('card-my-tasks').waitFor();
    expect(await page.getByTestId('card-my-tasks').textContent()).toContain('ჩემი ღია დავალებები');
    await page.goto(`${baseUrl()}/#/statistics`);
    for (const chart of ['revenue', 'sales', 'units-by-complex', 'units-of-year', 'managers'])
      await page.getByTestId(`chart-${chart}`).locator('svg').first().waitFor();
    expect(await page.getByTestId('chart-revenue').textContent()).toContain('გრაფიკით');
    await page.getByTestId('report-filters').getByRole('combobox').first().click();
    await page.getByRole('option', { name: String(lastYear) }).click();
    await expect.poll(() => page.getByTestId('chart-units-of-year').textContent()).toContain(String(lastYear));
    await context.close();
  });
});
