import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, searchList, signIn } from './browser';
import { text } from './texts';

describe.skipIf(chromiumMissing())('customers in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a sales manager adds a customer through the form, finds it in the list, and comments on its page', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'sales_manager@demo.ge');
    const stamp = String(Date.now());
    const name = `E2E Customer ${stamp}`;
    const pid = `7${stamp.slice(-10)}`;

    await page.goto(`${baseUrl()}/#/customers/create`);
    await page.locator('input[name="name_ka"]').fill(`კლიენტი ${stamp}`);
    await page.locator('input[name="name_en"]').fill(name);
    await page.locator('input[name="personal_number"]').fill('123');
    await page.locator('input[name="phones.0"]').fill('+995 555 12 34 56');
    const save = page.getByRole('button', { name: text('ra.action.save') });
    await save.click();
    // The server's rule shows on the field.
    await page.getByText(text('validation.personal_number')).waitFor();
    await page.locator('input[name="personal_number"]').fill(pid);
    await save.click();
    await page.waitForURL(/#\/customers\/\d+\/show$/);
    await page.getByText(pid).waitFor();

    // Switching the type to company swaps the personal number for the company code.
    await page.goto(`${baseUrl()}/#/customers/create`);
    await page.getByRole('radio', { name: text('customers.company'), exact: true }).check();
    await page.locator('input[name="company_code"]').waitFor();
    await expect(page.locator('input[name="personal_number"]').count()).resolves.toBe(0);

    await page.goto(`${baseUrl()}/#/customers`);
    await searchList(page, stamp);
    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    const row = rows.filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect(row.textContent()).resolves.toContain('+995 555 12 34 56');
    // the phone is a tel: link that does not open the row; the name does
    expect(await row.getByRole('link', { name: '+995 555 12 34 56' }).getAttribute('href')).toBe('tel:+995555123456');
    await row.getByText(name).click();
    await page.waitForURL(/#\/customers\/\d+\/show$/);

    await page.getByRole('tab', { name: text('customers.tab_comments') }).click();
    await page.getByPlaceholder(text('comments.placeholder')).fill('Wants a flat on a high floor');
    await page.getByRole('button', { name: text('comments.add') }).click();
    const comment = page.getByRole('article').filter({ hasText: 'Wants a flat on a high floor' });
    await comment.waitFor();
    await expect(comment.textContent()).resolves.toContain('მარიამ ლომიძე');
    await context.close();
  });
});
