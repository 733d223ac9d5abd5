import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { buildings, companies, customers, installments, invoices } from '../../server/db/schema';
import { multipart, startTestApp, type TestApp } from './harness';
import { cancelSale, makeSale } from './saleFixtures';

/** Issue 16's defects that the API answers: an invoice is not numbered twice for one amount; phones are checked. */
let t: TestApp;
let adminToken: string;
let accountantToken: string;
let vake: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  accountantToken = await t.signIn('accountant@demo.ge');
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token) });

describe('an invoice issued twice for the same amount (defect 2)', () => {
  it('answers the unpaid invoice again (200, reused) instead of numbering a new one; a payment makes a new amount', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 3000,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 3,
    });
    const first = await post('/api/invoices', { sale_id: sale.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ amount: 3000, reused: false });
    const again = await post('/api/invoices', { sale_id: sale.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      id: first.json().data.id,
      number: first.json().data.number,
      reused: true,
    });
    expect(await db().select().from(invoices).where(eq(invoices.saleId, sale.id))).toHaveLength(1);

    // one installment is a different thing to invoice: its own number, then reused too
    const [one] = await db()
      .select()
      .from(installments)
      .where(and(eq(installments.saleId, sale.id), eq(installments.number, 1)));
    const forInstallment = await post('/api/invoices', { sale_id: sale.id, installment_id: one.id });
    expect(forInstallment.statusCode).toBe(201);
    expect(forInstallment.json().data.id).not.toBe(first.json().data.id);
    const installmentAgain = await post('/api/invoices', { sale_id: sale.id, installment_id: one.id });
    expect(installmentAgain.json().data).toMatchObject({ id: forInstallment.json().data.id, reused: true });

    // after a payment the balance differs: a new invoice for the new amount
    const paid = await post(
      '/api/payments/pay',
      { sale_id: sale.id, amount: 500, currency: 'USD', paid_on: '2026-11-20' },
      accountantToken,
    );
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const afterPayment = await post('/api/invoices', { sale_id: sale.id });
    expect(afterPayment.statusCode).toBe(201);
    expect(afterPayment.json().data).toMatchObject({ amount: 2500, reused: false });
    expect(await db().select().from(invoices).where(eq(invoices.saleId, sale.id))).toHaveLength(3);
  });

  it('two clicks at once number one invoice', async () => {
    const sale = await makeSale(db(), { buildingId: vake, price: 900, firstPaymentDate: '2027-01-05' });
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/invoices', { sale_id: sale.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
  });
});

describe('phone numbers are checked and written one way (defect 8)', () => {
  const pid = () => String(Math.floor(10_000_000_000 + Math.random() * 89_999_999_999));

  it('a customer phone typed without a code becomes +995 …; a number that is too short is refused on the field', async () => {
    const created = await post('/api/customers', {
      type: 'individual',
      name_ka: 'ტელეფონის შემოწმება',
      personal_number: pid(),
      phones: ['555 12 34 56', '+7 916 123-45-67'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.phones).toEqual(['+995 555 12 34 56', '+7 916 123 45 67']);

    const refused = await post('/api/customers', {
      type: 'individual',
      name_ka: 'ტელეფონის შემოწმება 2',
      personal_number: pid(),
      phones: ['555 12 34 5'],
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json().errors)).toContain('wrong format');
  });

  it('an agent, a complex and an employee: the same rule', async () => {
    const agent = await post('/api/agents', { name: 'Phone Agent', phone: '599 44 55 66' });
    expect(agent.statusCode, agent.body).toBe(201);
    expect(agent.json().data.phone).toBe('+995 599 44 55 66');
    expect((await post('/api/agents', { name: 'Bad Phone', phone: '555 12 34 5' })).json().errors.phone).toEqual([
      'wrong format',
    ]);

    const user = await post('/api/users', {
      full_name: 'Phone User',
      email: `phone-${Date.now()}@demo.ge`,
      password: 'Phone-pass-1',
      phone: '577 11 22 33',
      roles: ['accountant'],
      buildings: [],
    });
    expect(user.statusCode, user.body).toBe(201);
    expect(user.json().data.phone).toBe('+995 577 11 22 33');
    const badUser = await post('/api/users', {
      full_name: 'Phone User 2',
      email: `phone2-${Date.now()}@demo.ge`,
      password: 'Phone-pass-1',
      phone: '12',
      roles: ['accountant'],
      buildings: [],
    });
    expect(badUser.statusCode).toBe(422);
    expect(badUser.json().errors.phone).toEqual(['wrong format']);

    const building = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${vake}`,
      payload: { phone: '32 2 123 456' },
      headers: t.as(adminToken),
    });
    expect(building.statusCode, building.body).toBe(200);
    expect(building.json().data.phone).toBe('+995 32 212 34 56');
  });
});

describe('list paging and the payment_percent filter (SPEC §5, §9)', () => {
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...t.as(adminToken), 'accept-language': 'en' } });

  it('takes page=0 as the first page and names a wrong page or perpage', async () => {
    const first = await get('/api/customers?page=1&perpage=5');
    const zero = await get('/api/customers?page=0&perpage=5');
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().data.map((c: { id: number }) => c.id)).toEqual(
      first.json().data.map((c: { id: number }) => c.id),
    );
    for (const [query, field] of [
      ['page=-1', 'page'],
      ['page=two', 'page'],
      ['perpage=1001', 'perpage'],
      ['perpage=-5', 'perpage'],
    ]) {
      const res = await get(`/api/customers?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.body, query).toContain(field);
    }
  });

  it('reads payment_percent without a value as 10 and refuses 100', async () => {
    const blank = await get('/api/sales?payment_percent=&perpage=1000');
    const ten = await get('/api/sales?payment_percent=10&perpage=1000');
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().meta.total).toBe(ten.json().meta.total);
    const all = await get('/api/sales?perpage=1000');
    expect(ten.json().meta.total).toBeLessThan(all.json().meta.total);
    expect((await get('/api/sales?payment_percent=99.5')).statusCode).toBe(200);
    const hundred = await get('/api/sales?payment_percent=100');
    expect(hundred.statusCode).toBe(422);
    expect(hundred.json().errors).toHaveProperty('payment_percent');
  });
});

it('answers a complex’s facsimile as SPEC §3 names it, facsimile_file_url', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${vake}`, headers: t.as(adminToken) });
  expect(res.statusCode).toBe(200);
  const building = res.json().data;
  expect(building).toHaveProperty('facsimile_file_url');
  expect(building.facsimile_file_url).toBe(building.facsimile_url);
});

describe('the URL rule (SPEC §5: optional protocol, public hosts only)', () => {
  it('a customer, an agent and the company keep a public site with its protocol and refuse a private one, translated', async () => {
    const customer = await post('/api/customers', {
      type: 'company',
      name_ka: 'საიტის შემოწმება',
      company_code: '404123456',
      website: 'www.example.ge/about',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json().data.website).toBe('https://www.example.ge/about');

    const before = await db().$count(customers);
    const privateSite = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: { type: 'company', name_ka: 'შიდა საიტი', website: 'http://192.168.1.10/admin' },
      headers: t.as(adminToken, 'ka'),
    });
    expect(privateSite.statusCode).toBe(422);
    expect(privateSite.json().errors.website).toEqual([
      'შეიყვანეთ საჯარო ვებმისამართი, მაგალითად example.ge (არა ლოკალური ან შიდა ქსელის მისამართი)',
    ]);
    expect(await db().$count(customers)).toBe(before);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${customer.json().data.id}`,
      payload: { website: 'localhost:3000' },
      headers: t.as(adminToken),
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors.website[0]).toContain('public web address');
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${customer.json().data.id}`,
      payload: { website: '' },
      headers: t.as(adminToken),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.website).toBeNull();

    const agent = await post('/api/agents', { name: 'Site Agent', website: 'http://agent.com.ge' });
    expect(agent.statusCode, agent.body).toBe(201);
    expect(agent.json().data.website).toBe('http://agent.com.ge');
    const metadata = await post('/api/agents', { name: 'Metadata Agent', website: 'http://169.254.169.254/latest' });
    expect(metadata.statusCode).toBe(422);
    expect(metadata.json().errors).toHaveProperty('website');

    const company = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      payload: { name: 'Demo Development', website: 'demo-development.ge' },
      headers: t.as(adminToken),
    });
    expect(company.statusCode, company.body).toBeLessThan(300);
    expect(company.json().data.website).toBe('https://demo-development.ge');
    const refusedCompany = await t.app.inject({
      method: 'POST',
      url: '/api/company',
      payload: { name: 'Demo Development', website: 'intranet' },
      headers: t.as(adminToken),
    });
    expect(refusedCompany.statusCode).toBe(422);
    const [row] = await db().select({ website: companies.website }).from(companies).orderBy(asc(companies.id)).limit(1);
    expect(row.website).toBe('https://demo-development.ge');
  });
});

describe('the range sliders’ ends (GET /properties/ranges)', () => {
  const span = async (where: string) => {
    const {
      rows: [row],
    } = (await db().execute(
      sql.raw(`select min(area)::float as area_min, max(area)::float as area_max, min(price)::float as price_min,
        max(price)::float as price_max, min(floor) as floor_min, max(floor) as floor_max
        from properties where archived_at is null ${where}`),
    )) as { rows: Array<Record<string, number>> };
    return {
      area: { min: row.area_min, max: row.area_max },
      price: { min: row.price_min, max: row.price_max },
      floor: { min: row.floor_min, max: row.floor_max },
    };
  };

  it('spans the units the user may see, of the chosen complexes', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/properties/ranges', headers: t.as(adminToken) });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual(await span(''));

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/properties/ranges?building_id=${vake}`,
      headers: t.as(adminToken),
    });
    expect(one.json().data).toEqual(await span(`and building_id = ${vake}`));

    const manager = await t.signIn('sales_manager@demo.ge');
    const scoped = await t.app.inject({ method: 'GET', url: '/api/properties/ranges', headers: t.as(manager) });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const mine = `and building_id in (select building_id from user_buildings ub join users u on u.id = ub.user_id
      where u.email = 'sales_manager@demo.ge')`;
    expect(scoped.json().data).toEqual(await span(mine));
    expect(scoped.json().data).not.toEqual(all.json().data);
  });
});

describe("a cancelled sale's files", () => {
  it('stay listed and open for whoever reads cancelled sales, read-only; the live route no longer finds them', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 1000,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 1,
    });
    const body = multipart(
      { title: 'Signed contract' },
      { file: { filename: 'contract.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') } },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/addFile`,
      headers: { ...t.as(adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    await cancelSale(db(), sale.id, sale.propertyIds);

    const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
    expect((await get(`/api/sales/${sale.id}/files`)).statusCode).toBe(404);
    const listed = await get(`/api/sales/trashed/${sale.id}/files`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0]).toMatchObject({ original_name: 'contract.pdf', title: 'Signed contract' });
    const opened = await t.app.inject({ method: 'GET', url: listed.json().data[0].url });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // read-only: no write route; a live sale is not reached through the trashed route; the permission is needed
    const write = multipart(
      {},
      { file: { filename: 'x.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') } },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/sales/trashed/${sale.id}/addFile`,
      headers: { ...t.as(adminToken), ...write.headers },
      payload: write.payload,
    });
    expect(refused.statusCode).toBe(404);
    const live = await makeSale(db(), {
      buildingId: vake,
      price: 1000,
      firstPaymentDate: '2027-01-05',
      paymentsCount: 1,
    });
    expect((await get(`/api/sales/trashed/${live.id}/files`)).statusCode).toBe(404);
    expect((await get(`/api/sales/trashed/${sale.id}/files`, accountantToken)).statusCode).toBe(403);
  });
});
