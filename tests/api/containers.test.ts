import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, serviceContainers } from '../../server/db/schema';
import { createStaff, startTestApp } from './harness';
import {
  addContainer,
  adminToken,
  cleaning,
  containerRow,
  db,
  gelSale,
  get,
  newService,
  parking,
  payContainer,
  renovation,
  saburtalo,
  saleRow,
  saleSchedule,
  send,
  t,
  today,
  vake,
  useContainerFixtures,
} from './containerFixtures';

useContainerFixtures();

describe('choosing a sale and its services', () => {
  it('getSales lists live sales; getSaleInfo shows units, prices in the sale currency, what is ordered', async () => {
    const sale = await gelSale();
    const sales = await get('/api/containers/getSales');
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().data.map((s: { id: number }) => s.id)).toContain(sale.id);
    // the sale is found by the sales' own search: its contract number, or its customer's personal number
    await db().update(customers).set({ personalNumber: '01027088888' }).where(eq(customers.id, sale.customerId));
    for (const text of [sale.contractNo, '01027088888']) {
      const found = await get(`/api/containers/getSales?query=${encodeURIComponent(text)}`);
      expect(found.json().data.map((s: { id: number }) => s.id)).toEqual([sale.id]);
    }
    expect((await get('/api/containers/getSales?query=01027088889')).json().data).toEqual([]);
    const info = await send('POST', '/api/containers/getSaleInfo', { sale_id: sale.id });
    expect(info.statusCode, info.body).toBe(200);
    const data = info.json().data;
    expect(data.sale).toMatchObject({ id: sale.id, currency: 'GEL', building_id: vake });
    expect(data.units).toHaveLength(1);
    expect(data.units[0].id).toBe(sale.propertyIds[0]);
    const offered = Object.fromEntries(data.services.map((s: { id: number }) => [s.id, s]));
    // Vake's own price wins over the price for every complex; 100 USD × 2.70 = 270 GEL
    expect(offered[renovation]).toMatchObject({ price: 350, currency: 'GEL', sale_price: 350, unit: 'sqm' });
    expect(offered[parking]).toMatchObject({ price: 100, currency: 'USD', sale_price: 270 });
    expect(data.ordered).toEqual([]);
  });
});

describe('a renovation container (POST /containers)', () => {
  it('prices the services for the sale, builds its own schedule and sets the sale’s renovation', async () => {
    const sale = await gelSale();
    const [unit] = (await send('POST', '/api/containers/getSaleInfo', { sale_id: sale.id })).json().data.units;
    const res = await send('POST', '/api/containers', {
      sale_id: sale.id,
      items: [
        { service_id: renovation, property_id: unit.id },
        { service_id: parking, quantity: 2 },
        { service_id: cleaning },
      ],
      first_payment_date: '2027-03-01',
      period_months: 1,
      payments_count: 3,
      note: 'თეთრი კარკასიდან',
    });
    expect(res.statusCode, res.body).toBe(201);
    const container = res.json().data;
    const expected = Math.round((unit.area * 350 + 540 + 1000) * 100) / 100;
    expect(container.price).toBe(expected);
    expect(container.items.map((i: { amount: number }) => i.amount)).toEqual([
      Math.round(unit.area * 350 * 100) / 100,
      540,
      1000,
    ]);
    expect(container.installments).toHaveLength(3);
    expect(container.installments.reduce((s: number, i: { amount: number }) => s + i.amount * 100, 0)).toBe(
      Math.round(expected * 100),
    );
    expect(await saleRow(sale.id)).toMatchObject({ renovationPrice: expected.toFixed(2), renovationPaid: '0.00' });
    // the sale's own schedule is untouched
    expect((await saleSchedule(sale.id)).map((i) => i.amount)).toEqual(['2500.00', '2500.00', '2500.00', '2500.00']);
    const info = await send('POST', '/api/containers/getSaleInfo', { sale_id: sale.id });
    expect(info.json().data.ordered).toHaveLength(3);
    // the list names the services in the asked language (Georgian where a name is missing)
    const [row] = (await get(`/api/containers?sale_id=${sale.id}`)).json().data;
    expect(row.services.split(', ').sort()).toEqual(['Renovation (test)', 'დასუფთავება (ტესტი)', 'პარკინგი (ტესტი)']);
  });

  it('a sale with a container takes its renovation price from it: typing another on the sale is refused', async () => {
    const sale = await gelSale();
    await addContainer(sale.id);
    const res = await send('PUT', `/api/sales/${sale.id}`, { renovation_price: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.renovation_price[0]).toContain('renovation containers');
    expect((await saleRow(sale.id)).renovationPrice).toBe('1000.00');
    const same = await send('PUT', `/api/sales/${sale.id}`, { renovation_price: 1000, note: 'უცვლელი' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('refuses a service not offered (inactive), an empty list, and a formula beyond the price', async () => {
    const sale = await gelSale();
    const inactive = await newService({
      name_ka: 'ავეჯი (ტესტი)',
      unit: 'fixed',
      active: false,
      prices: [{ building_id: null, price: 10, currency: 'GEL' }],
    });
    const refused = await send('POST', '/api/containers', {
      sale_id: sale.id,
      items: [{ service_id: inactive }],
      first_payment_date: '2027-02-01',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['items.0.service_id'][0]).toContain('not offered');
    const empty = await send('POST', '/api/containers', {
      sale_id: sale.id,
      items: [],
      first_payment_date: '2027-02-01',
    });
    expect(empty.statusCode).toBe(422);
    const formula = await send('POST', '/api/containers', {
      sale_id: sale.id,
      items: [{ service_id: cleaning }],
      first_payment_date: '2027-02-01',
      payments_count: 2,
      formula: '800:2',
    });
    expect(formula.statusCode).toBe(422);
    expect(formula.json().errors.formula).toBeDefined();
    expect(await db().select().from(serviceContainers).where(eq(serviceContainers.saleId, sale.id))).toHaveLength(0);
  });

  it('refuses a line or a renovation beyond the largest price (999,999,999,999.99), and writes nothing', async () => {
    const sale = await gelSale();
    const costly = await newService({
      name_ka: 'ფასადი (ტესტი)',
      unit: 'unit',
      active: true,
      prices: [{ building_id: null, price: 999_999_999, currency: 'GEL' }],
    });
    const order = (quantity: number, times = 1) =>
      send('POST', '/api/containers', {
        sale_id: sale.id,
        items: Array.from({ length: times }, () => ({ service_id: costly, quantity })),
        first_payment_date: '2027-02-01',
      });
    // 999,999,999 × 1,001 is past the bound in one line; 600 twice is past it in all
    const line = await order(1001);
    expect(line.statusCode, line.body).toBe(422);
    expect(line.json().errors).toEqual({ 'items.0.quantity': ['The number is too large'] });
    const all = await order(600, 2);
    expect(all.statusCode, all.body).toBe(422);
    expect(all.json().errors).toEqual({ items: ['The number is too large'] });
    expect(await db().select().from(serviceContainers).where(eq(serviceContainers.saleId, sale.id))).toHaveLength(0);
    expect((await order(999)).statusCode).toBe(201);
  });

  it('lists containers by complex, sale, status and debt; GET one shows services, schedule and payments', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const bySale = await get(`/api/containers?sale_id=${sale.id}`);
    expect(bySale.statusCode, bySale.body).toBe(200);
    expect(bySale.json().data).toHaveLength(1);
    expect(bySale.json().data[0]).toMatchObject({
      id: container.id,
      price: 1000,
      paid: 0,
      debt: 1000,
      status: 'active',
    });
    const withDebt = await get(`/api/containers?debt=true&building_ids[]=${vake}&status[]=active`);
    expect(withDebt.json().data.map((c: { id: number }) => c.id)).toContain(container.id);
    const paidOnly = await get(`/api/containers?debt=false&sale_id=${sale.id}`);
    expect(paidOnly.json().data).toHaveLength(0);
    const elsewhere = await get(`/api/containers?building_ids[]=${saburtalo}&sale_id=${sale.id}`);
    expect(elsewhere.json().data).toHaveLength(0);
    const one = await get(`/api/containers/${container.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ sale_id: sale.id, currency: 'GEL', payments: [] });
    expect(one.json().data.items[0]).toMatchObject({ service_id: cleaning, quantity: 1, amount: 1000 });
    expect(one.json().data.installments.map((i: { status: string }) => i.status)).toEqual(['unpaid', 'unpaid']);
  });
});

describe('deleting a container', () => {
  it('is refused (translated 409) while it holds payments; once they are gone, clears the renovation', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const paid = await payContainer(container.id, 100);
    const refused = await send('DELETE', `/api/containers/${container.id}`, undefined, adminToken, {
      'content-language': 'ka',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('კონტეინერს გადახდები აქვს: ჯერ ისინი წაშალეთ');
    await send('DELETE', `/api/containers/deletePayment/${paid.json().data.id}`);
    const res = await send('DELETE', `/api/containers/${container.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await containerRow(container.id)).toBeUndefined();
    expect(await saleRow(sale.id)).toMatchObject({ renovationPrice: '0.00', renovationPaid: '0.00' });
    expect((await get(`/api/containers/${container.id}`)).statusCode).toBe(404);
  });
});

describe('building scope and permissions', () => {
  it('a container of another complex is 404 for every call; the list leaves it out', async () => {
    const sale = await gelSale();
    const container = await addContainer(sale.id);
    const staff = await createStaff(t, adminToken, {
      permissions: ['view_service_containers', 'add_service_containers', 'delete_service_containers', 'add_payments'],
      buildings: [saburtalo],
    });
    expect((await get(`/api/containers/${container.id}`, staff.token)).statusCode).toBe(404);
    const list = await get(`/api/containers?sale_id=${sale.id}`, staff.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(0);
    const body = { container_id: container.id, amount: 10, currency: 'GEL', paid_on: today };
    expect((await send('POST', '/api/containers/pay', body, staff.token)).statusCode).toBe(404);
    expect((await send('POST', '/api/containers/calculatePayment', body, staff.token)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/containers/${container.id}`, undefined, staff.token)).statusCode).toBe(404);
    expect((await send('POST', '/api/containers/getSaleInfo', { sale_id: sale.id }, staff.token)).statusCode).toBe(404);
    const create = await send(
      'POST',
      '/api/containers',
      { sale_id: sale.id, items: [{ service_id: cleaning }], first_payment_date: '2027-01-01' },
      staff.token,
    );
    expect(create.statusCode).toBe(404);
    const sales = await get('/api/containers/getSales', staff.token);
    expect(sales.json().data.map((s: { id: number }) => s.id)).not.toContain(sale.id);
    expect(await containerRow(container.id)).toMatchObject({ paid: '0.00' });
  });

  it('without view_service_containers the list is 403', async () => {
    const staff = await createStaff(t, adminToken, { permissions: ['view_sales'], buildings: [vake] });
    expect((await get('/api/containers', staff.token)).statusCode).toBe(403);
  });
});

describe('MODULE_SERVICES off', () => {
  it('every container route answers 404', async () => {
    const off = await startTestApp({ MODULE_SERVICES: 'false' });
    try {
      const token = await off.signIn('admin@demo.ge');
      for (const [method, url] of [
        ['GET', '/api/containers'],
        ['GET', '/api/containers/1'],
        ['GET', '/api/containers/getSales'],
        ['POST', '/api/containers/getSaleInfo'],
        ['POST', '/api/containers'],
        ['DELETE', '/api/containers/1'],
        ['POST', '/api/containers/calculatePayment'],
        ['POST', '/api/containers/pay'],
        ['DELETE', '/api/containers/deletePayment/1'],
        ['POST', '/api/sales/1/renovation/payment-schedule'],
      ] as const) {
        const res = await off.app.inject({ method, url, payload: {}, headers: off.as(token) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
