import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, uniqueSuffix } from './fixtures';
import { text } from './texts';

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
    await page.getByRole('combobox', { name: text('resources.tickets.fields.category') }).click();
    await page.getByRole('option', { name: text('tickets.categories.technical') }).click();
    await page.locator('textarea[name="body"]').fill('The invoice does not print.');
    await page.getByRole('button', { name: text('ra.action.save') }).click();

    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/#\/tickets\/\d+\/show/);
    const ticketId = Number(/tickets\/(\d+)\/show/.exec(page.url())![1]);
    const items = page.getByRole('list', { name: text('tickets.conversation') }).getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(1);
    await page.getByRole('textbox', { name: text('tickets.reply') }).fill('It still does not print.');
    await page.getByRole('button', { name: text('tickets.send') }).click();
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(2);

    await page.getByRole('button', { name: text('tickets.close') }).click();
    // the ticket's status, shown beside its subject
    const closed = page.getByRole('main').getByText(text('tickets.statuses.closed'), { exact: true });
    await expect.poll(() => closed.count(), { timeout: 30_000 }).toBe(1);
    const stars = (n: number) =>
      page.getByRole('radio', { name: text('tickets.stars', { smart_count: n }), exact: true });
    // each star is a radio named by its count, its input hidden under the star's picture: chosen from the keyboard
    await stars(4).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => stars(4).isChecked(), { timeout: 30_000 }).toBe(true);

    await page.goto(`${baseUrl()}/#/tickets`);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.textContent()).toContain(text('tickets.statuses.closed'));

    // the activity log shows the user's own entries about the ticket, each naming it by its subject and linking to it
    await page.goto(`${baseUrl()}/#/logs`);
    const ticketLink = page
      .getByRole('link', { name: `${text('logs.types.tickets')} ${subject}`, exact: true })
      .and(page.locator(`a[href="#/tickets/${ticketId}/show"]`));
    const entries = page.getByRole('row').filter({ has: ticketLink });
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await context.close();
  });
});
