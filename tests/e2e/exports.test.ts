import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import ExcelJS from 'exceljs';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createSale, createUnits, uniqueSuffix, type Api } from './fixtures';
import { text } from './texts';

/** '1 242 000,50', '1,242,000.50' or '1242000.5' → 1242000.5 (the decimal mark is the last one before two digits). */
const parseAmount = (text: string) => {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  return Number(decimal ? `${whole}.${decimal[1]}` : whole);
};

/** The Georgian text of a catalogue key: the first test's list is in Georgian. */
const ka = (key: string) => text(key, {}, 'ka');

describe.skipIf(chromiumMissing())('Excel export of a list in a real browser', () => {
  let browser: Browser;
  let api: Api;
  let complexId: number;
  const suffix = uniqueSuffix();
  const contracts = [`E2E-XA${suffix}`, `E2E-XB${suffix}`, `E2E-XC${suffix}`];
  beforeAll(async () => {
    api = await apiSession();
    const complex = await createComplex(api, `E2E Export ${suffix}`, { A: 5 });
    const other = await createComplex(api, `E2E Export other ${suffix}`, { A: 5 });
    complexId = complex.id;
    const units = await createUnits(
      api,
      [1, 2, 3, 4].map((n) => ({
        building_id: n < 4 ? complex.id : other.id,
        block_id: n < 4 ? complex.blocks.A : other.blocks.A,
        no: `XP${n}${suffix.slice(-6)}`,
        floor: n,
        area: 40 + n,
      })),
    );
    const customer = await createCustomer(api, `Export Customer ${suffix}`);
    const sales: Array<[number, string, number]> = [
      [123456.78, 'USD', units[0].id],
      [50000, 'USD', units[1].id],
      [70000.5, 'GEL', units[2].id],
    ];
    for (const [i, [price, currency, unit]] of sales.entries())
      await createSale(api, {
        property_ids: [unit],
        customer_id: customer.id,
        price,
        currency,
        contract_no: contracts[i],
        start: '2026-02-10',
        payments_count: 2,
      });
    // a sale in another complex, which the filter leaves out
    await createSale(api, {
      property_ids: [units[3].id],
      customer_id: customer.id,
      price: 1000,
      contract_no: `E2E-XD${suffix}`,
      start: '2026-02-10',
      payments_count: 1,
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('exports the sales list filtered to one complex: the rows, columns and totals shown, in Georgian', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    const filter = encodeURIComponent(JSON.stringify({ building_ids: [complexId] }));
    await page.goto(`${baseUrl()}/#/sales?filter=${filter}&perPage=50`);
    const table = page.getByRole('table');
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await page.getByRole('cell', { name: contracts[0], exact: true }).waitFor();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    const header = (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')),
    );
    const totals = page.getByRole('group', { name: ka('sales.totals'), exact: true });
    await totals.waitFor();
    const priceTitle = ka('resources.sales.fields.price');
    const screenTotal = async (currency: string) => {
      const shownTotals = (await totals.getByRole('group', { name: currency, exact: true }).textContent()) ?? '';
      return parseAmount(new RegExp(`${priceTitle}: ([\\d\\s\\u00a0.,]+?)\\s·`).exec(shownTotals)![1]);
    };

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: ka('ra.action.export'), exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), download.suggestedFilename());
    await download.saveAs(file);
    await page.getByRole('dialog', { name: ka('excel_export.title') }).waitFor({ state: 'detached' });

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    const lines = Array.from({ length: sheet.rowCount }, (_, i) =>
      Array.from({ length: sheet.columnCount }, (_, c) => sheet.getRow(i + 1).getCell(c + 1).value),
    );
    const titles = lines[0] as string[];
    // the screen's columns in its order, titled in Georgian, with the currency beside the first amount
    const col = (title: string) => titles.indexOf(title);
    expect(col('ფასი')).toBeGreaterThan(0);
    expect(titles[col('ფასი') + 1]).toBe('ვალუტა');
    expect(titles.filter((t) => t !== 'ვალუტა')).toEqual(header);
    expect(titles).toContain('ხელშეკრულების №');

    // the same rows as the screen
    const data = lines.slice(1);
    expect(data).toHaveLength(3);
    const contractCol = col('ხელშეკრულების №');
    const screenContracts = shown.map((r) => r[header.indexOf('ხელშეკრულების №')]).sort();
    expect(data.map((r) => r[contractCol]).sort()).toEqual(screenContracts);
    expect(screenContracts).toEqual([...contracts].sort());

    // money is numbers with its currency beside it; the sums per currency are the screen's totals
    const price = col('ფასი');
    const sum = (currency: string) =>
      data.filter((r) => r[price + 1] === currency).reduce((s, r) => s + (r[price] as number), 0);
    for (const row of data) expect(typeof row[price]).toBe('number');
    expect(sum('USD')).toBeCloseTo(173456.78, 2);
    expect(sum('GEL')).toBeCloseTo(70000.5, 2);
    expect(sum('USD')).toBeCloseTo(await screenTotal('USD'), 2);
    expect(sum('GEL')).toBeCloseTo(await screenTotal('GEL'), 2);

    // dates are dates
    const startCol = col('ხელშეკრულების თარიღი');
    expect(startCol).toBeGreaterThanOrEqual(0);
    for (const row of data) expect((row[startCol] as Date).toISOString()).toBe('2026-02-10T00:00:00.000Z');
    await context.close();
  });

  it('writes a real .xlsx with translated titles from the export button of every list', async () => {
    const { context, page } = await newPage(browser, 'ru');
    await signIn(page, 'admin@demo.ge');
    const lists = [
      '/sales',
      '/customers',
      '/properties',
      '/payments',
      '/invoices',
      '/overdue-sales',
      '/agents',
      '/logs',
      '/reservation',
      '/bookings',
      '/service-containers',
      '/services/payments',
      '/users',
    ];
    const exported: string[] = [];
    for (const list of lists) {
      await page.goto(`${baseUrl()}/#${list}`);
      const button = page.getByRole('button', { name: text('ra.action.export', {}, 'ru'), exact: true });
      await button.waitFor();
      // a list with no rows has nothing to export (the button is disabled)
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      if (await button.isDisabled()) continue;
      const downloading = page.waitForEvent('download');
      await button.click();
      const download = await downloading;
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), download.suggestedFilename());
      await download.saveAs(file);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0];
      const titles = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      expect(titles.length, list).toBeGreaterThan(1);
      // no raw catalogue key or field name; the titles are Russian
      for (const title of titles) expect(title, list).not.toMatch(/resources\.|^[a-z_]+$/);
      expect(titles.filter((t) => /[А-Яа-яЁё]/.test(t)).length, list).toBeGreaterThan(titles.length / 2);
      expect(sheet.rowCount, list).toBeGreaterThan(1);
      exported.push(list);
    }
    // the demo data fills most lists; every one of those exported
    expect(exported.length).toBeGreaterThanOrEqual(8);
    await context.close();
  });
});
