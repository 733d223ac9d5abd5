import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en } from '../../i18n/en';
import { baseUrl, boardCell, chromiumMissing, completeSignIn, launch, newPage, signIn } from './browser';
import {
  addBankAccount,
  apiSession,
  createComplex,
  createCustomer,
  createSale,
  createUnit,
  uniqueSuffix,
  type Api,
} from './fixtures';
import { text, textPattern } from './texts';

/** The Georgian text of a catalogue key, for the pages this file opens in Georgian. */
const ka = (key: string, params: Record<string, string | number> = {}) => text(key, params, 'ka');

/**
 * What a list page shows once its rows are in: its table, its cards on a phone (a list named "Records"), that nothing
 * was found (with or without filters), or an empty list's title saying what belongs in it (react-admin's own where a
 * list has none of its own).
 */
function listShown(page: Page) {
  const main = page.locator('#main-content');
  const emptyTitles = Object.keys(en.empty_list).map((resource) => ka(`empty_list.${resource}.title`));
  return main
    .getByRole('table')
    .or(main.getByRole('list', { name: ka('widgets.records'), exact: true }).getByRole('listitem'))
    .or(main.getByText(textPattern('ra.navigation.no_results', {}, 'ka')))
    .or(main.getByText(textPattern('ra.navigation.no_filtered_results', {}, 'ka')))
    .or(main.getByRole('heading', { name: new RegExp(`^(${emptyTitles.join('|')})$`) }))
    .or(main.getByText(textPattern('ra.page.empty', {}, 'ka')))
    .first();
}

/**
 * What a new member of staff tripped over, in a real browser: the invoice print page opened from the list,
 * the invoice button asking before numbering, lists that fit 1280 and 1440 px in Georgian, a board outside one's
 * complexes, the accountant's sales list asking only for what it may read, a page one may not open saying so and a
 * signed-out deep link kept through sign-in, forms with the app's own messages, the board's actions on a click.
 */
describe.skipIf(chromiumMissing())('everyday screens in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const contractNo = `E2E-FN${suffix}`;
  let admin: Api;
  let complex: { id: number; name: string; blocks: Record<string, number> };
  let saleId: number;
  let freeUnitNo: string;

  beforeAll(async () => {
    admin = await apiSession();
    complex = await createComplex(admin, `E2E Finishing ${suffix}`, { A: 4 });
    await addBankAccount(admin, complex.id);
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `FN${suffix.slice(-8)}`,
      floor: 2,
      area: 60,
      price: 80000,
      currency: 'USD',
    });
    const free = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `FF${suffix.slice(-8)}`,
      floor: 3,
      area: 50,
      price: 70000,
      currency: 'USD',
    });
    freeUnitNo = free.no;
    const customer = await createCustomer(admin, `Finishing Customer ${suffix}`);
    const nextMonth = businessToday(new Date(Date.now() + 31 * 86_400_000));
    saleId = (
      await createSale(admin, {
        property_ids: [unit.id],
        customer_id: customer.id,
        price: 24000,
        contract_no: contractNo,
        start: nextMonth,
        payments_count: 4,
      })
    ).id;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const issuedInvoices = () => admin.ok<Array<{ id: number; number: string }>>('GET', `/invoices?sale_id=${saleId}`);
  const invoicesOfSale = async () => (await issuedInvoices()).length;

  it('prints an invoice from the invoices list (1); the sale page asks before numbering and reprints (2)', async () => {
    const { context, page } = await newPage(browser, 'en');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'admin@demo.ge');

    // 2: the sale page's invoice button asks first; Cancel numbers nothing
    await page.goto(`${baseUrl()}/#/sales/${saleId}/show`);
    await page.getByText(contractNo).first().waitFor();
    // the page's own actions come before the schedule's rows, whose invoice buttons are each an installment's
    const invoiceButton = page.getByRole('button', { name: text('payments.invoice'), exact: true }).first();
    await invoiceButton.click();
    const ask = page.getByRole('dialog', { name: text('payments.invoice_ask.confirm_title') });
    await ask.getByText(text('payments.invoice_ask.confirm_balance'), { exact: true }).waitFor();
    await ask.getByRole('button', { name: text('ra.action.cancel'), exact: true }).click();
    expect(await invoicesOfSale()).toBe(0);

    // Issue: one number, opened in a new tab
    const issue = ask.getByRole('button', { name: text('payments.invoice_ask.issue'), exact: true });
    let tab = context.waitForEvent('page');
    await invoiceButton.click();
    await issue.click();
    await (await tab).close();
    await expect.poll(invoicesOfSale).toBe(1);
    const [issued] = await issuedInvoices();
    expect(issued.number).toMatch(/^INV-\d{6}$/);

    // a second click offers the invoice already issued; issuing again answers the same number
    await invoiceButton.click();
    await ask.getByRole('button', { name: text('payments.invoice_ask.reprint', { number: issued.number }) }).waitFor();
    tab = context.waitForEvent('page');
    await issue.click();
    await (await tab).close();
    await page.getByText(text('payments.invoice_ask.reused', { number: issued.number }), { exact: true }).waitFor();
    expect(await invoicesOfSale()).toBe(1);

    // 1: the print page opened from a list row (whose cached row has no sale) renders at once, no crash
    await page.goto(`${baseUrl()}/#/invoices?filter=${encodeURIComponent(JSON.stringify({ query: contractNo }))}`);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: contractNo });
    await row.first().waitFor();
    await row
      .first()
      .getByRole('link', { name: text('invoices.print'), exact: true })
      .click();
    await page.waitForURL(/#\/invoices\/\d+\/print/);
    // the sheet is an article named by its title, the invoice's number
    const sheet = page.getByRole('article', { name: text('invoices.title', { number: issued.number }) });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain(contractNo);
    const toPay = sheet
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: text('invoices.to_pay'), exact: true }) });
    expect(await toPay.getByRole('cell').last().textContent()).toBe('24,000.00 USD');
    expect(errors.filter((e) => e.includes('contract_no'))).toEqual([]);
    await context.close();
  });

  const widthOf = (page: Page) =>
    page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

  it('lists fit 1440 and 1280 px in Georgian, and a phone: no page wider than the window (3)', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    const wide: string[] = [];
    const lists = ['/customers', '/reservation', '/overdue-sales', '/payments', '/sales'];
    // and a phone's width, where the services' payments were 186 px too wide (their totals did not wrap)
    for (const [width, height, paths] of [
      [1440, 900, lists],
      [1280, 900, lists],
      [
        390,
        844,
        [
          '/services/payments',
          '/sales',
          '/customers',
          '/payment-schedules',
          '/overdue-sales',
          '/templates',
          '/reservation',
        ],
      ],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const path of paths) {
        await page.goto(`${baseUrl()}/#${path}`);
        await page.reload();
        // a phone shows a list's rows as cards, an empty list says what belongs in it
        await listShown(page).waitFor();
        // the rest of its data in (totals, choices), nothing left loading
        await page.waitForLoadState('networkidle');
        await page
          .locator('#main-content [role="progressbar"]:not([aria-valuenow]), #main-content .MuiSkeleton-root')
          .first()
          .waitFor({ state: 'detached' });
        const { scroll, inner } = await widthOf(page);
        if (scroll > inner) wide.push(`${path} at ${width}: ${scroll} px`);
        // a phone's list is cards, the templates' list too (not a react-admin list)
        if (width === 390 && (await page.locator('#main-content table').count())) wide.push(`${path}: a table`);
      }
    }
    // the last phone list, the reservations, as cards: each status chip ends its card's first line, above the second
    const card = page
      .getByRole('list', { name: ka('widgets.records'), exact: true })
      .getByRole('listitem')
      .first();
    const chip = await card.locator('.MuiChip-root').first().boundingBox();
    const second = await card.locator('.MuiListItemText-secondary').boundingBox();
    expect(chip!.y + chip!.height).toBeLessThanOrEqual(second!.y + 1);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(wide).toEqual([]);

    // the sale page's dozen actions wrap onto a second line rather than overlap one another (they did in Georgian)
    await page.goto(`${baseUrl()}/#/sales/${saleId}`);
    await page.getByRole('link', { name: ka('sales.edit'), exact: true }).waitFor();
    // a squeezed button keeps its box but its words run out of it, over the next one
    const squeezed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.show-page > .MuiToolbar-root > *')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    );
    expect(squeezed).toEqual([]);
    await context.close();
  });

  it('names what it shows: /tasks has no raw key; /role-permission names and describes permissions (4)', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/tasks`);
    await page.reload();
    await listShown(page).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('menu.tasks');
    await page.goto(`${baseUrl()}/#/role-permission`);
    await page.reload();
    // a permission's cell: its name, and under it what it lets one do
    const group = ka('permission_groups.general_company');
    const name = ka('permission_texts.actions.view', { group });
    const grid = page.getByRole('table', { name: ka('role_permission.title'), exact: true });
    const cell = grid.getByRole('cell').filter({ has: page.getByText(name, { exact: true }) });
    await cell.waitFor();
    expect(await cell.textContent()).toBe(`${name}${ka('permission_texts.describe.view', { group })}`);
    expect(await grid.textContent()).not.toContain('view_general_company');
    await context.close();
  });

  it('a board outside the user’s complexes says so; switching leaves no units of the other complex (5)', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'property_registrar@demo.ge');
    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await page.reload();
    const refusal = page.getByRole('alert').filter({ hasText: text('board.building_not_found') });
    await refusal.waitFor({ timeout: 15_000 });
    // the board's grid of units is a region named by the board's title
    const grid = page.getByRole('region', { name: text('board.units'), exact: true });
    expect(await grid.count()).toBe(0);

    // the registrar's own complex draws; then the foreign one again shows the refusal, not the previous units
    await page.getByRole('combobox', { name: text('board.building') }).click();
    await page.getByRole('option').first().click();
    await grid.waitFor();
    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await refusal.waitFor({ timeout: 15_000 });
    expect(await grid.count()).toBe(0);
    await context.close();
  });

  it('the accountant’s home and sales list ask only what they may read: no tasks, no /api/agents (6)', async () => {
    const { context, page } = await newPage(browser, 'en');
    const refused: string[] = [];
    const asked: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() === 403) refused.push(`${r.request().method()} ${r.url()}`);
    });
    page.on('request', (r) => {
      if (r.url().includes('/api/')) asked.push(new URL(r.url()).pathname);
    });
    await signIn(page, 'accountant@demo.ge');
    // the home page too: the accountant holds no task permission,
    // so neither the dashboard nor the top bar asks for tasks
    await page.getByRole('region', { name: text('reports.home.due_today'), exact: true }).waitFor();
    // what the page asks for once it is shown: every call answered and none since
    await page.waitForLoadState('networkidle');
    expect(asked).not.toContain('/api/tasks/actual');
    expect(refused).toEqual([]);
    await page.goto(`${baseUrl()}/#/sales`);
    await page.reload();
    asked.length = 0;
    await page.getByRole('table').waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    // the list opens with its rows and totals; the closed filter panel's lookups wait until it is opened
    for (const lookup of ['/api/buildings', '/api/customers', '/api/users', '/api/agents'])
      expect(asked).not.toContain(lookup);
    expect(asked).toContain('/api/sales');
    expect(asked).toContain('/api/sales/totals');
    await page.getByRole('button', { name: new RegExp(`${text('sales.filters')}$`) }).click();
    await expect.poll(() => asked).toContain('/api/buildings');
    expect(asked).not.toContain('/api/agents');
    await context.close();
  });

  it('a page one may not open says why (7); a signed-out deep link is opened after the code step (7)', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'accountant@demo.ge');
    await page.goto(`${baseUrl()}/#/users`);
    await page.reload();
    // the page's own heading (the top bar repeats its title)
    await page.getByRole('heading', { level: 4, name: text('access_denied.title'), exact: true }).waitFor();
    await context.close();

    const fresh = await newPage(browser, 'en');
    const p = fresh.page;
    await p.goto(`${baseUrl()}/#/sales/${saleId}/show`);
    await p.getByRole('textbox', { name: text('auth.email') }).waitFor();
    await completeSignIn(p, 'admin@demo.ge');
    await p.waitForURL(new RegExp(`#/sales/${saleId}/show`));
    await p.getByText(contractNo).first().waitFor();
    await fresh.context.close();
  });

  it('forms answer with the app’s messages (9) and a free unit offers reserve and sell on a click (13)', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/customers/create`);
    await page.reload();
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('textbox', { name: text('resources.customers.fields.name_ka') }) });
    await form.waitFor();
    await expect.poll(() => form.getAttribute('novalidate')).not.toBeNull();

    await page.goto(`${baseUrl()}/#/properties/board?building=${complex.id}`);
    await page.reload();
    // hovering a board cell shows the unit's details
    const cell = boardCell(page, freeUnitNo);
    await cell.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain(text('board.click_actions'));
    await cell.click();
    await page.getByRole('menuitem', { name: text('deals.reserve'), exact: true }).click();
    await page.waitForURL(/#\/reservation\/create/);
    await context.close();
  });
  it('shared widgets: sale page breadcrumbs, all sales columns at first and the choice kept, area slider', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/sales/${saleId}`);
    await page.reload();
    const trail = page.getByRole('navigation', { name: text('breadcrumbs.label'), exact: true });
    await trail.getByText(contractNo).waitFor();
    expect(await trail.getByRole('listitem').allTextContents()).toEqual([
      text('menu.home'),
      text('menu.sales'),
      contractNo,
    ]);
    await trail.getByRole('link', { name: text('menu.sales'), exact: true }).click();
    await page.waitForURL(/#\/sales(\?|$)/);
    await expect.poll(() => trail.count()).toBe(0);

    // the column chooser starts with every column; a column hidden stays hidden after a reload
    const field = (name: string) => text(`resources.sales.fields.${name}`);
    const headers = page.getByRole('table').getByRole('columnheader');
    // the list's placeholder while it loads has headers without titles
    await expect.poll(() => headers.allTextContents()).toContain(field('paid_percent'));
    const titles = await headers.allTextContents();
    for (const title of [field('agent_name'), field('user_name'), field('created_at')]) expect(titles).toContain(title);
    // the status is in view at 1366 px without scrolling the table
    // a sortable column's header is named by its sort button's tooltip: it is found by its title
    const status = await headers.filter({ hasText: new RegExp(`^${field('status')}$`) }).boundingBox();
    expect(status!.x + status!.width).toBeLessThanOrEqual(1366);
    await page.getByRole('button', { name: text('ra.action.select_columns'), exact: true }).click();
    // an option's content is presentational: its switch is reached as an input
    await page
      .getByRole('option', { name: field('agent_name'), exact: true })
      .locator('input')
      .click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers.allTextContents()).not.toContain(field('agent_name'));
    await page.reload();
    await headers.first().waitFor();
    expect(await headers.allTextContents()).not.toContain(field('agent_name'));

    // the area slider moves the min box and filters the list when let go
    await page.goto(`${baseUrl()}/#/properties`);
    const area = text('resources.properties.fields.area');
    const minThumb = page.getByRole('slider', { name: `${area}: ${text('widgets.min')}`, exact: true });
    await minThumb.waitFor();
    await minThumb.focus();
    await page.keyboard.press('PageUp');
    await expect.poll(() => page.url()).toContain('area_from');
    const filter = new URL(page.url().replace('#/', '')).searchParams.get('filter')!;
    const applied = Number(JSON.parse(filter).area_from);
    expect(applied).toBeGreaterThan(0);
    const minBox = page
      .getByRole('group', { name: area, exact: true })
      .getByRole('spinbutton', { name: text('widgets.min'), exact: true });
    expect(await minBox.inputValue()).toBe(String(applied));
    await context.close();
  });
  it('turns the theme from the top bar, and on a phone from the user menu', async () => {
    const { context, page } = await newPage(browser, 'ka');
    await signIn(page, 'admin@demo.ge');
    await page.goto(`${baseUrl()}/#/sales`);
    await listShown(page).waitFor();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: ka('app.theme_dark'), exact: true }).click();
    await expect.poll(background).not.toBe(light);

    // a phone's top bar has no room for it: the switch is an entry of the user menu, and the choice was kept
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await listShown(page).waitFor();
    expect(await background()).not.toBe(light);
    expect(await page.getByRole('button', { name: ka('app.theme_light'), exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: ka('ra.auth.user_menu'), exact: true }).click();
    await page.getByRole('menuitem', { name: ka('app.theme_light'), exact: true }).click();
    await expect.poll(background).toBe(light);
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await context.close();
  });
});
