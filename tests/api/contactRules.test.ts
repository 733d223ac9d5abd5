import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { buildings, companies, customers } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';

/** Phone numbers and websites are checked and written one way, for customers, agents, complexes and staff. */
let t: TestApp;
let adminToken: string;
let vake: number;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token) });

describe('phone numbers are checked and written one way', () => {
  const pid = () => String(Math.floor(10_000_000_000 + Math.random() * 89_999_999_999));

  it('a customer phone typed without a code becomes +995 …; one too short is refused on the field', async () => {
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

describe('the URL rule (optional protocol, public hosts only)', () => {
  it('a customer, an agent and the company keep a public site with its protocol, refuse a private one', async () => {
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
