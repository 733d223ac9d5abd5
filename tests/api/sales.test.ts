import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toMinor } from '../../domain/money';
import { agents, preSaleBookings, properties, sales, users } from '../../server/db/schema';
import { businessToday } from '../../domain/businessDay';
import { createStaff } from './harness';

import {
  t,
  adminToken,
  managerToken,
  complexes,
  db,
  get,
  send,
  freeUnits,
  statusOf,
  newCustomer,
  saleBody,
  createSale,
  pay,
  historyOf,
  useSalesFixtures,
} from './salesFixtures';
import { holdUnit } from './dealFixtures';

useSalesFixtures();

describe('selling units (POST /sales)', () => {
  it('sells two units in one go: both sold, the schedule follows the formula, GET shows the sale', async () => {
    const units = await freeUnits(complexes[0].id, 2);
    const customer = await newCustomer('გიორგი მაისურაძე');
    const year = Number(businessToday().slice(0, 4)) + 1;
    const res = await send(
      'POST',
      '/api/sales',
      saleBody(
        units.map((u) => u.id),
        customer.id,
        { contract_start_date: `${year}-01-10`, first_payment_date: `${year}-02-01` },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({
      status: 'active',
      building_id: complexes[0].id,
      building_name: complexes[0].name,
      customer_id: customer.id,
      customer_name: 'გიორგი მაისურაძე (en)',
      price: 10000,
      currency: 'USD',
      paid_total: 0,
      remaining: 10000,
      paid_percent: 0,
      payments_count: 10,
      formula: '1200:4,1700:3',
      next_due_date: `${year}-02-01`,
      next_due_amount: 1200,
    });
    expect(sale.contract_no).toMatch(/^S-\d{6}$/);
    expect(sale.properties.map((p: { id: number }) => p.id).sort()).toEqual(units.map((u) => u.id).sort());
    const shares = sale.properties.map((p: { price: number }) => toMinor(p.price));
    expect(shares.reduce((a: number, b: number) => a + b, 0)).toBe(1_000_000);
    for (const u of units) expect(await statusOf(u.id)).toBe('sold');

    const shown = await get(`/api/sales/${sale.id}`);
    expect(shown.statusCode).toBe(200);
    const full = shown.json().data;
    expect(full.installments.map((i: { amount: number }) => i.amount)).toEqual([
      1200, 1200, 1200, 1200, 1700, 1700, 1700, 33.33, 33.33, 33.34,
    ]);
    expect(full.installments.map((i: { due_date: string }) => i.due_date).slice(0, 3)).toEqual([
      `${year}-02-01`,
      `${year}-03-01`,
      `${year}-04-01`,
    ]);
    expect(full).toMatchObject({ payments: [], files_count: 0 });
    expect((await historyOf(sale.id)).map((h) => h.action)).toEqual(['created']);
  });

  it('answers 409 naming a unit that is no longer free and writes nothing', async () => {
    const [first, second] = await freeUnits(complexes[0].id, 2);
    await holdUnit(db(), second.id, 'booked');
    const customer = await newCustomer();
    const before = await db().$count(sales);
    const res = await send(
      'POST',
      '/api/sales',
      saleBody([first.id, second.id], customer.id, { contract_no: 'NOT-WRITTEN-1' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Unit ${second.no} (${complexes[0].name}) is no longer free`);
    expect(await db().$count(sales)).toBe(before);
    expect(await statusOf(first.id)).toBe('free');
    expect(await statusOf(second.id)).toBe('booked');
  });

  it('refuses a schedule from year 9999 (installments past 9999 would read as late), and writes nothing', async () => {
    const [unit] = await freeUnits(complexes[0].id, 1);
    const customer = await newCustomer();
    const before = await db().$count(sales);
    const res = await send(
      'POST',
      '/api/sales',
      saleBody([unit.id], customer.id, { first_payment_date: '9999-01-01', period_months: 12, formula: null }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ first_payment_date: ['the date must fall between 1900 and 2199'] });
    expect(await db().$count(sales)).toBe(before);
    expect(await statusOf(unit.id)).toBe('free');
  });

  it('answers 422 on the formula when it exceeds the price, and writes nothing', async () => {
    const [unit] = await freeUnits(complexes[0].id, 1);
    const customer = await newCustomer();
    const before = await db().$count(sales);
    const res = await send('POST', '/api/sales', saleBody([unit.id], customer.id, { formula: '9000:2' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ formula: ['The formula adds up to more than the price'] });
    expect(await db().$count(sales)).toBe(before);
    expect(await statusOf(unit.id)).toBe('free');
  });

  it('refuses units of two complexes and a contract number already used', async () => {
    const [a] = await freeUnits(complexes[0].id, 1);
    const [b] = await freeUnits(complexes[1].id, 1);
    const customer = await newCustomer();
    const twoComplexes = await send('POST', '/api/sales', saleBody([a.id, b.id], customer.id));
    expect(twoComplexes.statusCode).toBe(422);
    expect(twoComplexes.json().errors.property_ids).toEqual(['All units of a sale must be in one complex']);

    const { sale } = await createSale(complexes[0].id, { contract_no: `C-${randomUUID().slice(0, 6)}` });
    const again = await send('POST', '/api/sales', saleBody([a.id], customer.id, { contract_no: sale.contract_no }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.contract_no).toEqual([
      `Contract number ${sale.contract_no} is already used by another sale`,
    ]);
    expect(await statusOf(a.id)).toBe('free');
  });

  it('takes over the unit of the customer approved reservation, which becomes converted', async () => {
    const [unit] = await freeUnits(complexes[0].id, 1);
    const customer = await newCustomer();
    await db().update(properties).set({ status: 'pre_booked' }).where(eq(properties.id, unit.id));
    const [booking] = await db()
      .insert(preSaleBookings)
      .values({ propertyId: unit.id, customerId: customer.id, status: 'approved', holdUntil: '2099-01-01' })
      .returning();
    const other = await newCustomer();
    const wrongCustomer = await send(
      'POST',
      '/api/sales',
      saleBody([unit.id], other.id, { pre_sale_booking_id: booking.id }),
    );
    expect(wrongCustomer.statusCode).toBe(422);
    expect(Object.keys(wrongCustomer.json().errors)).toEqual(['pre_sale_booking_id']);

    const res = await send('POST', '/api/sales', saleBody([unit.id], customer.id, { pre_sale_booking_id: booking.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.pre_sale_booking_id).toBe(booking.id);
    expect(await statusOf(unit.id)).toBe('sold');
    expect((await db().select().from(preSaleBookings).where(eq(preSaleBookings.id, booking.id)))[0].status).toBe(
      'converted',
    );
  });

  it('an Idempotency-Key repeat answers the first sale and writes no second one', async () => {
    const [unit] = await freeUnits(complexes[0].id, 1);
    const customer = await newCustomer();
    const key = randomUUID();
    const body = saleBody([unit.id], customer.id);
    const first = await send('POST', '/api/sales', body, adminToken, { 'idempotency-key': key });
    const second = await send('POST', '/api/sales', body, adminToken, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await db().$count(sales, eq(sales.customerId, customer.id))).toBe(1);
  });
});

describe('the responsible sales manager', () => {
  it('is one of the users who may be responsible (GET /users/responsible-managers); others are refused', async () => {
    const list = await get('/api/users/responsible-managers', managerToken);
    expect(list.statusCode, list.body).toBe(200);
    const emails = await db().select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => emails.find((u) => u.email === email)!.id;
    const ids = list.json().data.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([idOf('sales_manager@demo.ge'), idOf('admin@demo.ge')]));
    expect(ids).not.toContain(idOf('accountant@demo.ge'));

    const [unit] = await freeUnits(complexes[0].id, 1);
    const customer = await newCustomer();
    const refused = await send(
      'POST',
      '/api/sales',
      saleBody([unit.id], customer.id, { user_id: idOf('accountant@demo.ge') }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.user_id).toEqual(['This user cannot be a responsible sales manager']);
    expect(await statusOf(unit.id)).toBe('free');
    const made = await send(
      'POST',
      '/api/sales',
      saleBody([unit.id], customer.id, { user_id: idOf('sales_manager@demo.ge') }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ user_id: idOf('sales_manager@demo.ge'), user_name: expect.any(String) });
  });
});

describe('finding sales (GET /sales, /sales/totals)', () => {
  it('filters by contract and unit number, customer, status, currency, several units, payments, paid %', async () => {
    const customer = await newCustomer('ფილტრის კლიენტი');
    const two = await createSale(
      complexes[0].id,
      { customer_id: customer.id, contract_no: `F-${randomUUID().slice(0, 6)}` },
      2,
    );
    const one = await createSale(complexes[0].id, { currency: 'EUR' });
    await db().update(sales).set({ customerId: customer.id }).where(eq(sales.id, one.sale.id));
    await pay(one.sale.id, 2500);
    const ids = async (query: string) => {
      const res = await get(`/api/sales?customer_id=${customer.id}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((s: { id: number }) => s.id)
        .sort();
    };
    expect(await ids('')).toEqual([two.sale.id, one.sale.id].sort());
    expect(await ids(`contract_no=${two.sale.contract_no}`)).toEqual([two.sale.id]);
    expect(
      await ids(`property_num=${encodeURIComponent(one.units[0].no)}&building_ids[]=${complexes[0].id}`),
    ).toContain(one.sale.id);
    expect(await ids('payment_ccy=EUR')).toEqual([one.sale.id]);
    expect(await ids('with_multiple_properties=true')).toEqual([two.sale.id]);
    expect(await ids('with_multiple_properties=false')).toEqual([one.sale.id]);
    expect(await ids('has_payments=true')).toEqual([one.sale.id]);
    expect(await ids('has_payments=false')).toEqual([two.sale.id]);
    expect(await ids('payment_percent=25')).toEqual([one.sale.id]);
    expect(await ids('payment_percent=26')).toEqual([]);
    expect(await ids('sale_statuses[]=overdue')).toEqual([one.sale.id, two.sale.id].sort());
    expect(await ids(`building_ids[]=${complexes[1].id}`)).toEqual([]);
    expect(await ids('owner=company')).toEqual([]);
    expect(await ids('customer_has_phone=true')).toEqual([two.sale.id, one.sale.id].sort());
    expect(await ids('cancellation_candidate=true')).toEqual([one.sale.id, two.sale.id].sort());
    expect(await ids('sort=price&order=asc')).toHaveLength(2);

    const list = await get(`/api/sales?customer_id=${customer.id}&sort=id&order=desc`);
    expect(list.json().meta).toMatchObject({ total: 2, current_page: 1 });
    const paid = list.json().data.find((s: { id: number }) => s.id === one.sale.id);
    expect(paid).toMatchObject({ paid_total: 2500, remaining: 7500, paid_percent: 25, currency: 'EUR' });
    // The schedule started 2026-02-01 and nobody paid since: overdue with what is due.
    expect(paid.days_late).toBeGreaterThan(30);
    expect(paid.amount_overdue).toBeGreaterThan(0);
  });

  it('filters by the customer, the agent, the contract terms and the units', async () => {
    const [agent] = await db().select().from(agents).limit(1);
    const company = await newCustomer('შპს „ქვა“', {
      type: 'company',
      country: 'GE',
      citizenship: 'GE',
      infoSource: 'facebook',
      emails: ['info@kva.ge'],
      birthDate: '1980-04-02',
      companyCode: '405987321',
    });
    const person = await newCustomer('ანა გელაშვილი', { country: 'DE', phones: [] });
    const staff = await createStaff(t, adminToken, { permissions: ['view_sales', 'can_be_responsible_sale_manager'] });
    const mine = await createSale(complexes[0].id, {
      customer_id: company.id,
      agent_id: agent.id,
      contract_type: 'mortgage',
      contract_language: 'en',
      activity_type: 'office',
      user_id: staff.id,
      contract_start_date: '2026-03-15',
    });
    const other = await createSale(complexes[0].id, { customer_id: person.id, contract_start_date: '2026-01-10' });
    const unit = mine.units[0];
    const ids = async (query: string) => {
      const res = await get(`/api/sales?perpage=50&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((s: { id: number }) => s.id)
        .filter((id: number) => id === mine.sale.id || id === other.sale.id);
    };
    expect(await ids('customer_country=GE')).toEqual([mine.sale.id]);
    expect(await ids('customer_country=DE')).toEqual([other.sale.id]);
    expect(await ids('customer_citizen=GE&info_source=facebook')).toEqual([mine.sale.id]);
    expect(await ids('owner=company')).toEqual([mine.sale.id]);
    expect(await ids('customer_birth_date=1980-04-02')).toEqual([mine.sale.id]);
    expect(await ids('customer_has_email=true&customer_has_phone=true')).toEqual([mine.sale.id]);
    expect(await ids(`customer_has_phone=false&customer_id=${person.id}`)).toEqual([other.sale.id]);
    expect(await ids(`agent_id=${agent.id}&contract_type=mortgage&contract_lang=en&activity_type=office`)).toEqual([
      mine.sale.id,
    ]);
    expect(await ids(`user_id=${staff.id}`)).toEqual([mine.sale.id]);
    expect(
      await ids(`contract_start_date_from=2026-03-01&contract_start_date_to=2026-03-31&customer_id=${company.id}`),
    ).toEqual([mine.sale.id]);
    expect(await ids(`contract_start_date_to=2026-02-01&customer_id=${company.id}`)).toEqual([]);
    expect(
      await ids(`adding_date_from=${businessToday()}&adding_date_to=${businessToday()}&customer_id=${company.id}`),
    ).toEqual([mine.sale.id]);
    expect(
      await ids(`first_installment_date_from=2026-02-01&first_installment_date_to=2026-02-01&customer_id=${person.id}`),
    ).toEqual([other.sale.id]);
    expect(await ids(`property_state=${unit.state}&property_type=${unit.type}&customer_id=${company.id}`)).toEqual([
      mine.sale.id,
    ]);
    expect(await ids(`block=${unit.blockId}&customer_id=${company.id}`)).toEqual([mine.sale.id]);
    expect(await ids(`renovation_statuses[]=none&customer_id=${company.id}`)).toEqual([mine.sale.id]);
    expect(await ids(`renovation_statuses[]=debt&customer_id=${company.id}`)).toEqual([]);
    expect(await ids(`query=${encodeURIComponent('ქვა')}`)).toEqual([mine.sale.id]);
    // the free text finds a sale by its customer's company code, personal number, name in another script, or its number
    expect(await ids('query=05987')).toEqual([mine.sale.id]);
    expect(await ids(`query=${person.personalNumber!.slice(2, 9)}`)).toEqual([other.sale.id]);
    expect(await ids(`query=${encodeURIComponent('გელაშვილი (en')}`)).toEqual([other.sale.id]);
    const [{ contractNo }] = await db()
      .select({ contractNo: sales.contractNo })
      .from(sales)
      .where(eq(sales.id, other.sale.id));
    expect(await ids(`query=${encodeURIComponent(contractNo)}`)).toEqual([other.sale.id]);
  });

  it('a search pages through its matches and counts them all, on every page', async () => {
    const word = `ძებნა${randomUUID().slice(0, 6)}`;
    const buyer = await newCustomer(`ნინო ${word}`);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createSale(complexes[0].id, { customer_id: buyer.id })).sale.id);
    const page = async (n: number) => {
      const res = await get(`/api/sales?query=${encodeURIComponent(word.toUpperCase())}&perpage=2&page=${n}`);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().data.map((s: { id: number }) => s.id), meta: res.json().meta };
    };
    const [first, second, past] = [await page(1), await page(2), await page(3)];
    expect(first.meta).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2 });
    expect(second.meta).toMatchObject({ total: 3, from: 3, to: 3 });
    expect(past).toMatchObject({ ids: [], meta: { total: 3 } });
    expect([...first.ids, ...second.ids]).toEqual(made.sort((a, b) => b - a));
  });

  it('a list row tells the next installment and what is late exactly as the sale itself does', async () => {
    // the list works these out in the database, the sale page from its whole schedule (domain/ledger)
    const res = await get('/api/sales?sale_statuses[]=overdue&sale_statuses[]=active&perpage=50');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Array<Record<string, unknown>>;
    expect(rows.some((r) => (r.days_late as number) > 0)).toBe(true);
    expect(rows.some((r) => r.next_due_date !== null)).toBe(true);
    for (const row of rows) {
      const record = (await get(`/api/sales/${row.id}`)).json().data;
      const fields = ['next_due_date', 'next_due_amount', 'days_late', 'amount_overdue', 'properties'];
      expect(Object.fromEntries(fields.map((f) => [f, row[f]]))).toEqual(
        Object.fromEntries(fields.map((f) => [f, record[f]])),
      );
    }
  });

  it('totals per currency equal the sum of the rows to the cent', async () => {
    const rows = (await get('/api/sales?perpage=0')).json().data as Array<{
      currency: string;
      price: number;
      paid_total: number;
      remaining: number;
      amount_overdue: number;
    }>;
    const res = await get('/api/sales/totals');
    expect(res.statusCode).toBe(200);
    const totals = res.json().data;
    expect(totals.count).toBe(rows.length);
    for (const c of totals.by_currency) {
      const mine = rows.filter((r) => r.currency === c.currency);
      const sum = (f: 'price' | 'paid_total' | 'remaining' | 'amount_overdue') =>
        mine.reduce((s, r) => s + toMinor(r[f]), 0);
      expect(c.count).toBe(mine.length);
      expect(toMinor(c.price)).toBe(sum('price'));
      expect(toMinor(c.paid_total)).toBe(sum('paid_total'));
      expect(toMinor(c.remaining)).toBe(sum('remaining'));
      expect(toMinor(c.amount_overdue)).toBe(sum('amount_overdue'));
    }
    const gel = await get(`/api/sales/totals?payment_ccy=GEL&building_ids[]=${complexes[0].id}`);
    expect(gel.json().data.by_currency.every((c: { currency: string }) => c.currency === 'GEL')).toBe(true);
  });

  it('a sales manager sees only the sales of the first complex; another complex sale answers 404', async () => {
    const elsewhere = await createSale(complexes[1].id);
    const list = await get('/api/sales?perpage=50', managerToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    expect(list.json().data.every((s: { building_id: number }) => s.building_id === complexes[0].id)).toBe(true);
    expect((await get(`/api/sales/${elsewhere.sale.id}`, managerToken)).statusCode).toBe(404);
    expect((await get(`/api/sales/brief-info/${elsewhere.sale.id}`, managerToken)).statusCode).toBe(404);
  });

  it('a user who may see only own sales sees only theirs', async () => {
    const staff = await createStaff(t, adminToken, {
      permissions: ['view_only_own_sales', 'all_buildings_access', 'can_be_responsible_sale_manager'],
    });
    const mine = await createSale(complexes[0].id, { user_id: staff.id });
    const notMine = await createSale(complexes[0].id);
    const list = await get('/api/sales?perpage=50', staff.token);
    expect(list.json().data.map((s: { id: number }) => s.id)).toEqual([mine.sale.id]);
    expect(list.json().data[0].user_id).toBe(staff.id);
    expect((await get(`/api/sales/${notMine.sale.id}`, staff.token)).statusCode).toBe(404);
    expect((await get(`/api/sales/${mine.sale.id}`, staff.token)).statusCode).toBe(200);
  });
});
