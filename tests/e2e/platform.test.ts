import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  baseUrl,
  chromiumMissing,
  launch,
  menuTags,
  newPage,
  searchList,
  signIn,
  signInThroughLoginPage,
  switchLanguage,
} from './browser';

describe.skipIf(chromiumMissing())('the platform in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends an anonymous visitor to the login page, in Georgian by default', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/#/users`);
    await page.waitForURL(/#\/login/);
    await expect(page.locator('button[type="submit"]').textContent()).resolves.toBe('გაგრძელება');
    await context.close();
  });

  it('shows a clear message for a wrong password', async () => {
    const { context, page } = await newPage(browser, 'en');
    await page.goto(`${baseUrl()}/#/login`);
    await page.locator('input[name="email"]').fill('admin@demo.ge');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Wrong email or password');
    await context.close();
  });

  it('signs two roles in through the code step, and their menus differ as their permissions say', async () => {
    const admin = await newPage(browser, 'en');
    await signInThroughLoginPage(admin.page, 'admin@demo.ge');
    const adminMenu = await menuTags(admin.page);
    expect(adminMenu).toEqual(
      expect.arrayContaining(['home', 'employees', 'role_permission', 'sales', 'reports', 'trashed_sales', 'banks']),
    );
    expect(adminMenu).not.toContain('advance_payments');

    const accountant = await newPage(browser, 'en');
    await signInThroughLoginPage(accountant.page, 'accountant@demo.ge');
    const accountantMenu = await menuTags(accountant.page);
    expect(accountantMenu).toEqual(expect.arrayContaining(['home', 'sales', 'reports', 'banks', 'bank_accounts']));
    expect(accountantMenu).not.toContain('employees');
    expect(accountantMenu).not.toContain('role_permission');
    expect(accountantMenu.length).toBeLessThan(adminMenu.length);

    // a page the user may not open says so instead of a silent trip home
    await accountant.page.goto(`${baseUrl()}/#/users`);
    await accountant.page.getByTestId('forbidden').waitFor();
    await admin.context.close();
    await accountant.context.close();
  });

  it('switches to English and Russian without a reload and keeps the choice', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.ge');
    await expect(page.locator('[data-menu="employees"]').textContent()).resolves.toContain('თანამშრომლები');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await switchLanguage(page, 'en');
    await page.locator('[data-menu="employees"]', { hasText: 'Employees' }).waitFor();
    await switchLanguage(page, 'ru');
    await page.locator('[data-menu="employees"]', { hasText: 'Сотрудники' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.reload();
    await page.locator('[data-menu="employees"]', { hasText: 'Сотрудники' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ru');
    await context.close();
  });

  it('names the page in the browser’s tab, in the screen’s language', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/sales`);
    await expect.poll(() => page.title()).toBe('გაყიდვები · დეველოპერის მართვის პანელი');
    // every menu label shows whole inside the side menu: a long Georgian one wraps
    const cut = await page.locator('[data-testid="side-menu"]').evaluate((menu) => {
      const edge = menu.closest('.RaSidebar-fixed')!.parentElement!.getBoundingClientRect().right;
      return [...menu.querySelectorAll<HTMLElement>('[data-menu]')]
        .filter((item) => item.getBoundingClientRect().right > edge + 1)
        .map((item) => item.textContent);
    });
    expect(cut).toEqual([]);
    await page.goto(`${baseUrl()}/#/customers`);
    await expect.poll(() => page.title()).toMatch(/^კლიენტები · /);
    await switchLanguage(page, 'en');
    await expect.poll(() => page.title()).toMatch(/^Customers · /);
    await context.close();
  });

  it('keeps what a form holds across a language switch, its labels and buttons in the new language', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/users/create`);
    const fullName = page.locator('input[name="full_name"]');
    await fullName.fill('ნინო ბერიძე');
    await page.locator('input[name="email"]').fill('nino@example.ge');
    const label = page.locator(`label[for="${await fullName.getAttribute('id')}"]`);
    await expect(label.textContent()).resolves.not.toContain('Full name');
    await switchLanguage(page, 'en');
    await label.filter({ hasText: 'Full name' }).waitFor();
    await page.locator('button[type="submit"]', { hasText: 'Save' }).waitFor();
    await page.locator('[data-menu="employees"]', { hasText: 'Employees' }).waitFor();
    await expect(fullName.inputValue()).resolves.toBe('ნინო ბერიძე');
    await expect(page.locator('input[name="email"]').inputValue()).resolves.toBe('nino@example.ge');
    await context.close();
  });

  it('opens an unknown route as Error 404!', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/no-such-page`);
    await expect(page.getByTestId('not-found').locator('h3').textContent()).resolves.toBe('Error 404!');
    await context.close();
  });

  it('a 401 from any call signs the user out and goes to /login, which says the session ended', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
    await fetch(`${baseUrl()}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    // a poll (the bell, the tasks counter) may meet the 401 first and sign out before any click: open a list by
    // its address instead of through a menu that may already be gone
    await page.evaluate(() => (window.location.hash = '#/users'));
    await page.waitForURL(/#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    // the sign-in page says why, in an alert to acknowledge
    const told = page.getByRole('dialog', { name: 'Your session has ended' });
    await told.getByRole('button', { name: 'Close' }).click();
    await told.waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    await context.close();
  });

  it('an administrator creates an employee, finds them by search, and a signed-in user opening /login goes home', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/users/create`);
    await page.locator('input[name="full_name"]').fill('Tamar Gelashvili');
    await page.locator('input[name="email"]').fill('tamar@demo.ge');
    await page.locator('input[name="password"]').fill('short');
    await page.locator('button[type="submit"]').click();
    await page.getByText('min. 8 characters').waitFor();
    await page.locator('input[name="password"]').fill('long-enough-1');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/#\/users$/);
    await searchList(page, 'Gelashvili');
    await page.getByText('tamar@demo.ge').waitFor();
    await page.goto(`${baseUrl()}/#/users/create`);
    await page.locator('input[name="full_name"]').fill('Someone Else');
    await page.locator('input[name="email"]').fill('TAMAR@demo.ge');
    await page.locator('input[name="password"]').fill('long-enough-1');
    await page.locator('button[type="submit"]').click();
    await page.getByText('this email is already used by another user').waitFor();
    await page.goto(`${baseUrl()}/#/login`);
    await page.waitForURL(/#\/$/);
    await context.close();
  });
});
