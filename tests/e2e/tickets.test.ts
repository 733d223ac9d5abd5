import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, uniqueSuffix } from './fixtures';

/** A support ticket in a real browser: opened from the form, answered in its conversation, closed and rated. */
describe.skipIf(chromiumMissing())('tickets in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const email = `e2e-tickets-${suffix.toLowerCase()}@demo.ge`;
  const password = 'Tickets-pass-1';

  beforeAll(async () => {
    const admin = await apiSession();
    await admin.ok('POST', '/users', {
      full_name: `E2E Ticket author ${suffix}`,
      email,
      password,
      roles: ['client_manager'],
      buildings: [],
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens a ticket, writes in its conversation, closes it and rates it', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, email, password);
    await page.goto(`${baseUrl()}/#/tickets/create`);
    const subject = `Printer ${suffix}`;
    await page.locator('input[name="subject"]').fill(subject);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Technical problem' }).click();
    await page.locator('textarea[name="body"]').fill('The invoice does not print.');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/#\/tickets\/\d+\/show/);
    const items = page.getByTestId('ticket-item');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(1);
    await page.getByTestId('ticket-reply-body').fill('It still does not print.');
    await page.getByTestId('ticket-send').click();
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(2);

    await page.getByTestId('ticket-close').click();
    await expect.poll(() => page.getByTestId('ticket-status').textContent(), { timeout: 30_000 }).toBe('Closed');
    await page.getByTestId('ticket-rating').locator('label').nth(3).click();
    await expect
      .poll(() => page.getByTestId('ticket-rating').locator('input:checked').getAttribute('value'), { timeout: 30_000 })
      .toBe('4');

    await page.goto(`${baseUrl()}/#/tickets`);
    const row = page.locator('tr', { hasText: subject });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.textContent()).toContain('Closed');

    // the activity log shows the user's own entries about the ticket, each linking to it
    await page.goto(`${baseUrl()}/#/logs`);
    const entries = page.getByTestId('logs-table').locator('tbody tr', { hasText: 'Ticket #' });
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});
