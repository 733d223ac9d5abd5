import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  chromiumMissing,
  launch,
  menuEntries,
  newPage,
  searchList,
  sideMenu,
  signIn,
  signInThroughLoginPage,
  switchLanguage,
} from './browser';
import { text } from './texts';

/** The side menu's entries of these tags, named as the English screen names them. */
const entries = (tags: string[]) => tags.map((tag) => text(`menu.${tag}`));
/** The side menu's entry of the employees, named in `locale`. */
const employeesEntry = (page: Page, locale: 'ka' | 'en' | 'ru') =>
  sideMenu(page).getByRole('link', { name: text('menu.employees', {}, locale), exact: true });

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
    await page.getByRole('textbox', { name: text('auth.email', {}, 'ka') }).waitFor();
    await page.getByRole('button', { name: text('auth.continue', {}, 'ka'), exact: true }).waitFor();
    await context.close();
  });

  it('shows a clear message for a wrong password', async () => {
    const { context, page } = await newPage(browser, 'en');
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByRole('textbox', { name: text('auth.email') }).fill('admin@demo.ge');
    await page.getByLabel(new RegExp(`^${text('auth.password')}`)).fill('wrong-password');
    await page.getByRole('button', { name: text('auth.continue'), exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(text('server.bad_credentials'));
    await context.close();
  });

  it('signs two roles in through the code step, and their menus differ as their permissions say', async () => {
    const admin = await newPage(browser, 'en');
    await signInThroughLoginPage(admin.page, 'admin@demo.ge');
    const adminMenu = await menuEntries(admin.page);
    expect(adminMenu).toEqual(
      expect.arrayContaining(
        entries(['home', 'employees', 'role_permission', 'sales', 'reports', 'trashed_sales', 'banks']),
      ),
    );
    expect(adminMenu).not.toContain(text('menu.advance_payments'));
    // the entry of the page shown, and only it, is marked as the current page: a page of its own inside another
    // entry's path (the services' payments under the services) marks its own entry alone
    const current = () => sideMenu(admin.page).locator('a[aria-current="page"]').allTextContents();
    await sideMenu(admin.page)
      .getByRole('link', { name: text('menu.service_payments', {}, 'en'), exact: true })
      .click();
    await admin.page.waitForURL(/#\/services\/payments/);
    await expect.poll(current).toEqual([text('menu.service_payments', {}, 'en')]);
    await sideMenu(admin.page)
      .getByRole('link', { name: text('menu.sales', {}, 'en'), exact: true })
      .click();
    await admin.page.waitForURL(/#\/sales/);
    await expect.poll(current).toEqual([text('menu.sales', {}, 'en')]);

    const accountant = await newPage(browser, 'en');
    await signInThroughLoginPage(accountant.page, 'accountant@demo.ge');
    const accountantMenu = await menuEntries(accountant.page);
    expect(accountantMenu).toEqual(
      expect.arrayContaining(entries(['home', 'sales', 'reports', 'banks', 'bank_accounts'])),
    );
    expect(accountantMenu).not.toContain(text('menu.employees'));
    expect(accountantMenu).not.toContain(text('menu.role_permission'));
    expect(accountantMenu.length).toBeLessThan(adminMenu.length);

    // a page the user may not open says so instead of a silent trip home
    await accountant.page.goto(`${baseUrl()}/#/users`);
    await accountant.page.getByRole('heading', { level: 4, name: text('access_denied.title'), exact: true }).waitFor();
    await admin.context.close();
    await accountant.context.close();
  });

  it('switches to English and Russian without a reload and keeps the choice', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.ge');
    await employeesEntry(page, 'ka').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await switchLanguage(page, 'en');
    await employeesEntry(page, 'en').waitFor();
    await switchLanguage(page, 'ru');
    await employeesEntry(page, 'ru').waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.reload();
    await employeesEntry(page, 'ru').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ru');
    await context.close();
  });

  it('names the page in the browser’s tab, in the screen’s language', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/sales`);
    await expect.poll(() => page.title()).toBe(`${text('menu.sales', {}, 'ka')} · ${text('app.name', {}, 'ka')}`);
    // every menu label shows whole inside the side menu: a long Georgian one wraps
    const cut = await sideMenu(page).evaluate((menu) => {
      const edge = menu.closest('.RaSidebar-fixed')!.parentElement!.getBoundingClientRect().right;
      return [...menu.querySelectorAll<HTMLElement>('a')]
        .filter((item) => item.getBoundingClientRect().right > edge + 1)
        .map((item) => item.textContent);
    });
    expect(cut).toEqual([]);
    await page.goto(`${baseUrl()}/#/customers`);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${text('menu.customers', {}, 'ka')} · `));
    await switchLanguage(page, 'en');
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${text('menu.customers')} · `));
    await context.close();
  });

  it('keeps what a form holds across a language switch, its labels and buttons in the new language', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/users/create`);
    const field = (key: string, locale: 'ka' | 'en') =>
      page.getByRole('textbox', { name: text(`resources.users.fields.${key}`, {}, locale) });
    await field('full_name', 'ka').fill('ნინო ბერიძე');
    await field('email', 'ka').fill('nino@example.ge');
    await switchLanguage(page, 'en');
    await field('full_name', 'en').waitFor();
    await page.getByRole('button', { name: text('ra.action.save'), exact: true }).waitFor();
    await employeesEntry(page, 'en').waitFor();
    await expect(field('full_name', 'en').inputValue()).resolves.toBe('ნინო ბერიძე');
    await expect(field('email', 'en').inputValue()).resolves.toBe('nino@example.ge');
    await context.close();
  });

  it('opens an unknown route as Error 404!', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/no-such-page`);
    await page.getByRole('heading', { level: 3, name: text('app.error_404'), exact: true }).waitFor();
    await context.close();
  });

  it('a 401 from any call signs the user out and goes to /login, which says the session ended', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    // what is on screen when the session ends (the bell among it) meets the 401 without an error of its own
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
    await fetch(`${baseUrl()}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    // a list opened by its address meets the 401 and goes to the sign-in page; opened again, it goes there again
    // rather than drawing an empty page from what the ended session left in the cache
    for (let time = 0; time < 2; time += 1) {
      await page.evaluate(() => (window.location.hash = '#/users'));
      await page.waitForURL(/#\/login/);
    }
    expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    // the sign-in page says why, in an alert to acknowledge
    const told = page.getByRole('dialog', { name: text('auth.session_lost_title') });
    await told.getByRole('button', { name: text('ra.action.close') }).click();
    await told.waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: text('auth.email') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin creates an employee, finds them by search; a signed-in user opening /login goes home', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    const fullName = page.getByRole('textbox', { name: text('resources.users.fields.full_name') });
    const email = page.getByRole('textbox', { name: text('resources.users.fields.email') });
    const password = page.getByLabel(new RegExp(`^${text('resources.users.fields.password')}`));
    const save = page.getByRole('button', { name: text('ra.action.save'), exact: true });
    await page.goto(`${baseUrl()}/#/users/create`);
    await fullName.fill('Tamar Gelashvili');
    await email.fill('tamar@demo.ge');
    await password.fill('short');
    await save.click();
    await page.getByText(text('validation.password_min'), { exact: true }).waitFor();
    await password.fill('long-enough-1');
    await save.click();
    await page.waitForURL(/#\/users$/);
    await searchList(page, 'Gelashvili');
    await page.getByRole('cell', { name: 'tamar@demo.ge', exact: true }).waitFor();
    await page.goto(`${baseUrl()}/#/users/create`);
    await fullName.fill('Someone Else');
    await email.fill('TAMAR@demo.ge');
    await password.fill('long-enough-1');
    await save.click();
    await page.getByText(text('validation.email_taken'), { exact: true }).waitFor();
    await page.goto(`${baseUrl()}/#/login`);
    await page.waitForURL(/#\/$/);
    await context.close();
  });
  it('keeps the top bar and the menu in place while a laptop scrolls; on a phone the bar slides away', async () => {
    const bar = (page: Page) => page.locator('header').first();
    const scrolled = async (page: Page) => {
      await page.goto(`${baseUrl()}/#/sales?perPage=50`);
      // fifty sales: a table on a laptop, cards on a phone, either far taller than the screen
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2500);
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      // the bar's slide takes a moment where it happens
      await page.waitForTimeout(600);
    };

    const laptop = await newPage(browser, 'en');
    await signIn(laptop.page, 'admin@demo.ge');
    await scrolled(laptop.page);
    const barBox = (await bar(laptop.page).boundingBox())!;
    expect(barBox.y).toBe(0);
    const firstEntry = (await sideMenu(laptop.page).getByRole('link').first().boundingBox())!;
    expect(firstEntry.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
    await laptop.context.close();

    const phone = await newPage(browser, 'en');
    await signIn(phone.page, 'admin@demo.ge');
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await scrolled(phone.page);
    const phoneBar = (await bar(phone.page).boundingBox())!;
    expect(phoneBar.y + phoneBar.height).toBeLessThanOrEqual(0);
    await phone.context.close();
  });
});
