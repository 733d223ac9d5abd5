import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createUnit, uniqueSuffix, type Api } from './fixtures';
import { text } from './texts';

/**
 * The top bar's bell: a payment the accountant records on a sales manager's sale reaches the manager's bell without a
 * reload; opening the notification marks it read and lands on the sale. The manager is one of this file's own (with
 * the sales_manager role), so the count is exactly what this file caused.
 */
describe.skipIf(chromiumMissing())('staff notifications in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const contractNo = `E2E-NT${suffix}`;
  const managerEmail = `e2e-manager-${suffix.toLowerCase()}@demo.ge`;
  const managerPassword = 'Manager-pass-1';
  let admin: Api;
  let accountant: Api;
  let manager: Api;
  let saleId: number;

  beforeAll(async () => {
    admin = await apiSession();
    const complex = await createComplex(admin, `E2E Notifications ${suffix}`, { A: 5 });
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `NT${suffix.slice(-8)}`,
      floor: 2,
      area: 55,
      price: 60000,
      currency: 'USD',
    });
    const customer = await createCustomer(admin, `Notified Customer ${suffix}`);
    const user = await admin.ok<{ id: number }>('POST', '/users', {
      full_name: `E2E Manager ${suffix}`,
      email: managerEmail,
      password: managerPassword,
      roles: ['sales_manager'],
      buildings: [complex.id],
    });
    const nextMonth = businessToday(new Date(Date.now() + 31 * 86_400_000));
    const sale = await admin.ok<{ id: number }>('POST', '/sales', {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 12000,
      currency: 'USD',
      contract_no: contractNo,
      contract_type: 'installment',
      payment_type: 'bank_transfer',
      contract_language: 'ka',
      contract_start_date: nextMonth,
      first_payment_date: nextMonth,
      period_months: 1,
      payments_count: 4,
      user_id: user.id,
    });
    saleId = sale.id;
    [accountant, manager] = await Promise.all([
      apiSession('accountant@demo.ge'),
      apiSession(managerEmail, managerPassword),
    ]);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the accountant’s payment shows 1 on the manager’s bell; opening it marks it read, opens the sale', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, managerEmail, managerPassword);
    /** The top bar's bell, a button named by its unread count (none: its name alone). */
    const bellNamed = (unread: number) =>
      page.getByRole('button', {
        name: unread
          ? `${text('notifications.bell')}: ${text('notifications.unread_count', { count: unread })}`
          : text('notifications.bell'),
        exact: true,
      });
    await expect.poll(() => bellNamed(0).count()).toBe(1);

    const today = businessToday();
    await accountant.ok('POST', '/payments/pay', {
      sale_id: saleId,
      amount: 1000,
      currency: 'USD',
      paid_on: today,
    });

    // without a reload: the bell asks again when the window becomes visible, and every 30 s anyway
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => bellNamed(1).count(), { timeout: 40_000 }).toBe(1);
    // the badge on the bell shows the count
    const badgeCount = bellNamed(1).getByText('1', { exact: true });
    await expect.poll(() => badgeCount.isVisible()).toBe(true);

    await bellNamed(1).click();
    // the menu's notifications, its last item (to the full list) left out
    const item = page
      .getByRole('menu')
      .getByRole('menuitem')
      .filter({ hasNotText: text('notifications.see_all') });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain(
      text('notifications.kinds.payment_recorded', { amount: '1,000.00 USD', contract_no: contractNo }),
    );
    await item.click();

    await expect.poll(() => page.url()).toContain(`#/sales/${saleId}/show`);
    await page.getByText(contractNo).first().waitFor();
    await expect.poll(() => bellNamed(0).count()).toBe(1);
    // the badge is gone from the bell
    await expect.poll(() => bellNamed(0).getByText('1', { exact: true }).isVisible()).toBe(false);
    const mine = await manager.call<{ data: Array<{ read: boolean; link: string }>; meta: { unread: number } }>(
      'GET',
      '/notifications',
    );
    expect(mine.body.meta.unread).toBe(0);
    expect(mine.body.data).toEqual([expect.objectContaining({ read: true, link: `/sales/${saleId}/show` })]);

    // the full list keeps it, no longer in bold
    await page.goto(`${baseUrl()}/#/notifications`);
    const row = page.getByRole('row').filter({ hasText: contractNo });
    await expect.poll(() => row.count()).toBe(1);
    expect(
      await row
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).fontWeight),
    ).toBe('400');
    await context.close();
  });
});
