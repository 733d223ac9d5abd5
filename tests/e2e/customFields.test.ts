import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createSale, createUnit, uniqueSuffix, type Api } from './fixtures';
import { text } from './texts';

/**
 * Custom fields in a real browser: an administrator adds a text field of sales on /templates/custom-fields,
 * fills it on a sale's edit form, and reads it on the sale page; the database holds it as the API gives it back.
 */
describe.skipIf(chromiumMissing())('custom fields in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const fieldName = `notary_${suffix.toLowerCase()}`;
  const label = `Notary ${suffix}`;
  const contractNo = `E2E-CF${suffix}`;
  let admin: Api;
  let saleId: number;

  beforeAll(async () => {
    admin = await apiSession();
    const complex = await createComplex(admin, `E2E Fields ${suffix}`, { A: 5 });
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `CF${suffix.slice(-8)}`,
      floor: 3,
      area: 61,
      price: 70000,
      currency: 'USD',
    });
    const customer = await createCustomer(admin, `Field Customer ${suffix}`);
    const sale = await createSale(admin, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 15000,
      contract_no: contractNo,
      start: businessToday(),
      payments_count: 3,
    });
    saleId = sale.id;
    browser = await launch();
  });
  afterAll(async () => {
    // the field would show on every sale form of the other browser tests
    const fields = await admin.call<{ data: Array<{ id: number; name: string }> }>(
      'GET',
      `/custom-fields?query=${fieldName}`,
    );
    for (const field of fields.body.data ?? []) await admin.call('DELETE', `/custom-fields/${field.id}`);
    await browser?.close();
  });

  it('creates a field, fills it on the sale edit form and shows it on the sale page', async () => {
    const { page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');

    await page.goto(`${baseUrl()}/#/templates/custom-fields`);
    await page.getByRole('button', { name: text('custom_fields.add') }).click();
    const dialog = page.getByRole('dialog', { name: text('custom_fields.create_title') });
    await dialog.locator('input[name="name"]').fill(fieldName);
    await dialog.locator('input[name="label_ka"]').fill(`ნოტარიუსი ${suffix}`);
    await dialog.locator('input[name="label_en"]').fill(label);
    await dialog
      .getByRole('combobox', { name: new RegExp(`^${text('resources.custom-fields.fields.record_kind')}`) })
      .click();
    await page.getByRole('option', { name: text('custom_fields.record_kinds.sale'), exact: true }).click();
    await dialog.getByRole('button', { name: text('custom_fields.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: `{${fieldName}}` });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.textContent()).toContain(label);

    await page.goto(`${baseUrl()}/#/sales/${saleId}/edit`);
    const input = page.getByRole('textbox', { name: label, exact: true });
    await input.waitFor({ timeout: 30_000 });
    await input.fill('Nino Beridze, Tbilisi');
    await page.getByRole('button', { name: text('ra.action.save') }).click();

    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(new RegExp(`#/sales/${saleId}$`));
    // the sale page's section of custom fields shows the field by its label with the value typed
    const shown = page
      .getByRole('region', { name: text('custom_fields.section'), exact: true })
      .getByRole('group', { name: label, exact: true })
      .getByRole('definition');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe('Nino Beridze, Tbilisi');

    const values = await admin.call<{ data: Array<{ name: string; value: unknown }> }>(
      'GET',
      `/custom-fields/values/sale/${saleId}`,
    );
    expect(values.body.data.find((v) => v.name === fieldName)?.value).toBe('Nino Beridze, Tbilisi');
  });

  it('keeps what was typed on the edit form when the sale, changed meanwhile, is read again on return', async () => {
    // a field of its own, so the test does not lean on the one the test before made
    const keptName = `${fieldName}_kept`;
    const keptLabel = `Kept ${suffix}`;
    await admin.ok('POST', '/custom-fields', {
      name: keptName,
      label_ka: `შენახული ${suffix}`,
      label_en: keptLabel,
      type: 'text',
      record_kind: 'sale',
    });
    const { page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    // the page's clock, moved on below: a record read over 30 s ago is read again when the user comes back to the tab
    await page.clock.install();
    await page.goto(`${baseUrl()}/#/sales/${saleId}/edit`);
    const input = page.getByRole('textbox', { name: keptLabel, exact: true });
    await input.waitFor({ timeout: 30_000 });
    await input.fill('Giorgi Kapanadze, Batumi');
    const note = page.locator('textarea[name="note"]');
    await note.fill(`Typed ${suffix}`);

    // someone pays on the sale meanwhile, so the sale read again differs from the one the form was filled from
    await admin.ok('POST', '/payments/pay', {
      sale_id: saleId,
      amount: 100,
      currency: 'USD',
      paid_on: businessToday(),
    });
    const reread = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/sales/${saleId}`,
    );
    await page.clock.fastForward(31_000);
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await reread;
    await page.clock.runFor(500);
    expect(await note.inputValue()).toBe(`Typed ${suffix}`);
    expect(await input.inputValue()).toBe('Giorgi Kapanadze, Batumi');

    await page.getByRole('button', { name: text('ra.action.save') }).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(new RegExp(`#/sales/${saleId}$`));
    const sale = await admin.ok<{ note: string | null }>('GET', `/sales/${saleId}`);
    expect(sale.note).toBe(`Typed ${suffix}`);
    const values = await admin.ok<Array<{ name: string; value: unknown }>>(
      'GET',
      `/custom-fields/values/sale/${saleId}`,
    );
    expect(values.find((v) => v.name === keptName)?.value).toBe('Giorgi Kapanadze, Batumi');
  });

  it('on a phone, edits a field from its card: the dialog the card opened saves', async () => {
    const phoneName = `${fieldName}_phone`;
    const created = await admin.ok<{ id: number }>('POST', '/custom-fields', {
      name: phoneName,
      label_ka: `ტელეფონი ${suffix}`,
      label_en: `Phone ${suffix}`,
      type: 'text',
      record_kind: 'sale',
    });
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    // the menu folded first, as a phone keeps it: open, it is a drawer over the page
    await page.getByRole('button', { name: text('ra.action.close_menu'), exact: true }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/#/templates/custom-fields`);
    // the list keeps its filter out of the address
    await page.locator('input[name="q"]').fill(phoneName);
    const card = page
      .getByRole('list', { name: text('widgets.records'), exact: true })
      .getByRole('listitem')
      .filter({ hasText: `{${phoneName}}` });
    await card.getByRole('button', { name: text('custom_fields.edit'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('custom_fields.edit_title', { name: phoneName }) });
    await dialog.locator('input[name="label_en"]').fill(`Phone renamed ${suffix}`);
    await dialog.getByRole('button', { name: text('custom_fields.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.textContent()).toContain(`Phone renamed ${suffix}`);
    const field = await admin.ok<{ label_en: string }>('GET', `/custom-fields/${created.id}`);
    expect(field.label_en).toBe(`Phone renamed ${suffix}`);
    await context.close();
  });
});
