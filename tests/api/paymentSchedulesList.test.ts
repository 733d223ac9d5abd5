import { describe, expect, it } from 'vitest';
import { addDays, format, parseISO } from 'date-fns';
import { businessToday } from '../../domain/businessDay';
import { INSTALLMENT_STATUSES } from '../../domain/ledger';
import {
  accountantToken,
  adminToken,
  complexes,
  createSale,
  get,
  managerToken,
  pay,
  t,
  useSalesFixtures,
} from './salesFixtures';

useSalesFixtures();

const day = (offset: number) => format(addDays(parseISO(businessToday()), offset), 'yyyy-MM-dd');
const list = async (query: string, token = adminToken) => {
  const res = await get(`/api/payment-schedules?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<{
      id: number;
      sale_id: number;
      status: string;
      due_date: string;
      remaining: number;
      days_late: number;
    }>;
    meta: { total: number };
  };
};
const totals = async (query: string, token = adminToken) => {
  const res = await get(`/api/payment-schedules/totals?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.by_currency as Array<Record<string, unknown>>;
};

describe("the accountant's list of installments (what falls due)", () => {
  it('lists every installment of a sale by due date with its status; the filters keep what they say', async () => {
    // all ten installments in the future: 1,700 paid covers the first (1,200) and part of the second
    const ahead = await createSale(complexes[0].id, { first_payment_date: day(10) });
    await pay(ahead.sale.id, 1700);
    // the first two fell due 40 and 10 days ago and nothing is paid: late
    const behind = await createSale(complexes[0].id, {
      first_payment_date: day(-40),
      currency: 'EUR',
      formula: '1200:2',
      payments_count: 3,
      price: 3000,
      period_months: 1,
    });

    const mine = await list(`customer_id=${ahead.customer.id}&perpage=50`);
    expect(mine.meta.total).toBe(10);
    expect(mine.data.map((r) => r.status)).toEqual(['paid', 'partial', ...Array(8).fill('unpaid')]);
    expect(mine.data.map((r) => r.due_date)).toEqual([...mine.data.map((r) => r.due_date)].sort());
    expect(mine.data[1]).toMatchObject({ amount: 1200, paid: 500, remaining: 700, currency: 'USD', days_late: 0 });

    const late = await list(`customer_id=${behind.customer.id}`);
    expect(late.data.map((r) => r.status)).toEqual(['late', 'late', 'unpaid']);
    expect(late.data[0]).toMatchObject({ days_late: 40, contract_no: behind.sale.contract_no });

    expect((await list(`customer_id=${ahead.customer.id}&statuses[]=partial`)).data.map((r) => r.id)).toEqual([
      mine.data[1].id,
    ]);
    expect((await list(`customer_id=${behind.customer.id}&statuses[]=late&statuses[]=paid`)).meta.total).toBe(2);
    expect((await list(`customer_id=${ahead.customer.id}&due_from=${day(10)}&due_to=${day(45)}`)).meta.total).toBe(2);
    expect((await list(`customer_id=${behind.customer.id}&currencies[]=USD`)).meta.total).toBe(0);
    expect((await list(`building_ids[]=${complexes[1].id}&customer_id=${ahead.customer.id}`)).meta.total).toBe(0);
    expect((await list(`query=${encodeURIComponent(behind.sale.contract_no)}`)).meta.total).toBe(3);
    // the totals of a search: the sale's three installments, the two that fell due late
    expect(await totals(`query=${encodeURIComponent(behind.sale.contract_no)}`)).toEqual([
      { currency: 'EUR', count: 3, amount: 3000, paid: 0, remaining: 3000, late: 2400 },
    ]);
  });

  it("each status filter keeps only installments the ledger's own rule reads as that status", async () => {
    for (const status of INSTALLMENT_STATUSES) {
      const page = await list(`statuses[]=${status}&perpage=50&sort=due_date&order=desc`);
      expect(page.data.length, status).toBeGreaterThan(0);
      expect(new Set(page.data.map((r) => r.status)), status).toEqual(new Set([status]));
    }
  });

  it('sums the filtered installments per currency', async () => {
    const sold = await createSale(complexes[0].id, { first_payment_date: day(-40), currency: 'GEL' });
    await pay(sold.sale.id, 1500);
    expect(await totals(`customer_id=${sold.customer.id}`)).toEqual([
      // the first two installments (1,200 each) fell due; 1,500 paid leaves 900 late
      { currency: 'GEL', count: 10, amount: 10000, paid: 1500, remaining: 8500, late: 900 },
    ]);
    expect(await totals(`customer_id=${sold.customer.id}&statuses[]=unpaid`)).toEqual([
      { currency: 'GEL', count: 8, amount: 10000 - 2400, paid: 0, remaining: 7600, late: 0 },
    ]);
  });

  it("follows the sales' building scope: the sales manager sees the first complex, the accountant all", async () => {
    const elsewhere = await createSale(complexes[1].id);
    const query = `customer_id=${elsewhere.customer.id}`;
    expect((await list(query, managerToken)).meta.total).toBe(0);
    expect(await totals(query, managerToken)).toEqual([]);
    expect((await list(query, accountantToken)).meta.total).toBe(10);
  });

  it('refuses a status it does not know and a reversed page size with translated messages', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payment-schedules?statuses[]=soon&perpage=7000',
      headers: { ...t.as(adminToken), 'content-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['perpage', 'statuses.0']);
  });
});
