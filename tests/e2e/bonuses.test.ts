import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import {
  apiSession,
  createComplex,
  createCustomer,
  createSale,
  createUnit,
  uniqueSuffix,
  type Api,
  type Complex,
} from './fixtures';
import { text, textPattern } from './texts';

/**
 * Bonuses in a real browser: an administrator sets this month's target of a new sales manager in the sale target
 * dialog; the bonuses page shows the manager at 0 %; each payment recorded on the manager's sale raises the
 * achievement and the bonus (a schema on payments received: 1 % below half the target, 2 % from half). Each test
 * that follows a manager makes its own, with a sale of their own.
 */
describe.skipIf(chromiumMissing())('bonuses in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const month = businessToday().slice(0, 7);
  const today = businessToday();
  const adminEmail = `e2e-bonus-${suffix.toLowerCase()}@demo.ge`;
  const password = 'Bonus-pass-1';
  const schemaName = `E2E Bonus ${suffix}`;
  let admin: Api;
  let complex: Complex;
  let customerId: number;
  let agentSaleNo: string;
  let agentSaleId: number;
  let made = 0;

  /** A new sales manager of this file's complex with a sale of 20,000 GEL of their own in 4 installments. */
  const managerWithSale = async () => {
    const n = ++made;
    const name = `E2E Manager ${suffix} ${n}`;
    const email = `e2e-manager-${suffix.toLowerCase()}-${n}@demo.ge`;
    const manager = await admin.ok<{ id: number }>('POST', '/users', {
      full_name: name,
      email,
      password,
      roles: ['sales_manager'],
      buildings: [complex.id],
    });
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `BN${suffix.slice(-6)}${n}`,
      floor: 3,
      area: 60,
      price: 20000,
      currency: 'GEL',
    });
    const contractNo = `E2E-BN${suffix}-${n}`;
    const sale = await createSale(admin, {
      property_ids: [unit.id],
      customer_id: customerId,
      price: 20000,
      currency: 'GEL',
      contract_no: contractNo,
      start: today,
      payments_count: 4,
      user_id: manager.id,
    });
    return { id: manager.id, name, email, saleId: sale.id, contractNo };
  };
  const pay = (saleId: number, amount: number) =>
    admin.ok('POST', '/payments/pay', { sale_id: saleId, amount, currency: 'GEL', paid_on: today });

  /** A schema's card on the bonuses page, a region named by the schema. */
  const schemaCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  /** The row of a table whose first cell is `first`. */
  const rowStarting = (within: Locator, first: string) =>
    within.getByRole('row').filter({ has: within.page().getByRole('cell', { name: first, exact: true }) });
  /** The text of `row`'s cell under the column headed by the bonuses text `key`. */
  const cellText = async (card: Locator, row: Locator, key: string) => {
    const headers = await card.getByRole('columnheader').allTextContents();
    const column = headers.indexOf(text(`bonuses.${key}`));
    expect(column, `column ${key}`).toBeGreaterThanOrEqual(0);
    return row.getByRole('cell').nth(column).textContent();
  };

  beforeAll(async () => {
    admin = await apiSession();
    complex = await createComplex(admin, `E2E Bonuses ${suffix}`, { A: 3 });
    customerId = (await createCustomer(admin, `Bonus Customer ${suffix}`)).id;
    const schema = await admin.ok<{ id: number }>('POST', '/bonuses', {
      name: schemaName,
      kind: 'individual',
      base: 'received',
      currency: 'GEL',
      period_from: month,
    });
    await admin.ok('POST', `/bonuses/${schema.id}/items`, { percent_from: 0, percent_to: 50, bonus_percent: 1 });
    await admin.ok('POST', `/bonuses/${schema.id}/items`, { percent_from: 50, percent_to: null, bonus_percent: 2 });
    await admin.ok('POST', '/users', {
      full_name: `E2E Admin ${suffix}`,
      email: adminEmail,
      password,
      roles: ['admin'],
      buildings: [],
    });
    const agent = await admin.ok<{ id: number }>('POST', '/agents', { name: `E2E Agent ${suffix}` });
    const agentUnit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `AG${suffix.slice(-8)}`,
      floor: 4,
      area: 50,
      price: 10000,
      currency: 'GEL',
    });
    agentSaleNo = `E2E-AG${suffix}`;
    const agentSale = await admin.ok<{ id: number }>('POST', '/sales', {
      property_ids: [agentUnit.id],
      customer_id: customerId,
      price: 10000,
      currency: 'GEL',
      contract_no: agentSaleNo,
      contract_type: 'installment',
      payment_type: 'bank_transfer',
      contract_language: 'ka',
      contract_start_date: today,
      first_payment_date: today,
      period_months: 1,
      payments_count: 2,
      agent_id: agent.id,
      agent_fee_percent: 3,
      minimum_income_percent: 20,
    });
    agentSaleId = agentSale.id;
    await pay(agentSaleId, 2500);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets a target, then each payment raises the manager achievement and bonus on the bonuses page', async () => {
    const manager = await managerWithSale();
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);

    await page.goto(`${baseUrl()}/#/bonuses/schemas`);
    await page.getByRole('button', { name: text('bonuses.set_target') }).click();
    const dialog = page.getByRole('dialog', { name: text('bonuses.target_dialog') });
    await dialog.getByRole('combobox', { name: text('bonuses.manager') }).click();
    await page.getByRole('option', { name: manager.name }).click();
    await dialog.locator('input[name="amount"]').fill('10000');
    await dialog.getByRole('button', { name: text('ra.action.save') }).click();
    const targets = page.getByRole('region', { name: text('bonuses.targets') });
    await expect.poll(() => rowStarting(targets, manager.name).textContent()).toContain('10,000.00 GEL');

    await page.getByRole('tab', { name: text('bonuses.tabs.month') }).click();
    const card = schemaCard(page, schemaName);
    const row = rowStarting(card, manager.name);
    await row.waitFor();
    expect(await cellText(card, row, 'target')).toBe('10,000.00 GEL');
    expect(await cellText(card, row, 'achieved')).toBe('0.00 GEL');
    expect(await cellText(card, row, 'bonus')).toBe('0.00 GEL');

    await pay(manager.saleId, 3000);
    await page.reload();
    await row.waitFor();
    await expect.poll(() => cellText(card, row, 'achieved')).toBe('3,000.00 GEL');
    expect(await cellText(card, row, 'percent')).toBe('30.00%');
    expect(await cellText(card, row, 'tier')).toContain('0–50%');
    expect(await cellText(card, row, 'bonus')).toBe('30.00 GEL');

    await pay(manager.saleId, 3000);
    await page.reload();
    await row.waitFor();
    await expect.poll(() => cellText(card, row, 'achieved')).toBe('6,000.00 GEL');
    expect(await cellText(card, row, 'percent')).toBe('60.00%');
    expect(await cellText(card, row, 'tier')).toContain('50%+');
    expect(await cellText(card, row, 'bonus')).toBe('120.00 GEL');

    await row.getByRole('button', { name: text('bonuses.details') }).click();
    const details = page.getByRole('dialog', { name: new RegExp(manager.name) });
    await expect.poll(() => details.getByRole('row').filter({ hasText: manager.contractNo }).count()).toBe(3);
    await context.close();
  });

  it('the sales manager sees only their own figures, on the "my bonus" card', async () => {
    const manager = await managerWithSale();
    await admin.ok('POST', '/sale-targets', { user_id: manager.id, month, amount: 10000, currency: 'GEL' });
    await pay(manager.saleId, 3000);
    await pay(manager.saleId, 3000);
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, manager.email, password);
    await page.goto(`${baseUrl()}/#/bonuses`);
    const card = page.getByRole('region', { name: textPattern('bonuses.my_bonus') });
    const line = card.getByRole('group', { name: schemaName, exact: true });
    await expect.poll(() => line.textContent()).toContain('120.00 GEL');
    expect(await card.textContent()).toContain('6,000.00 GEL (60.00%)');
    expect(await schemaCard(page, schemaName).count()).toBe(0);
    expect(await page.getByRole('button', { name: text('bonuses.export') }).count()).toBe(0);
    await context.close();
  });

  it('a group schema shows the group’s target, achievement and tier once, and members’ shares adding up', async () => {
    const manager = await managerWithSale();
    const groupName = `E2E Group ${suffix}`;
    const group = await admin.ok<{ id: number }>('POST', '/bonuses', {
      name: groupName,
      kind: 'group',
      base: 'signed',
      currency: 'GEL',
      period_from: month,
    });
    await admin.ok('POST', `/bonuses/${group.id}/items`, { percent_from: 0, percent_to: null, bonus_percent: 1.5 });
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);
    await page.goto(`${baseUrl()}/#/bonuses`);
    const card = schemaCard(page, groupName);
    await card.waitFor();
    // "12,345.67 GEL" and "34.19%" in hundredths, so the sums are exact
    const hundredths = (t: string | null) => Math.round(Number((t ?? '').replace(/[^0-9.-]/g, '')) * 100);
    const read = async (row: Locator) => ({
      target: await cellText(card, row, 'target'),
      achieved: hundredths(await cellText(card, row, 'achieved')),
      bonus: hundredths(await cellText(card, row, 'bonus')),
    });
    const groupLine = rowStarting(card, text('bonuses.group_line'));
    const totalsLine = rowStarting(card, text('bonuses.total'));
    const whole = await read(groupLine);
    expect(whole.target).toMatch(/GEL$/);
    expect(whole.achieved).toBeGreaterThan(0);
    expect(await cellText(card, groupLine, 'tier')).toBe('0%+ → 1.5%');
    // the managers' rows: the rows of data but the group's line and the totals
    const members = card
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .filter({ hasNot: page.getByRole('cell', { name: text('bonuses.group_line'), exact: true }) })
      .filter({ hasNot: page.getByRole('cell', { name: text('bonuses.total'), exact: true }) });
    const count = await members.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const rows: Array<{
      target: string | null;
      achieved: number;
      bonus: number;
      share: number;
      percent: string | null;
    }> = [];
    for (let i = 0; i < count; i++) {
      const row = members.nth(i);
      rows.push({
        ...(await read(row)),
        share: hundredths(await cellText(card, row, 'share')),
        percent: await cellText(card, row, 'percent'),
      });
    }
    // no member is measured against a plan of their own
    expect(rows.map((r) => [r.target, r.percent])).toEqual(rows.map(() => ['', '']));
    const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + pick(r), 0);
    expect(total((r) => r.achieved)).toBe(whole.achieved);
    expect(total((r) => r.bonus)).toBe(whole.bonus);
    expect(total((r) => r.share)).toBe(100_00);
    expect(await read(totalsLine)).toEqual(whole);
    expect(await cellText(card, totalsLine, 'share')).toBe('100.00%');
    // the manager of this test's sale has a share of the group's achievement: their 20,000.00 GEL
    expect(await cellText(card, rowStarting(card, manager.name), 'achieved')).toBe('20,000.00 GEL');
    await context.close();
  });

  it("marks an agent's due fee paid from the agents' pay screen", async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);
    await page.goto(`${baseUrl()}/#/bonuses/agents`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: agentSaleNo, exact: true }) });
    await row.waitFor();
    // 25 % paid of the 20 % the fee waits for: the whole 3 % (300.00 GEL) is due
    expect(await row.textContent()).toContain('300.00 GEL');
    expect(await row.getByText(text('bonuses.statuses.must_paid'), { exact: true }).count()).toBe(1);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: text('bonuses.mark_paid') }).click();
    await expect.poll(() => row.getByText(text('bonuses.statuses.paid'), { exact: true }).count()).toBe(1);
    const fees = await admin.ok<{
      rows: Array<{ sales: Array<{ sale_id: number; status: string; paid: number }> }>;
    }>('POST', '/bonuses/getAgentsBonus', { date_from: today, date_to: today });
    const sale = fees.rows.flatMap((r) => r.sales).find((s) => s.sale_id === agentSaleId);
    expect(sale).toMatchObject({ status: 'paid', paid: 300 });
    await context.close();
  });

  it('creates a schema in the bonus dialog and its tiers in the bonus item dialog; an overlap is refused', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);
    await page.goto(`${baseUrl()}/#/bonuses/schemas`);
    await page.getByRole('button', { name: text('bonuses.new_schema') }).click();
    const dialog = page.getByRole('dialog', { name: text('bonuses.new_schema') });
    await dialog.locator('input[name="name"]').fill(`E2E Dialog ${suffix}`);
    await dialog.getByRole('button', { name: text('ra.action.save') }).click();
    const card = page.getByRole('region', { name: `E2E Dialog ${suffix}`, exact: true });
    await card.waitFor();

    const addTier = async (from: string, to: string, percent: string) => {
      await card.getByRole('button', { name: text('bonuses.add_tier') }).click();
      const tier = page.getByRole('dialog', { name: text('bonuses.tier_dialog') });
      await tier.locator('input[name="percent_from"]').fill(from);
      await tier.locator('input[name="percent_to"]').fill(to);
      await tier.locator('input[name="bonus_percent"]').fill(percent);
      await tier.getByRole('button', { name: text('ra.action.save') }).click();
      return tier;
    };
    await addTier('0', '80', '1');
    await expect.poll(() => card.textContent()).toContain('0–80% → 1%');
    const refused = await addTier('70', '100', '2');
    await expect
      .poll(() => refused.textContent())
      .toContain(text('bonuses.tier_overlaps', { tier: '70–100%', other: '0–80%' }));
    await refused.getByRole('button', { name: text('ra.action.cancel') }).click();
    expect(await card.textContent()).not.toContain('70–100%');
    await context.close();
  });
});
