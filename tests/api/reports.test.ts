import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { createStaff } from './harness';
import {
  adminToken,
  complexes,
  db,
  getReport,
  liveSales,
  minorOf,
  payConv,
  POST_REPORTS,
  registrarWithReports,
  report,
  saleConv,
  sumMinor,
  t,
  thisYear,
  today,
  useReportsFixtures,
} from './reportsFixtures';

useReportsFixtures();

type Row = Record<string, number | string | null>;
interface Answer {
  rows: Row[];
  totals: Record<string, number>;
  filters: { date_from: string; date_to: string; currency: string; building_ids: number[]; year: number };
}

const period = () => ({ date_from: `${thisYear() - 1}-01-01`, date_to: `${thisYear()}-12-31` });
const inPeriod = (column: string) => `${column} between '${period().date_from}' and '${period().date_to}'`;
const data = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Answer }).data;
};
/** A money column's rows added in minor units: what the total must equal. */
const rowSum = (answer: Answer, key: string) => answer.rows.reduce((a, r) => a + minorOf(Number(r[key])), 0);

describe('every reporting call answers {data: {rows, totals}} under view_reports', () => {
  it('answers each POST call with rows, totals and the filters it used (this year, every complex, GEL)', async () => {
    for (const url of POST_REPORTS) {
      const answer = data(await report(url));
      expect(Array.isArray(answer.rows), url).toBe(true);
      expect(answer.totals, url).toBeTypeOf('object');
      expect(answer.filters, url).toMatchObject({
        date_from: `${thisYear()}-01-01`,
        date_to: `${thisYear()}-12-31`,
        currency: 'GEL',
        building_ids: [],
      });
    }
    const years = data(await getReport('/reporting/getYearsRange'));
    expect(years.rows.map((r) => r.year)).toContain(thisYear());
    expect(years.totals.from).toBeLessThanOrEqual(thisYear() - 1);
    const pie = data(await getReport(`/reporting/pie/${thisYear()}`));
    expect(pie.rows.map((r) => r.status)).toEqual(['sold', 'booked', 'pre_booked', 'barter', 'free', 'not_for_sale']);
    expect(pie.totals.count).toBe(pie.rows.reduce((a, r) => a + Number(r.count), 0));
  });

  it('refuses a user without view_reports (403) and an anonymous caller (401)', async () => {
    const staff = await createStaff(t, adminToken, { permissions: ['view_sales'] });
    for (const url of POST_REPORTS) expect((await report(url, {}, staff.token)).statusCode, url).toBe(403);
    expect((await getReport('/reporting/getYearsRange', staff.token)).statusCode).toBe(403);
    expect((await getReport(`/reporting/pie/${thisYear()}`, staff.token)).statusCode).toBe(403);
    expect((await getReport('/reporting/dashboard', staff.token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/reporting', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the period, the year and the currency', () => {
  it('swaps a reversed period, takes a year for the whole year, and refuses what it cannot read', async () => {
    const swapped = data(await report('/sales/getReport', { date_from: '2026-03-31', date_to: '2026-02-01' }));
    expect(swapped.filters).toMatchObject({ date_from: '2026-02-01', date_to: '2026-03-31' });
    expect(swapped.rows.map((r) => r.month)).toEqual(['2026-02', '2026-03']);
    const year = data(await report('/sales/getReport', { year: 2025 }));
    expect(year.filters).toMatchObject({ date_from: '2025-01-01', date_to: '2025-12-31', year: 2025 });
    expect(year.rows).toHaveLength(12);
    const tooLong = await report('/sales/getReport', { date_from: '2000-01-01', date_to: '2026-01-01' });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.date_to).toBeDefined();
    expect((await report('/sales/getReport', { currency: 'JPY' })).statusCode).toBe(422);
    expect((await report('/sales/getReport', { date_from: '2026-13-01' })).statusCode).toBe(422);
    const query = data(await getReport(`/reporting/pie/2025?building_ids[]=${complexes[0].id}&currency=USD`));
    expect(query.filters).toMatchObject({ building_ids: [complexes[0].id], currency: 'USD', year: 2025 });
  });
});

describe('every total equals a direct SQL sum of the demo data, to the cent, in each currency', () => {
  for (const currency of ['GEL', 'USD', 'EUR']) {
    it(`in ${currency}`, async () => {
      const body = { ...period(), currency };
      const signed = `${liveSales()} and ${inPeriod('s.contract_start_date')}`;

      const salesReport = data(await report('/sales/getReport', body));
      const value = await sumMinor(`select sum(${saleConv(currency, 's.price')}) as v from sales s where ${signed}`);
      expect(value).toBeGreaterThan(0);
      expect(minorOf(salesReport.totals.value)).toBe(value);
      expect(rowSum(salesReport, 'value')).toBe(value);
      expect(salesReport.totals.count).toBe(await sumMinor(`select count(*) * 0.01 as v from sales s where ${signed}`));

      const receipts = `from payments p join sales s on s.id = p.sale_id
        where p.voided_at is null and ${liveSales()} and ${inPeriod('p.paid_on')}`;
      const received = await sumMinor(`select sum(${payConv(currency)}) as v ${receipts}`);
      expect(received).toBeGreaterThan(0);
      const monthly = data(await report('/reporting/monthlyReporting', body));
      expect(minorOf(monthly.totals.total)).toBe(received);
      expect(rowSum(monthly, 'total')).toBe(received);
      for (const c of ['GEL', 'USD', 'EUR'])
        expect(minorOf(monthly.totals[c.toLowerCase()])).toBe(
          await sumMinor(`select sum(p.amount) as v ${receipts} and p.currency = '${c}'`),
        );
      const byComplex = data(await report('/payments/forReporting', body));
      expect(minorOf(byComplex.totals.converted)).toBe(received);
      const managers = data(await report('/reporting/manager-report', body));
      expect(minorOf(managers.totals.received)).toBe(received);
      expect(minorOf(managers.totals.sales_value)).toBe(value);
      const overview = data(await report('/reporting', body));
      expect(minorOf(overview.totals.received)).toBe(received);
      expect(minorOf(overview.totals.sales_value)).toBe(value);

      const due = `from installments i join sales s on s.id = i.sale_id where ${liveSales()} and ${inPeriod('i.due_date')}`;
      const scheduled = await sumMinor(`select sum(${saleConv(currency, 'i.amount')}) as v ${due}`);
      const installments = data(await report('/payment-scheduler/forReporting', body));
      expect(minorOf(installments.totals.amount)).toBe(scheduled);
      expect(rowSum(installments, 'amount')).toBe(scheduled);
      expect(minorOf(installments.totals.paid)).toBe(
        await sumMinor(`select sum(${saleConv(currency, 'i.paid')}) as v ${due}`),
      );
      const overdueInPeriod = await sumMinor(
        `select sum(${saleConv(currency, 'i.amount')} - ${saleConv(currency, 'i.paid')}) as v ${due}
         and i.paid < i.amount and i.due_date < '${today()}'`,
      );
      expect(minorOf(installments.totals.overdue)).toBe(overdueInPeriod);
      const revenue = data(await report('/reporting/revenue-by-scheduler', body));
      expect(minorOf(revenue.totals.scheduled)).toBe(scheduled);
      expect(minorOf(revenue.totals.received)).toBe(
        await sumMinor(`select sum(${payConv(currency)}) as v ${receipts} and p.mode = 'sale'`),
      );
      expect(minorOf(revenue.totals.difference)).toBe(
        minorOf(revenue.totals.received) - minorOf(revenue.totals.scheduled),
      );

      const finance = data(await report('/reporting/getFinanceSummaryReport', body));
      expect(minorOf(finance.totals.contract_value)).toBe(value);
      const paid = await sumMinor(
        `select sum(${saleConv(currency, 's.paid_total')}) as v from sales s where ${signed}`,
      );
      expect(minorOf(finance.totals.received)).toBe(paid);
      expect(minorOf(finance.totals.receivable)).toBe(value - paid);
      expect(minorOf(finance.totals.overdue)).toBe(
        await sumMinor(`select sum(${saleConv(currency, 'i.amount')} - ${saleConv(currency, 'i.paid')}) as v
          from installments i join sales s on s.id = i.sale_id
          where ${signed} and i.paid < i.amount and i.due_date < '${today()}'`),
      );

      const flow = data(await report('/reporting/cash-flow', { currency }));
      const until = new Date(Date.UTC(thisYear(), Number(today().slice(5, 7)) - 1 + 12, 1)).toISOString().slice(0, 10);
      expect(flow.rows).toHaveLength(12);
      expect(minorOf(flow.totals.scheduled)).toBe(
        await sumMinor(`select sum(${saleConv(currency, 'i.amount')} - ${saleConv(currency, 'i.paid')}) as v
          from installments i join sales s on s.id = i.sale_id
          where ${liveSales()} and i.paid < i.amount and i.due_date >= '${today()}' and i.due_date < '${until}'`),
      );
      expect(minorOf(flow.totals.expected)).toBeLessThanOrEqual(minorOf(flow.totals.scheduled));
      expect(minorOf(flow.totals.overdue_open)).toBe(
        await sumMinor(`select sum(${saleConv(currency, 'i.amount')} - ${saleConv(currency, 'i.paid')}) as v
          from installments i join sales s on s.id = i.sale_id
          where ${liveSales()} and i.paid < i.amount and i.due_date < '${today()}'`),
      );
    });
  }

  it('counts bookings and reservations by status as the tables hold them', async () => {
    const deals = data(await report('/sales/bookings-report', period()));
    const bookings = await sumMinor(`select count(*) * 0.01 as v from bookings k where ${inPeriod('k.period_from')}`);
    const reservations = await sumMinor(
      `select count(*) * 0.01 as v from pre_sale_bookings r where r.created_at::date between '${period().date_from}' and '${period().date_to}'`,
    );
    expect(deals.totals.count).toBe(bookings + reservations);
    expect(deals.rows.some((r) => r.kind === 'reservation' && r.status === 'converted')).toBe(true);
  });
});

describe('the home dashboard', () => {
  it('answers due today and this week, overdue by age, receipts by month, free units, as in the ledger', async () => {
    const res = await getReport('/reporting/dashboard?currency=USD');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as {
      due_today: { count: number; amount: number };
      due_week: { count: number; amount: number; until: string };
      overdue: { sales: number; amount: number; aging: Array<{ bucket: string; amount: number }> };
      receipts: { this_month: number; last_month: number };
      free_units: Array<{ building_id: number; free: number }>;
    };
    const late = `from installments i join sales s on s.id = i.sale_id
      where ${liveSales()} and i.paid < i.amount and i.due_date < '${today()}'`;
    expect(minorOf(d.overdue.amount)).toBe(
      await sumMinor(`select sum(${saleConv('USD', 'i.amount')} - ${saleConv('USD', 'i.paid')}) as v ${late}`),
    );
    expect(d.overdue.sales).toBe(await sumMinor(`select count(distinct s.id) * 0.01 as v ${late}`));
    expect(d.overdue.aging.map((a) => a.bucket)).toEqual(['0-30', '31-60', '61-90', '90+']);
    expect(d.overdue.aging.reduce((a, b) => a + minorOf(b.amount), 0)).toBe(minorOf(d.overdue.amount));
    expect(d.due_week.count).toBe(
      await sumMinor(`select count(*) * 0.01 as v from installments i join sales s on s.id = i.sale_id
        where ${liveSales()} and i.paid < i.amount and i.due_date between '${today()}' and '${d.due_week.until}'`),
    );
    expect(d.due_week.count).toBeGreaterThanOrEqual(d.due_today.count);
    const month = today().slice(0, 7);
    expect(minorOf(d.receipts.this_month)).toBe(
      await sumMinor(`select sum(${payConv('USD')}) as v from payments p join sales s on s.id = p.sale_id
        where p.voided_at is null and ${liveSales()} and p.paid_on between '${month}-01' and '${today()}'`),
    );
    expect(d.free_units.reduce((a, r) => a + r.free, 0)).toBe(
      await sumMinor(`select count(*) * 0.01 as v from properties where status = 'free' and archived_at is null`),
    );
  });

  it('answers this month’s sale targets against what managers signed, as GET /sales/with-targets does', async () => {
    const month = today().slice(0, 7);
    const targets = (await getReport(`/reporting/dashboard`)).json().data.targets as Array<{
      currency: string;
      amount: number;
      achieved: number;
    }>;
    const managers = (await getReport(`/sales/with-targets?month=${month}`)).json().data as Array<{
      target: { currency: string; amount: number; achieved: number } | null;
    }>;
    const expected = new Map<string, { amount: number; achieved: number }>();
    for (const { target } of managers) {
      if (!target) continue;
      const sum = expected.get(target.currency) ?? { amount: 0, achieved: 0 };
      sum.amount += minorOf(target.amount);
      sum.achieved += minorOf(target.achieved);
      expected.set(target.currency, sum);
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(
      Object.fromEntries(
        targets.map((t) => [t.currency, { amount: minorOf(t.amount), achieved: minorOf(t.achieved) }]),
      ),
    ).toEqual(Object.fromEntries(expected));
    expect(minorOf(targets.reduce((a, t) => a + t.amount, 0))).toBe(
      await sumMinor(`select sum(amount) as v from sale_targets where user_id is not null and month = '${month}-01'`),
    );
  });
});

describe('cash flow ahead: the on-time history', () => {
  it('gives each complex its share of last year’s installments paid on time, as a direct SQL walk has it', async () => {
    const flow = (await report('/reporting/cash-flow', {})).json().data as {
      complexes: Array<{ building_id: number; on_time_share: number }>;
    };
    const yearAgo = `${Number(today().slice(0, 4)) - 1}-${today().slice(5) === '02-29' ? '02-28' : today().slice(5)}`;
    // an installment is on time when the sale's payments up to its due date cover it and every one before it
    const expected = await rows<{ building_id: number; due: number; on_time: number }>(
      db(),
      sql.raw(`select s.building_id, count(*)::int as due, count(*) filter (where
          (select coalesce(sum(p.credited), 0) from payments p where p.sale_id = i.sale_id and p.mode = 'sale'
             and p.voided_at is null and p.paid_on <= i.due_date)
          >= (select sum(j.amount) from installments j where j.sale_id = i.sale_id
             and (j.due_date < i.due_date or (j.due_date = i.due_date and j.number <= i.number))))::int as on_time
        from installments i join sales s on s.id = i.sale_id
        where ${liveSales()} and i.due_date >= '${yearAgo}' and i.due_date < '${today()}'
        group by s.building_id`),
    );
    expect(expected.some((e) => e.on_time > 0 && e.on_time < e.due)).toBe(true);
    for (const e of expected) {
      const complex = flow.complexes.find((c) => c.building_id === e.building_id);
      expect(complex?.on_time_share, String(e.building_id)).toBe(Math.round((e.on_time / e.due) * 10000) / 10000);
    }
  });
});

describe('the home cards’ lists', () => {
  it('filters the sales list to the sales with an installment still to pay due in a period', async () => {
    const until = new Date(Date.parse(today()) + 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await getReport(`/sales?installment_due_from=${today()}&installment_due_to=${until}&perpage=1000`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { data: Array<{ id: number }>; meta: { total: number } };
    const expected = await rows<{ id: number }>(
      db(),
      sql.raw(`select distinct s.id from installments i join sales s on s.id = i.sale_id
        where ${liveSales()} and i.paid < i.amount and i.due_date between '${today()}' and '${until}' order by s.id`),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(list.data.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id));
    expect(list.meta.total).toBe(expected.length);
    const dashboard = (await getReport('/reporting/dashboard')).json().data as {
      today: string;
      due_week: { until: string };
    };
    expect(dashboard).toMatchObject({ today: today(), due_week: { until } });
  });
});

describe('building scope: a user of one complex sees only its figures', () => {
  it('answers the property registrar (complex 1 only) with complex 1 alone, even when asked for another', async () => {
    const token = await registrarWithReports();
    const own = complexes[0].id;
    const other = complexes[1].id;
    const body = { ...period(), currency: 'USD' };
    const overview = data(await report('/reporting', body, token));
    expect(overview.rows.map((r) => r.building_id)).toEqual([own]);
    const value = await sumMinor(
      `select sum(${saleConv('USD', 's.price')}) as v from sales s
       where ${liveSales([own])} and ${inPeriod('s.contract_start_date')}`,
    );
    expect(minorOf(data(await report('/sales/getReport', body, token)).totals.value)).toBe(value);
    const received = await sumMinor(
      `select sum(${payConv('USD')}) as v from payments p join sales s on s.id = p.sale_id
       where p.voided_at is null and ${liveSales([own])} and ${inPeriod('p.paid_on')}`,
    );
    expect(minorOf(data(await report('/reporting/monthlyReporting', body, token)).totals.total)).toBe(received);
    const payments = data(await report('/payments/forReporting', body, token));
    expect(new Set(payments.rows.map((r) => r.building_id))).toEqual(new Set([own]));
    const finance = data(await report('/reporting/getFinanceSummaryReport', body, token));
    expect(finance.rows.map((r) => r.building_id)).toEqual([own]);
    const flow = data(await report('/reporting/cash-flow', body, token));
    expect((flow as unknown as { complexes: Row[] }).complexes.map((c) => c.building_id)).toEqual([own]);
    const home = (await getReport('/reporting/dashboard', token)).json().data as { free_units: Row[] };
    expect(home.free_units.map((r) => r.building_id)).toEqual([own]);
    // asking for a complex outside the scope shows nothing of it
    const outside = data(await report('/sales/getReport', { ...body, building_ids: [other] }, token));
    expect(outside.totals.count).toBe(0);
    expect(data(await report('/reporting', { building_ids: [other] }, token)).rows).toEqual([]);
    // the admin sees every complex
    const all = data(await report('/reporting', body));
    expect(all.rows.map((r) => r.building_id)).toEqual(complexes.map((c) => c.id));
  });
});
