import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createSale, createUnit, uniqueSuffix, type Api } from './fixtures';
import { text } from './texts';

/**
 * Tasks in a real browser: a task created from a sale page and given to oneself shows 1 on the top-bar counter; marking
 * it done in the list brings the counter back to 0. The user is this file's own administrator, so the count is exactly
 * what this file caused.
 */
describe.skipIf(chromiumMissing())('tasks in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const contractNo = `E2E-TK${suffix}`;
  const email = `e2e-tasks-${suffix.toLowerCase()}@demo.ge`;
  const password = 'Tasks-pass-1';
  const fullName = `E2E Tasker ${suffix}`;
  let admin: Api;
  let saleId: number;

  beforeAll(async () => {
    admin = await apiSession();
    const complex = await createComplex(admin, `E2E Tasks ${suffix}`, { A: 5 });
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `TK${suffix.slice(-8)}`,
      floor: 2,
      area: 55,
      price: 60000,
      currency: 'USD',
    });
    const customer = await createCustomer(admin, `Task Customer ${suffix}`);
    const nextMonth = businessToday(new Date(Date.now() + 31 * 86_400_000));
    const sale = await createSale(admin, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 12000,
      contract_no: contractNo,
      start: nextMonth,
      payments_count: 4,
    });
    saleId = sale.id;
    await admin.ok('POST', '/users', { full_name: fullName, email, password, roles: ['admin'], buildings: [] });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a task from a sale page, the counter shows 1, marking it done shows 0', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, email, password);
    /** The top bar's tasks link, named by the count of open tasks it shows. */
    const counter = (count: number) =>
      page.getByRole('link', { name: `${text('app.tasks')}: ${text('tasks.counter', { count })}`, exact: true });
    await expect.poll(() => counter(0).count(), { timeout: 30_000 }).toBe(1);

    await page.goto(`${baseUrl()}/#/sales/${saleId}/show`);
    await page.getByText(contractNo).first().waitFor();
    await page.getByRole('link', { name: text('tasks.add_for_sale'), exact: true }).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toContain('#/tasks/create');
    await page.locator('input[name="title"]').fill(`Call about ${contractNo}`);
    await page.getByRole('combobox', { name: text('resources.tasks.fields.assignee_id') }).click();
    await page.getByRole('option', { name: fullName }).click();
    await page.getByRole('button', { name: text('ra.action.save') }).click();

    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/#\/tasks(\?|$)/);
    await expect.poll(() => counter(1).count(), { timeout: 40_000 }).toBe(1);
    const row = page.locator('tr', { hasText: `Call about ${contractNo}` });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.textContent()).toContain(contractNo);

    await row.getByRole('button', { name: text('tasks.mark_done') }).click();
    await expect.poll(() => counter(0).count(), { timeout: 40_000 }).toBe(1);
    const tasks = await admin.call<{ data: Array<{ title: string; status: string; sale_id: number }> }>(
      'GET',
      `/tasks?sale_id=${saleId}`,
    );
    expect(tasks.body.data).toEqual([
      expect.objectContaining({ title: `Call about ${contractNo}`, status: 'done', sale_id: saleId }),
    ]);
    await context.close();
  });
});
