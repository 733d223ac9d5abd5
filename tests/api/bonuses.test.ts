import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { activityLogs, agents, buildings, currencyRates, payments, sales, users } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { makeSale } from './saleFixtures';

/**
 * A hand-calculated month, March 2019 (no demo data that far back). NBG's stored rates: USD 2.70 on the 1st, 2.80
 * from the 10th; EUR 3.00. Three managers, each signing one sale on the 5th:
 * - A: target 10,000 GEL, a GEL sale of 10,000.00 (exactly 100 %); pays 2,800 GEL on the 10th (= 1,000.00 USD);
 * - B: target 5,000 USD (13,500.00 GEL at 2.70), a USD sale of 5,000.00 at its stored rate 2.65 (13,250.00 GEL,
 *   98.14 %); pays 1,000 USD and 500 EUR on the 10th (credited 535.71 USD at the payment's rate);
 * - C: target 6,000 GEL, a EUR sale of 1,999.90 at its stored rate 3.00 (5,999.70 GEL: 99.99 %, just below);
 *   pays 1,999.90 EUR on the 10th (2,142.75 USD).
 */
const MONTH = '2019-03';

let t: TestApp;
let adminToken: string;
let vake: number;
const managers: Record<'A' | 'B' | 'C', { id: number; token: string }> = {} as never;
const schemaIds: Record<'signed' | 'received' | 'group', number> = {} as never;

const db = () => t.database.db;
/** The activity-log lines of a record written through a route, oldest first. */
const linesOf = (recordType: string, id: number, route: string) =>
  db()
    .select({ action: activityLogs.action, status: activityLogs.statusCode, complex: activityLogs.buildingId })
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.recordType, recordType),
        eq(activityLogs.recordId, String(id)),
        eq(activityLogs.route, route),
      ),
    )
    .orderBy(asc(activityLogs.id));
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: t.as(token) });
const ok = <T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
};

async function schemaWithTiers(
  body: Record<string, unknown>,
  tiers: Array<Record<string, number | null>>,
): Promise<number> {
  const schema = ok<{ id: number }>(await send('POST', '/bonuses', body), 201);
  for (const tier of tiers) ok(await send('POST', `/bonuses/${schema.id}/items`, tier), 201);
  return schema.id;
}

const pay = async (saleId: number, amount: number, currency: string, paidOn = `${MONTH}-10`) =>
  ok(await send('POST', '/payments/pay', { sale_id: saleId, amount, currency, paid_on: paidOn }), 201);

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
  await db()
    .insert(currencyRates)
    .values([
      { currency: 'USD', date: '2019-03-01', rate: '2.7000', source: 'manual' },
      { currency: 'USD', date: '2019-03-10', rate: '2.8000', source: 'manual' },
      { currency: 'EUR', date: '2019-03-01', rate: '3.0000', source: 'manual' },
      { currency: 'EUR', date: '2019-03-10', rate: '3.0000', source: 'manual' },
    ]);
  for (const name of ['A', 'B', 'C'] as const) {
    const staff = await createStaff(t, adminToken, {
      permissions: ['view_bonus_schemas', 'view_sale_targets', 'view_sales', 'view_agents'],
      fullName: `Manager ${name}`,
      buildings: [vake],
    });
    managers[name] = { id: staff.id, token: staff.token };
  }
  const saleOf = async (userId: number, price: number, currency: 'GEL' | 'USD' | 'EUR', rate: string | null) => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price,
      currency,
      contractStartDate: `${MONTH}-05`,
      firstPaymentDate: '2019-04-01',
      paymentsCount: 2,
      userId,
    });
    await db().update(sales).set({ currencyRate: rate }).where(eq(sales.id, sale.id));
    return sale.id;
  };
  const saleA = await saleOf(managers.A.id, 10_000, 'GEL', '1');
  const saleB = await saleOf(managers.B.id, 5_000, 'USD', '2.65');
  const saleC = await saleOf(managers.C.id, 1_999.9, 'EUR', '3.00');
  await pay(saleA, 2_800, 'GEL');
  await pay(saleB, 1_000, 'USD');
  await pay(saleB, 500, 'EUR');
  await pay(saleC, 1_999.9, 'EUR');
  for (const [who, amount, currency] of [
    ['A', 10_000, 'GEL'],
    ['B', 5_000, 'USD'],
    ['C', 6_000, 'GEL'],
  ] as const)
    ok(await send('POST', '/sale-targets', { user_id: managers[who].id, month: MONTH, amount, currency }), 201);
  schemaIds.signed = await schemaWithTiers(
    { name: 'Signed, individual', kind: 'individual', base: 'signed', currency: 'GEL', period_from: '2019-01' },
    [
      { percent_from: 80, percent_to: 100, bonus_percent: 1 },
      { percent_from: 100, percent_to: 150, bonus_percent: 2 },
      { percent_from: 150, percent_to: null, fixed_amount: 500 },
    ],
  );
  schemaIds.received = await schemaWithTiers(
    {
      name: 'Received, individual',
      kind: 'individual',
      base: 'received',
      currency: 'USD',
      period_from: '2019-03',
      period_to: '2019-03',
    },
    [
      { percent_from: 0, percent_to: 20, bonus_percent: 1 },
      { percent_from: 20, percent_to: 50, bonus_percent: 3 },
    ],
  );
  schemaIds.group = await schemaWithTiers(
    { name: 'Group', kind: 'group', base: 'signed', currency: 'GEL', period_from: '2019-03' },
    [
      { percent_from: 0, percent_to: 100, bonus_percent: 1 },
      { percent_from: 100, percent_to: null, bonus_percent: 3 },
    ],
  );
});
afterAll(() => t.close());

type Row = {
  user_id: number;
  target: number | null;
  achieved: number;
  achievement_percent: number | null;
  share_percent: number | null;
};
type Figures = Row & { tier: { percent_from: number } | null; bonus: number };
interface SchemaMonth {
  bonus_id: number;
  rows: Figures[];
  group: (Omit<Figures, 'user_id'> & { bonus: number }) | null;
  totals: Record<string, number>;
}
const byMonth = async (token = adminToken) =>
  ok<{ schemas: SchemaMonth[] }>(await send('POST', '/bonuses/getBonusByMonth', { month: MONTH }, token)).schemas;
const rowOf = (schema: SchemaMonth | undefined, who: 'A' | 'B' | 'C') =>
  schema?.rows.find((r) => r.user_id === managers[who].id);
const brief = (r: Figures | undefined) =>
  r && [r.target, r.achieved, r.achievement_percent, r.tier?.percent_from ?? null, r.bonus];

describe('bonus schemas and their tiers (/bonuses)', () => {
  it('lists the schemas with their tiers in order', async () => {
    const list = ok<Array<{ id: number; period_from: string; period_to: string | null; items: unknown[] }>>(
      await send('GET', '/bonuses'),
    );
    const received = list.find((s) => s.id === schemaIds.received)!;
    expect(received).toMatchObject({
      period_from: '2019-03',
      period_to: '2019-03',
      kind: 'individual',
      base: 'received',
    });
    expect(received.items).toEqual([
      expect.objectContaining({ percent_from: 0, percent_to: 20, bonus_percent: 1, fixed_amount: null }),
      expect.objectContaining({ percent_from: 20, percent_to: 50, bonus_percent: 3 }),
    ]);
  });

  it('refuses an overlapping tier with 422 naming both tiers; touching tiers are fine', async () => {
    const id = await schemaWithTiers(
      { name: 'Overlaps', kind: 'individual', base: 'signed', currency: 'GEL', period_from: '2030-01' },
      [{ percent_from: 0, percent_to: 80, bonus_percent: 1 }],
    );
    ok(await send('POST', `/bonuses/${id}/items`, { percent_from: 80, percent_to: 100, bonus_percent: 2 }), 201);
    const res = await send('POST', `/bonuses/${id}/items`, { percent_from: 90, percent_to: 120, bonus_percent: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('90–120%');
    expect(res.json().message).toContain('80–100%');
    const bad = await send('POST', `/bonuses/${id}/items`, { percent_from: 130, percent_to: 120, bonus_percent: 120 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['bonus_percent', 'percent_to']);
    // the two tiers added are logged on their schema, which belongs to no complex
    expect(await linesOf('bonuses', id, '/api/bonuses/:bonus_id/items')).toEqual([
      { action: 'create', status: 201, complex: null },
      { action: 'create', status: 201, complex: null },
    ]);
    const tiers = ok<{ items: Array<{ id: number }> }>(await send('GET', `/bonuses/${id}`)).items;
    expect(tiers).toHaveLength(2);
    ok(await send('DELETE', `/bonuses/${id}/items/${tiers[1].id}`));
    expect(ok<{ items: unknown[] }>(await send('GET', `/bonuses/${id}`)).items).toHaveLength(1);
    ok(await send('DELETE', `/bonuses/${id}`));
    expect((await send('GET', `/bonuses/${id}`)).statusCode).toBe(404);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await send('POST', '/bonuses', {
      name: 'X',
      kind: 'group',
      period_from: '2026-05',
      period_to: '2026-04',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.period_to).toBeDefined();
  });
});

describe('the calculation (POST /bonuses/getBonusByMonth, calculateBonus)', () => {
  it('individual, on sales signed: exactly 100 %, just below (99.99 %), and a sale at its stored rate', async () => {
    const signed = (await byMonth()).find((s) => s.bonus_id === schemaIds.signed);
    expect(signed!.rows.map((r) => r.user_id).sort()).toEqual(
      [managers.A.id, managers.B.id, managers.C.id].sort((a, b) => a - b),
    );
    // A: 10,000 of 10,000 → the 100-150 tier, 2 % of 10,000.00
    expect(brief(rowOf(signed, 'A'))).toEqual([10_000, 10_000, 100, 100, 200]);
    // B: 5,000 USD × 2.65 (the sale's own rate, not NBG's 2.70) = 13,250.00 of 13,500.00 → 98.14 % → 1 %
    expect(brief(rowOf(signed, 'B'))).toEqual([13_500, 13_250, 98.14, 80, 132.5]);
    // C: 1,999.90 EUR × 3.00 = 5,999.70 of 6,000 → 99.99 %, still 80-100: 1 % = 59.997 → 60.00
    expect(brief(rowOf(signed, 'C'))).toEqual([6_000, 5_999.7, 99.99, 80, 60]);
    expect(signed!.totals).toEqual({ target: 29_500, achieved: 29_249.7, bonus: 392.5 });
    expect(signed!.group).toBeNull();
  });

  it('individual, on payments in USD: credited amounts, NBG rates of the day, above the last tier', async () => {
    const received = (await byMonth()).find((s) => s.bonus_id === schemaIds.received);
    // A: 2,800 GEL / 2.80 = 1,000.00 USD of 10,000 GEL / 2.70 = 3,703.70 USD → 27.00 % → 3 %
    expect(brief(rowOf(received, 'A'))).toEqual([3_703.7, 1_000, 27, 20, 30]);
    // B: 1,000 USD + 500 EUR credited at 3.00 / 2.80 (535.71) = 1,535.71 of 5,000 → 30.71 % → 3 % = 46.07
    expect(brief(rowOf(received, 'B'))).toEqual([5_000, 1_535.71, 30.71, 20, 46.07]);
    // C: 1,999.90 EUR × 3.00 / 2.80 = 2,142.75 USD of 2,222.22 → 96.42 %: above the last tier (20-50), no bonus
    expect(brief(rowOf(received, 'C'))).toEqual([2_222.22, 2_142.75, 96.42, null, 0]);
    const [credited] = await db()
      .select({ credited: payments.credited, rate: payments.rate })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .where(and(eq(sales.userId, managers.B.id), eq(payments.currency, 'EUR')));
    expect(credited.credited).toBe('535.71');
  });

  it('group: the group’s plan, achievement and tier once; each member’s share of both sums', async () => {
    const before = (await byMonth()).find((s) => s.bonus_id === schemaIds.group)!;
    // no group target: the sum of the managers' targets, 29,500.00; achieved 29,249.70 → 99.15 % → 1 % = 292.50
    expect(before.group).toMatchObject({
      target: 29_500,
      achieved: 29_249.7,
      achievement_percent: 99.15,
      bonus: 292.5,
    });
    ok(await send('POST', '/sale-targets', { month: MONTH, amount: 29_000, currency: 'GEL' }), 201);
    const group = (await byMonth()).find((s) => s.bonus_id === schemaIds.group)!;
    // 29,249.70 of 29,000 → 100.86 % → 3 % of 29,249.70 = 877.49, shared as each member achieved
    expect(group.group).toMatchObject({
      target: 29_000,
      achieved: 29_249.7,
      achievement_percent: 100.86,
      bonus: 877.49,
    });
    expect(group.group!.tier?.percent_from).toBe(100);
    // a member has no plan, achievement or tier of their own here: their share of the achieved amount and of the bonus
    const share = (who: 'A' | 'B' | 'C') => {
      const r = rowOf(group, who)!;
      return [r.target, r.achieved, r.share_percent, r.achievement_percent, r.tier, r.bonus];
    };
    expect(share('A')).toEqual([null, 10_000, 34.19, null, null, 300]);
    expect(share('B')).toEqual([null, 13_250, 45.3, null, null, 397.5]);
    expect(share('C')).toEqual([null, 5_999.7, 20.51, null, null, 179.99]);
    // the members add up to the group, to the cent and to the hundredth of a percent; so do the totals
    const cents = (values: number[]) => values.reduce((a, v) => a + Math.round(v * 100), 0);
    expect(cents(group.rows.map((r) => r.achieved))).toBe(cents([group.group!.achieved]));
    expect(cents(group.rows.map((r) => r.bonus))).toBe(cents([group.group!.bonus]));
    expect(cents(group.rows.map((r) => r.share_percent!))).toBe(10_000);
    expect(group.totals).toEqual({ target: 29_000, achieved: 29_249.7, bonus: 877.49 });

    // a member reads the group's line and their own share of it, the same as an administrator does
    const own = (await byMonth(managers.C.token)).find((s) => s.bonus_id === schemaIds.group)!;
    expect(own.group).toEqual(group.group);
    expect(own.rows).toEqual([rowOf(group, 'C')]);
  });

  it('calculateBonus answers one manager with the sales and payments behind the figure', async () => {
    const answer = ok<{ bonus: number; sales: Array<{ converted: number }>; payments: Array<{ converted: number }> }>(
      await send('POST', '/bonuses/calculateBonus', {
        bonus_id: schemaIds.received,
        user_id: managers.B.id,
        month: MONTH,
      }),
    );
    expect(answer).toMatchObject({ user_id: managers.B.id, achieved: 1_535.71, bonus: 46.07, currency: 'USD' });
    expect(answer.payments.map((p) => p.converted).sort()).toEqual([1_000, 535.71]);
    expect(answer.sales.map((s) => s.converted)).toEqual([5_000]);
  });

  it('GET /sales/with-targets answers each manager target and achievement in the target currency', async () => {
    const rows = ok<Array<{ user_id: number; target: Record<string, unknown> | null }>>(
      await send('GET', `/sales/with-targets?month=${MONTH}`),
    );
    const of = (who: 'A' | 'B' | 'C') => rows.find((r) => r.user_id === managers[who].id)?.target;
    expect(of('A')).toEqual({ amount: 10_000, currency: 'GEL', achieved: 10_000, achievement_percent: 100 });
    expect(of('B')).toEqual({ amount: 5_000, currency: 'USD', achieved: 5_000, achievement_percent: 100 });
    expect(of('C')).toEqual({ amount: 6_000, currency: 'GEL', achieved: 5_999.7, achievement_percent: 99.99 });
  });
});

describe('who sees what', () => {
  it('a sales manager reads their own bonus only: another manager’s is refused', async () => {
    const own = await send(
      'POST',
      '/bonuses/calculateBonus',
      { bonus_id: schemaIds.signed, user_id: managers.B.id, month: MONTH },
      managers.B.token,
    );
    expect(own.statusCode, own.body).toBe(200);
    const other = await send(
      'POST',
      '/bonuses/calculateBonus',
      { bonus_id: schemaIds.signed, user_id: managers.A.id, month: MONTH },
      managers.B.token,
    );
    expect(other.statusCode).toBe(403);
    const month = await byMonth(managers.B.token);
    for (const schema of month) expect(schema.rows.map((r) => r.user_id)).toEqual([managers.B.id]);
    const targets = ok<Array<{ user_id: number | null }>>(
      await send('GET', '/sale-targets', undefined, managers.B.token),
    );
    expect(targets.every((row) => row.user_id === managers.B.id || row.user_id === null)).toBe(true);
  });

  it('a manager cannot create schemas or targets (403)', async () => {
    expect((await send('POST', '/bonuses', { name: 'x', period_from: '2026-01' }, managers.A.token)).statusCode).toBe(
      403,
    );
    const target = { user_id: managers.A.id, month: MONTH, amount: 1, currency: 'GEL' };
    expect((await send('POST', '/sale-targets', target, managers.A.token)).statusCode).toBe(403);
  });

  it('a second target of the same manager and month replaces the first; a target is deleted', async () => {
    const first = ok<{ id: number }>(
      await send('POST', '/sale-targets', { user_id: managers.A.id, month: '2019-05', amount: 100, currency: 'GEL' }),
      201,
    );
    const again = ok<{ id: number; amount: number }>(
      await send('POST', '/sale-targets', { user_id: managers.A.id, month: '2019-05', amount: 250, currency: 'USD' }),
    );
    expect(again).toMatchObject({ id: first.id, amount: 250, currency: 'USD' });
    expect(await linesOf('sale-targets', first.id, '/api/sale-targets')).toEqual([
      { action: 'create', status: 201, complex: null },
      { action: 'create', status: 200, complex: null },
    ]);
    ok(await send('DELETE', `/sale-targets/${first.id}`));
    expect(ok<unknown[]>(await send('GET', '/sale-targets?month=2019-05'))).toEqual([]);
  });
});

describe('the demo data', () => {
  it('has two schemas with tiers this month and a target for the demo sales manager, who sees their row', async () => {
    const token = await t.signIn('sales_manager@demo.ge');
    const month = businessToday().slice(0, 7);
    const schemas = ok<{ schemas: SchemaMonth[] }>(
      await send('POST', '/bonuses/getBonusByMonth', { month }, token),
    ).schemas.filter((s) => !Object.values(schemaIds).includes(s.bonus_id));
    expect(schemas).toHaveLength(2);
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'sales_manager@demo.ge'));
    for (const schema of schemas) expect(schema.rows.map((r) => r.user_id)).toEqual([me.id]);
    expect(schemas[0].rows[0].target).toBeGreaterThan(0);
    expect(schemas.find((s) => s.group)?.group?.target).toBe(250_000);
  });
});

describe("agents' pay (POST /bonuses/getAgentsBonus, /bonuses/agents/markPaid)", () => {
  it('in proportion to what the buyer paid, or whole past the minimum income; paid out in bulk, logged', async () => {
    const [agent] = await db().insert(agents).values({ name: 'Agent Nodar' }).returning();
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 10_000,
      currency: 'USD',
      contractStartDate: '2019-04-05',
      firstPaymentDate: '2019-05-01',
      paymentsCount: 4,
    });
    await db()
      .update(sales)
      .set({ agentId: agent.id, agentFeePercent: '3', minimumIncomePercent: '20' })
      .where(eq(sales.id, sale.id));
    await pay(sale.id, 1_500, 'USD', '2019-04-10');
    const feesOf = async () => {
      const answer = ok<{ rule: string; rows: Array<{ agent_id: number; sales: Array<Record<string, unknown>> }> }>(
        await send('POST', '/bonuses/getAgentsBonus', { date_from: '2019-04-30', date_to: '2019-04-01' }),
      );
      return { rule: answer.rule, sale: answer.rows.find((r) => r.agent_id === agent.id)!.sales[0] };
    };
    // threshold: 15 % paid of the 20 % needed, nothing due yet
    expect(await feesOf()).toMatchObject({
      rule: 'threshold',
      sale: { fee: 300, must_paid: 0, paid: 0, status: 'not_due' },
    });
    ok(await send('PUT', '/bonuses/settings', { agent_fee_rule: 'proportional' }));
    // proportional: 300 × 15 % = 45.00
    expect((await feesOf()).sale).toMatchObject({ earned: 45, must_paid: 45, paid: 0, status: 'must_paid' });
    const paidOut = ok<{ paid: unknown[]; skipped: number[] }>(
      await send('POST', '/bonuses/agents/markPaid', { sale_ids: [sale.id, 2147483000] }),
    );
    expect(paidOut).toEqual({ paid: [{ sale_id: sale.id, amount: 45, currency: 'USD' }], skipped: [2147483000] });
    await pay(sale.id, 1_000, 'USD', '2019-04-11');
    // 25 % paid: 75.00 earned, 45.00 already paid out
    expect((await feesOf()).sale).toMatchObject({ earned: 75, must_paid: 30, paid: 45, status: 'must_paid' });
    ok(await send('PUT', '/bonuses/settings', { agent_fee_rule: 'threshold' }));
    expect((await feesOf()).sale).toMatchObject({ earned: 300, must_paid: 255, paid: 45 });
    ok(await send('POST', '/bonuses/agents/markPaid', { sale_ids: [sale.id] }));
    expect((await feesOf()).sale).toMatchObject({ must_paid: 0, paid: 300, status: 'paid' });
    const [row] = await db().select({ paidAt: sales.agentFeePaidAt }).from(sales).where(eq(sales.id, sale.id));
    expect(row.paidAt).not.toBeNull();
    const logged = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'sales'), eq(activityLogs.recordId, String(sale.id))));
    expect(logged.map((l) => l.changes)).toEqual([
      { agent_fee_status: 'must_paid', agent_fee_paid_out: 45 },
      { agent_fee_status: 'paid', agent_fee_paid_out: 255 },
    ]);
    // and each request's own line, about several sales
    const requests = await db()
      .select({ action: activityLogs.action, recordId: activityLogs.recordId, status: activityLogs.statusCode })
      .from(activityLogs)
      .where(and(eq(activityLogs.route, '/api/bonuses/agents/markPaid'), eq(activityLogs.action, 'marked_paid')));
    expect(requests).toEqual([
      { action: 'marked_paid', recordId: null, status: 200 },
      { action: 'marked_paid', recordId: null, status: 200 },
    ]);
  });

  it('a user without edit_sales cannot mark fees paid (403)', async () => {
    expect((await send('POST', '/bonuses/agents/markPaid', { sale_ids: [1] }, managers.A.token)).statusCode).toBe(403);
  });
});

describe('with MODULE_BONUS off', () => {
  it('every bonus route answers 404', async () => {
    const off = await startTestApp({ MODULE_BONUS: 'false' });
    try {
      const token = await off.signIn('admin@demo.ge');
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        off.app.inject({ method, url: `/api${url}`, payload, headers: off.as(token) });
      expect((await call('GET', '/bonuses')).statusCode).toBe(404);
      expect((await call('GET', '/sale-targets')).statusCode).toBe(404);
      expect((await call('POST', '/bonuses/getBonusByMonth', { month: MONTH })).statusCode).toBe(404);
      expect(
        (await call('POST', '/bonuses/getAgentsBonus', { date_from: '2019-01-01', date_to: '2019-12-31' })).statusCode,
      ).toBe(404);
      const config = await off.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().data.flags.bonusModule).toBe(false);
    } finally {
      await off.close();
    }
  });
});
