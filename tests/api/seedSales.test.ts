import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../server/db/client';
import { businessToday } from '../../domain/businessDay';
import { startTestApp, type TestApp } from './harness';

const one = async <T>(db: Db, query: ReturnType<typeof sql>) => (await rows<T>(db, query))[0];

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

describe('the demo sales, schedules, payments and rates', () => {
  it('has about 150 sales in every status, mostly in dollars, some in lari and euro, over 18 months', async () => {
    const byStatus = await rows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from sales group by status order by status`,
    );
    expect(byStatus.map((s) => s.status)).toEqual(['active', 'canceled', 'completed', 'overdue']);
    const total = byStatus.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(130);
    expect(total).toBeLessThanOrEqual(170);
    const canceled = byStatus.find((s) => s.status === 'canceled')!.n;
    expect(canceled).toBeGreaterThanOrEqual(5);
    expect(canceled).toBeLessThanOrEqual(15);
    const byCurrency = Object.fromEntries(
      (
        await rows<{ currency: string; n: number }>(
          db,
          sql`select currency, count(*)::int as n from sales group by currency`,
        )
      ).map((r) => [r.currency, r.n]),
    );
    expect(byCurrency.USD).toBeGreaterThan(total / 2);
    expect(byCurrency.GEL).toBeGreaterThan(0);
    expect(byCurrency.EUR).toBeGreaterThan(0);
    const span = await one<{ first: string; last: string }>(
      db,
      sql`select min(contract_start_date)::text as first, max(contract_start_date)::text as last from sales`,
    );
    expect(span.last <= businessToday()).toBe(true);
    expect(span.first >= businessToday(new Date(Date.now() - 550 * 86_400_000))).toBe(true);
    // Contract numbers are unique, each sale's units are in its own complex, and each sale has its 'created' history.
    expect((await one<{ n: number }>(db, sql`select count(distinct contract_no)::int as n from sales`)).n).toBe(total);
    expect(
      (
        await one<{ n: number }>(
          db,
          sql`select count(*)::int as n from sale_properties sp join sales s on s.id = sp.sale_id join properties p on p.id = sp.property_id where p.building_id <> s.building_id`,
        )
      ).n,
    ).toBe(0);
    expect(
      (
        await one<{ n: number }>(
          db,
          sql`select count(*)::int as n from sales s where not exists (select 1 from sale_histories h where h.sale_id = s.id and h.action = 'created')`,
        )
      ).n,
    ).toBe(0);
    expect(
      (
        await one<{ n: number }>(
          db,
          sql`select count(*)::int as n from sales where id in (select sale_id from sale_properties group by sale_id having count(*) > 1)`,
        )
      ).n,
    ).toBeGreaterThan(0);
  });

  it('sells through agents with fee percents, by the sales manager in complex one, the admin in others', async () => {
    const agents = await one<{ n: number; fees: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where agent_fee_percent > 0)::int as fees from sales where agent_id is not null`,
    );
    expect(agents.n).toBeGreaterThan(10);
    expect(agents.fees).toBe(agents.n);
    const managers = await rows<{ email: string; building: string; n: number }>(
      db,
      sql`select u.email, b.name as building, count(*)::int as n from sales s join users u on u.id = s.user_id join buildings b on b.id = s.building_id group by u.email, b.name order by u.email, b.name`,
    );
    expect(new Set(managers.map((m) => m.email))).toEqual(new Set(['admin@demo.ge', 'sales_manager@demo.ge']));
    expect(managers.filter((m) => m.email === 'sales_manager@demo.ge').map((m) => m.building)).toEqual(['ვაკის პარკი']);
  });

  it('keeps every sale consistent: installments sum to the price and hold the paid total of its payments', async () => {
    const wrong = await rows<{ contract_no: string }>(
      db,
      sql`select s.contract_no from sales s
          left join (select sale_id, sum(amount) as amount, sum(paid) as paid from installments group by sale_id) i on i.sale_id = s.id
          left join (select sale_id, sum(credited) as credited from payments where mode = 'sale' and voided_at is null group by sale_id) p on p.sale_id = s.id
          where i.amount is distinct from s.price or i.paid is distinct from s.paid_total or coalesce(p.credited, 0) <> s.paid_total`,
    );
    expect(wrong).toEqual([]);
    // Payments fill the oldest installments first: no installment holds money while an earlier one is short.
    const outOfOrder = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from installments later join installments earlier on earlier.sale_id = later.sale_id and earlier.number < later.number
          where later.paid > 0 and earlier.paid < earlier.amount`,
    );
    expect(outOfOrder.n).toBe(0);
    // The status is the ledger's: overdue exactly when a past installment is short (the sale's or its renovation's),
    // completed when all are paid.
    const misstated = await rows<{ contract_no: string; status: string }>(
      db,
      sql`select s.contract_no, s.status from sales s where s.status <> 'canceled' and s.status <> case
            when exists (select 1 from installments i where i.sale_id = s.id and i.due_date < ${businessToday()}::date and i.paid < i.amount) then 'overdue'
            when exists (select 1 from container_installments ci join service_containers c on c.id = ci.container_id
              where c.sale_id = s.id and ci.due_date < ${businessToday()}::date and ci.paid < ci.amount) then 'overdue'
            when not exists (select 1 from installments i where i.sale_id = s.id and i.paid < i.amount)
              and not exists (select 1 from service_containers c where c.sale_id = s.id and c.paid < c.price) then 'completed'
            else 'active' end`,
    );
    expect(misstated).toEqual([]);
  });

  it('has dollar sales paid in lari at the seeded NBG rate of the payment date', async () => {
    const inLari = await rows<{ amount: string; rate: string; credited: string; nbg: string | null }>(
      db,
      sql`select p.amount, p.rate, p.credited, r.rate as nbg from payments p join sales s on s.id = p.sale_id
          left join currency_rates r on r.currency = 'USD' and r.date = p.paid_on where s.currency = 'USD' and p.currency = 'GEL'`,
    );
    expect(inLari.length).toBeGreaterThan(5);
    for (const p of inLari) {
      expect(p.nbg, 'a lari payment is made on a day with a rate').not.toBeNull();
      // credited = amount / (GEL per USD), to the cent; the payment keeps the factor it was converted at.
      expect(Math.abs(Number(p.amount) / Number(p.nbg) - Number(p.credited))).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(Number(p.rate)).toBeCloseTo(1 / Number(p.nbg), 7);
    }
  });

  it('seeds USD and EUR rates for working days of the last two years, within realistic ranges', async () => {
    const rates = await rows<{
      currency: string;
      n: number;
      low: string;
      high: string;
      weekend: number;
      first: string;
      last: string;
    }>(
      db,
      sql`select currency, count(*)::int as n, min(rate)::text as low, max(rate)::text as high, min(date)::text as first, max(date)::text as last,
                 count(*) filter (where extract(isodow from date) in (6, 7))::int as weekend from currency_rates group by currency order by currency`,
    );
    expect(rates.map((r) => r.currency)).toEqual(['EUR', 'USD']);
    for (const r of rates) {
      expect(r.weekend).toBe(0);
      expect(r.n).toBeGreaterThan(500);
      expect(r.last <= businessToday()).toBe(true);
    }
    const [eur, usd] = rates;
    expect(Number(usd.low)).toBeGreaterThanOrEqual(2.65);
    expect(Number(usd.high)).toBeLessThanOrEqual(2.8);
    expect(Number(eur.low)).toBeGreaterThanOrEqual(2.85);
    expect(Number(eur.high)).toBeLessThanOrEqual(3.1);
    // A smooth walk: from one working day to the next the dollar moves by less than 2 tetri.
    const jump = await one<{ max: string }>(
      db,
      sql`select max(abs(rate - prev))::text as max from (select rate, lag(rate) over (order by date) as prev from currency_rates where currency = 'USD') x`,
    );
    expect(Number(jump.max)).toBeLessThan(0.02);
  });

  it('marks the units of live sales sold and leaves those of cancelled sales to no cancelled sale', async () => {
    const unsold = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from sale_properties sp join sales s on s.id = sp.sale_id join properties p on p.id = sp.property_id where s.deleted_at is null and p.status <> 'sold'`,
    );
    expect(unsold.n).toBe(0);
    const soldWithoutSale = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from properties p where p.status = 'sold'
          and not exists (select 1 from sale_properties sp join sales s on s.id = sp.sale_id where sp.property_id = p.id and s.deleted_at is null)`,
    );
    expect(soldWithoutSale.n).toBe(0);
    const canceled = await rows<{
      status: string;
      cancellation_date: string | null;
      cancellation_reason: string | null;
      deleted: boolean;
      history: number;
    }>(
      db,
      sql`select status, cancellation_date::text, cancellation_reason, deleted_at is not null as deleted,
                 (select count(*)::int from sale_histories h where h.sale_id = s.id and h.action = 'canceled') as history
          from sales s where status = 'canceled' or deleted_at is not null`,
    );
    for (const c of canceled)
      expect(c).toMatchObject({
        status: 'canceled',
        deleted: true,
        history: 1,
        cancellation_date: expect.any(String),
        cancellation_reason: expect.any(String),
      });
  });
});
