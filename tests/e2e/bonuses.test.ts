import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, chromiumMissing, launch, newPage, signIn } from './browser';
import { apiSession, createComplex, createCustomer, createSale, createUnit, uniqueSuffix, type Api } from './fixtures';

/**
 * Bonuses in a real browser: an administrator sets this month's target of a new sales manager in the sale target
 * dialog; the bonuses page shows the manager at 0 %; each payment recorded on the manager's sale raises the
 * achievement and the bonus (a schema on payments received: 1 % below half the target, 2 % from half).
 */
describe.skipIf(chromiumMissing())('bonuses in a real browser', () => {
  let browser: Browser;
  const suffix = uniqueSuffix();
  const month = businessToday().slice(0, 7);
  const today = businessToday();
  const managerName = `E2E Manager ${suffix}`;
  const adminEmail = `e2e-bonus-${suffix.toLowerCase()}@demo.ge`;
  const password = 'Bonus-pass-1';
  let admin: Api;
  let saleId: number;
  let managerId: number;
  let schemaId: number;
  let agentSaleId: number;

  beforeAll(async () => {
    admin = await apiSession();
    const complex = await createComplex(admin, `E2E Bonuses ${suffix}`, { A: 3 });
    const unit = await createUnit(admin, {
      building_id: complex.id,
      block_id: complex.blocks.A,
      no: `BN${suffix.slice(-8)}`,
      floor: 3,
      area: 60,
      price: 20000,
      currency: 'GEL',
    });
    const customer = await createCustomer(admin, `Bonus Customer ${suffix}`);
    const manager = await admin.ok<{ id: number }>('POST', '/users', {
      full_name: managerName,
      email: `e2e-manager-${suffix.toLowerCase()}@demo.ge`,
      password,
      roles: ['sales_manager'],
      buildings: [complex.id],
    });
    managerId = manager.id;
    const sale = await createSale(admin, {
      property_ids: [unit.id],
      customer_id: customer.id,
      price: 20000,
      currency: 'GEL',
      contract_no: `E2E-BN${suffix}`,
      start: today,
      payments_count: 4,
      user_id: managerId,
    });
    saleId = sale.id;
    const schema = await admin.ok<{ id: number }>('POST', '/bonuses', {
      name: `E2E Bonus ${suffix}`,
      kind: 'individual',
      base: 'received',
      currency: 'GEL',
      period_from: month,
    });
    schemaId = schema.id;
    await admin.ok('POST', `/bonuses/${schemaId}/items`, { percent_from: 0, percent_to: 50, bonus_percent: 1 });
    await admin.ok('POST', `/bonuses/${schemaId}/items`, { percent_from: 50, percent_to: null, bonus_percent: 2 });
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
    const agentSale = await admin.ok<{ id: number }>('POST', '/sales', {
      property_ids: [agentUnit.id],
      customer_id: customer.id,
      price: 10000,
      currency: 'GEL',
      contract_no: `E2E-AG${suffix}`,
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
    await admin.ok('POST', '/payments/pay', { sale_id: agentSaleId, amount: 2500, currency: 'GEL', paid_on: today });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const managerRowOf = (page: Page, schema: number) => page.getByTestId(`bonus-row-${schema}-${managerId}`);
  const managerRow = (page: Page) => managerRowOf(page, schemaId);
  const cell = (page: Page, name: string) => managerRow(page).getByTestId(name).textContent();

  it('sets a target, then each payment raises the manager achievement and bonus on the bonuses page', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);

    await page.goto(`${baseUrl()}/#/bonuses/schemas`);
    await page.getByTestId('set-target').click();
    const dialog = page.getByTestId('sale-target-dialog');
    await dialog.getByRole('combobox', { name: /Manager/ }).click();
    await page.getByRole('option', { name: managerName }).click();
    await dialog.locator('input[name="amount"]').fill('10000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const targets = page.getByTestId('sale-targets');
    await expect.poll(() => targets.locator('tr', { hasText: managerName }).textContent()).toContain('10,000.00 GEL');

    await page.getByRole('tab', { name: 'Bonuses by month' }).click();
    await managerRow(page).waitFor();
    expect(await cell(page, 'bonus-target')).toBe('10,000.00 GEL');
    expect(await cell(page, 'bonus-achieved')).toBe('0.00 GEL');
    expect(await cell(page, 'bonus-amount')).toBe('0.00 GEL');

    await admin.ok('POST', '/payments/pay', { sale_id: saleId, amount: 3000, currency: 'GEL', paid_on: today });
    await page.reload();
    await managerRow(page).waitFor();
    await expect.poll(() => cell(page, 'bonus-achieved')).toBe('3,000.00 GEL');
    expect(await cell(page, 'bonus-percent')).toBe('30.00%');
    expect(await cell(page, 'bonus-tier')).toContain('0–50%');
    expect(await cell(page, 'bonus-amount')).toBe('30.00 GEL');

    await admin.ok('POST', '/payments/pay', { sale_id: saleId, amount: 3000, currency: 'GEL', paid_on: today });
    await page.reload();
    await managerRow(page).waitFor();
    await expect.poll(() => cell(page, 'bonus-achieved')).toBe('6,000.00 GEL');
    expect(await cell(page, 'bonus-percent')).toBe('60.00%');
    expect(await cell(page, 'bonus-tier')).toContain('50%+');
    expect(await cell(page, 'bonus-amount')).toBe('120.00 GEL');

    await managerRow(page).getByRole('button', { name: 'What makes it up' }).click();
    const details = page.getByTestId('bonus-details');
    await expect.poll(() => details.locator('tr', { hasText: `E2E-BN${suffix}` }).count()).toBe(3);
    await context.close();
  });

  it('the sales manager sees only their own figures, on the "my bonus" card', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, `e2e-manager-${suffix.toLowerCase()}@demo.ge`, password);
    await page.goto(`${baseUrl()}/#/bonuses`);
    const card = page.getByTestId('my-bonus');
    await expect
      .poll(() =>
        card
          .locator('div', { hasText: `E2E Bonus ${suffix}` })
          .last()
          .textContent(),
      )
      .toContain('120.00 GEL');
    expect(await card.textContent()).toContain('6,000.00 GEL (60.00%)');
    expect(await page.getByTestId(`bonus-schema-${schemaId}`).count()).toBe(0);
    expect(await page.getByTestId('bonus-export').count()).toBe(0);
    await context.close();
  });

  it('a group schema shows the group’s target, achievement and tier once, and members’ shares adding up', async () => {
    const group = await admin.ok<{ id: number }>('POST', '/bonuses', {
      name: `E2E Group ${suffix}`,
      kind: 'group',
      base: 'signed',
      currency: 'GEL',
      period_from: month,
    });
    await admin.ok('POST', `/bonuses/${group.id}/items`, { percent_from: 0, percent_to: null, bonus_percent: 1.5 });
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);
    await page.goto(`${baseUrl()}/#/bonuses`);
    const card = page.getByTestId(`bonus-schema-${group.id}`);
    await card.waitFor();
    // "12,345.67 GEL" and "34.19%" in hundredths, so the sums are exact
    const hundredths = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
    const read = async (row: ReturnType<Page['getByTestId']>) => ({
      target: await row.getByTestId('bonus-target').textContent(),
      achieved: hundredths(await row.getByTestId('bonus-achieved').textContent()),
      bonus: hundredths(await row.getByTestId('bonus-amount').textContent()),
    });
    const whole = await read(card.getByTestId(`bonus-group-${group.id}`));
    expect(whole.target).toMatch(/GEL$/);
    expect(whole.achieved).toBeGreaterThan(0);
    expect(await card.getByTestId(`bonus-group-${group.id}`).getByTestId('bonus-tier').textContent()).toBe(
      '0%+ → 1.5%',
    );
    const members = card.locator('[data-testid^="bonus-row-"]');
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
        share: hundredths(await row.getByTestId('bonus-share').textContent()),
        percent: await row.getByTestId('bonus-percent').textContent(),
      });
    }
    // no member is measured against a plan of their own
    expect(rows.map((r) => [r.target, r.percent])).toEqual(rows.map(() => ['', '']));
    const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + pick(r), 0);
    expect(total((r) => r.achieved)).toBe(whole.achieved);
    expect(total((r) => r.bonus)).toBe(whole.bonus);
    expect(total((r) => r.share)).toBe(100_00);
    const totals = card.getByTestId(`bonus-totals-${group.id}`);
    expect(await read(totals)).toEqual(whole);
    expect(await totals.getByTestId('bonus-share').textContent()).toBe('100.00%');
    // the manager of this file's sale has a share of the group's achievement: their 20,000.00 GEL
    expect((await managerRowOf(page, group.id).getByTestId('bonus-achieved').textContent()) ?? '').toBe(
      '20,000.00 GEL',
    );
    await context.close();
  });

  it("marks an agent's due fee paid from the agents' pay screen", async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);
    await page.goto(`${baseUrl()}/#/bonuses/agents`);
    const row = page.getByTestId(`agent-sale-${agentSaleId}`);
    await row.waitFor();
    // 25 % paid of the 20 % the fee waits for: the whole 3 % (300.00 GEL) is due
    expect(await row.textContent()).toContain('300.00 GEL');
    expect(await row.getByText('Due', { exact: true }).count()).toBe(1);
    await row.getByRole('checkbox').check();
    await page.getByTestId('mark-paid').click();
    await expect.poll(() => row.getByText('Paid', { exact: true }).count()).toBe(1);
    const fees = await admin.ok<{ rows: Array<{ sales: Array<{ sale_id: number; status: string; paid: number }> }> }>(
      'POST',
      '/bonuses/getAgentsBonus',
      { date_from: today, date_to: today },
    );
    const sale = fees.rows.flatMap((r) => r.sales).find((s) => s.sale_id === agentSaleId);
    expect(sale).toMatchObject({ status: 'paid', paid: 300 });
    await context.close();
  });

  it('creates a schema in the bonus dialog and its tiers in the bonus item dialog; an overlapping tier is refused', async () => {
    const { context, page } = await newPage(browser, 'en');
    await signIn(page, adminEmail, password);
    await page.goto(`${baseUrl()}/#/bonuses/schemas`);
    await page.getByTestId('new-schema').click();
    const dialog = page.getByTestId('bonus-dialog');
    await dialog.locator('input[name="name"]').fill(`E2E Dialog ${suffix}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const card = page.locator('[data-testid^="schema-card-"]', { hasText: `E2E Dialog ${suffix}` });
    await card.waitFor();

    const addTier = async (from: string, to: string, percent: string) => {
      await card.getByRole('button', { name: 'Add tier' }).click();
      const tier = page.getByTestId('bonus-item-dialog');
      await tier.locator('input[name="percent_from"]').fill(from);
      await tier.locator('input[name="percent_to"]').fill(to);
      await tier.locator('input[name="bonus_percent"]').fill(percent);
      await tier.getByRole('button', { name: 'Save' }).click();
      return tier;
    };
    await addTier('0', '80', '1');
    await expect.poll(() => card.textContent()).toContain('0–80% → 1%');
    const refused = await addTier('70', '100', '2');
    await expect.poll(() => refused.textContent()).toContain('The tier 70–100% overlaps the tier 0–80%');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.textContent()).not.toContain('70–100%');
    await context.close();
  });
});
