import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { advancePayments, bookings, customers, preSaleBookings, properties } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';
import { statusFromDeals } from './dealFixtures';

let t: TestApp;
let adminToken: string;
let managerToken: string;

beforeAll(async () => {
  t = await startTestApp();
  [adminToken, managerToken] = await Promise.all([t.signIn('admin@demo.ge'), t.signIn('sales_manager@demo.ge')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken, locale = 'en') =>
  t.app.inject({ method, url, payload, headers: t.as(token, locale) });

let pidCounter = 0;
/** A fresh valid personal number no demo customer holds (demo ones start 01..62). */
const newPid = () => `9${String(Date.now() % 1e6).padStart(6, '0')}${String(++pidCounter).padStart(4, '0')}`;
const unique = () => randomUUID().slice(0, 6);

interface Customer {
  id: number;
  type: string;
  name: string;
  name_ka: string;
  personal_number: string | null;
  company_code: string | null;
  country: string | null;
  phones: string[];
  emails: string[];
  responsible_user_id: number | null;
  created_by: number | null;
}

const addCustomer = async (fields: Record<string, unknown> = {}, token = adminToken): Promise<Customer> => {
  const res = await send(
    'POST',
    '/api/customers',
    { type: 'individual', name_ka: `კლიენტი ${unique()}`, personal_number: newPid(), ...fields },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const liveCount = () => db().$count(customers, isNull(customers.deletedAt));

describe('the demo customers', () => {
  it('about 200 customers are seeded: people and companies of several countries, unique personal numbers', async () => {
    const rows = await db().select().from(customers);
    expect(rows.length).toBeGreaterThanOrEqual(190);
    const individuals = rows.filter((r) => r.type === 'individual');
    expect(individuals.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.type === 'company').length).toBeGreaterThan(10);
    expect(individuals.every((r) => /^\d{11}$/.test(r.personalNumber ?? ''))).toBe(true);
    expect(new Set(individuals.map((r) => r.personalNumber)).size).toBe(individuals.length);
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.nameEn && r.nameRu)).toBe(true);
  });
});

describe('adding and reading customers', () => {
  it('adds an individual with names, contacts, country; found by name, personal number, phone and email', async () => {
    const pid = newPid();
    const tag = unique();
    // a phone is a valid number, kept as +995 599 12 34 56
    const digits = String(100_000 + Math.floor(Math.random() * 900_000));
    const phone = `599 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
    const created = await addCustomer({
      name_ka: `ნინო ტესტაძე ${tag}`,
      name_en: `Nino Testadze ${tag}`,
      name_ru: `Нино Тестадзе ${tag}`,
      personal_number: pid,
      gender: 'female',
      birth_date: '1990-05-17',
      country: 'ge',
      citizenship: 'GE',
      phones: ['+995 555 11 22 33', `+995 ${phone}`],
      emails: [`nino.${tag}@mail.ge`],
      address: 'თბილისი',
      info_source: 'Facebook',
    });
    expect(created).toMatchObject({
      type: 'individual',
      name: `Nino Testadze ${tag}`,
      personal_number: pid,
      country: 'GE',
      citizenship: 'GE',
      gender: 'female',
      birth_date: '1990-05-17',
    });
    expect(created.phones).toHaveLength(2);

    // in any letter case, Latin or Cyrillic
    for (const query of [tag, pid, phone, `nino.${tag}`, `NINO TESTADZE ${tag}`, `нино тестадзе ${tag}`]) {
      const res = await get(`/api/customers?query=${encodeURIComponent(query)}`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.map((c: Customer) => c.id),
        query,
      ).toContain(created.id);
    }
    const one = await get(`/api/customers/${created.id}`, adminToken, 'ru');
    expect(one.json().data.name).toBe(`Нино Тестадзе ${tag}`);
    const [row] = await db().select().from(customers).where(eq(customers.id, created.id));
    expect(row.emails).toEqual([`nino.${tag}@mail.ge`]);
  });

  it('a company needs its identification code, not a personal number', async () => {
    const bad = await send('POST', '/api/customers', { type: 'company', name_ka: 'შპს ტესტი' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.company_code).toEqual(['required field']);
    const company = await addCustomer({
      type: 'company',
      name_ka: `შპს ტესტი ${unique()}`,
      personal_number: undefined,
      company_code: '404040404',
      country: 'DE',
    });
    expect(company).toMatchObject({ type: 'company', company_code: '404040404', personal_number: null, country: 'DE' });
  });

  it('bad input answers 422 with English messages per field and writes nothing', async () => {
    const before = await liveCount();
    const res = await send('POST', '/api/customers', {
      type: 'individual',
      name_ka: '  ',
      personal_number: '123',
      emails: ['not-an-email'],
      country: 'XX',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name_ka).toEqual(['required field']);
    expect(errors.personal_number).toEqual(['Personal number must be exactly 11 digits']);
    expect(errors['emails.0']).toEqual(['invalid email format']);
    const noPid = await send('POST', '/api/customers', { type: 'individual', name_ka: 'სახელი', country: 'XX' });
    expect(noPid.json().errors).toMatchObject({ personal_number: ['required field'], country: ['unknown country'] });
    const notManager = await send('POST', '/api/customers', {
      name_ka: 'სახელი',
      personal_number: newPid(),
      responsible_user_id: (await createStaff(t, adminToken, { permissions: ['view_customers'] })).id,
    });
    expect(notManager.statusCode).toBe(422);
    expect(notManager.json().errors.responsible_user_id).toEqual(['This user cannot be a responsible sales manager']);
    expect(await liveCount()).toBe(before);
  });

  it('names take letters of any script, digits and - \' . " &; an emoji is a translated 422 on the field', async () => {
    const named = await send('POST', '/api/customers', {
      type: 'company',
      name_ka: 'შპს „ბილდ & კო“',
      name_en: "O'Brien & Sons Ltd.",
      name_ru: 'ООО «Строй-Мастер»',
      company_code: '404123456',
    });
    expect(named.statusCode, named.body).toBe(201);
    const count = async () => (await db().select().from(customers)).length;
    const before = await count();
    for (const [locale, message] of [
      ['en', 'a name may hold letters, digits, spaces and - \' . " &'],
      ['ka', 'სახელში დასაშვებია ასოები, ციფრები, ჰარი და - \' . " &'],
      ['ru', 'имя может содержать буквы, цифры, пробелы и - \' . " &'],
    ]) {
      const res = await send(
        'POST',
        '/api/customers',
        { type: 'individual', name_ka: 'ნინო 😀', name_en: 'Nino 🏠', personal_number: '01001012345' },
        adminToken,
        locale,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toMatchObject({ name_ka: [message], name_en: [message] });
    }
    expect(await count()).toBe(before);
  });

  it('a personal number belongs to one individual: a duplicate answers 422 naming the existing customer', async () => {
    const pid = newPid();
    const first = await addCustomer({ name_ka: 'პირველი', name_en: `First Holder ${unique()}`, personal_number: pid });
    const res = await send('POST', '/api/customers', { name_ka: 'მეორე', personal_number: pid });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.personal_number).toEqual([
      `This personal number already belongs to customer ${first.name} (ID ${first.id})`,
    ]);
    // editing another customer onto the same number is refused too
    const other = await addCustomer();
    const put = await send('PUT', `/api/customers/${other.id}`, { personal_number: pid });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors.personal_number[0]).toContain(`ID ${first.id}`);
    expect(await db().$count(customers, and(eq(customers.personalNumber, pid), isNull(customers.deletedAt)))).toBe(1);
  });

  it('two requests racing with the same personal number: one is added, the other gets 422, never 500', async () => {
    const pid = newPid();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send('POST', '/api/customers', { name_ka: `რბოლა ${i}`, personal_number: pid }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json().errors.personal_number[0]).toContain('This personal number already belongs to customer');
    expect(await db().$count(customers, eq(customers.personalNumber, pid))).toBe(1);
  });

  it('filters, sorting, shortMode, onlyLatest and the country counts', async () => {
    const tag = unique();
    const a = await addCustomer({ name_ka: `ა ${tag}`, country: 'NO', citizenship: 'NO', gender: 'male' });
    const b = await addCustomer({ name_ka: `ბ ${tag}`, country: 'NO', gender: 'female' });
    const byCountry = await get('/api/customers?country=NO&perpage=50&sort=name_ka&order=asc');
    expect(byCountry.json().data.map((c: Customer) => c.id)).toEqual([a.id, b.id]);
    expect(byCountry.json().meta.total).toBe(2);
    expect((await get('/api/customers?country=NO&gender=female')).json().data.map((c: Customer) => c.id)).toEqual([
      b.id,
    ]);
    expect((await get('/api/customers?citizenship[]=NO')).json().data.map((c: Customer) => c.id)).toEqual([a.id]);
    const companies = (await get('/api/customers?type=company&perpage=5')).json();
    expect(companies.data.every((c: Customer) => c.type === 'company')).toBe(true);
    expect(companies.data).toHaveLength(5);

    const short = (await get(`/api/customers?shortMode=1&query=${encodeURIComponent(tag)}`)).json();
    expect(short).toEqual({
      data: [
        { id: a.id, name: `ა ${tag}` },
        { id: b.id, name: `ბ ${tag}` },
      ],
    });
    expect((await get('/api/customers?shortMode=1')).json().data.length).toBe(50);

    const latest = (await get('/api/customers?onlyLatest=2')).json();
    expect(latest.data.map((c: Customer) => c.id)).toEqual([b.id, a.id]);
    expect(latest.meta).toBeUndefined();

    const grouped = (await get('/api/customers/grouped-by-country')).json().data as Array<{
      country: string;
      count: number;
    }>;
    expect(grouped.find((g) => g.country === 'NO')?.count).toBe(2);
    expect(grouped.reduce((sum, g) => sum + g.count, 0)).toBe(await liveCount());

    const mgr = (await db().select().from(customers).where(isNull(customers.deletedAt))).filter(
      (c) => c.responsibleUserId !== null,
    );
    const responsible = (await get(`/api/customers?responsible_user_id=${mgr[0].responsibleUserId}&perpage=0`)).json();
    expect(responsible.meta.total).toBe(mgr.filter((c) => c.responsibleUserId === mgr[0].responsibleUserId).length);
  });

  it('a search pages through its matches and counts them all; an edited name is found by its new name', async () => {
    const word = `ძებნა${unique()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await addCustomer({ name_ka: `ნინო ${word} ${i}` })).id);
    const page = async (n: number, query = word) => {
      const res = await get(`/api/customers?query=${encodeURIComponent(query)}&perpage=2&page=${n}&sort=id&order=asc`);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().data.map((c: Customer) => c.id), meta: res.json().meta };
    };
    const [first, second, past] = [await page(1), await page(2), await page(3)];
    expect(first.meta).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2 });
    expect(second.meta).toMatchObject({ total: 3, from: 3, to: 3 });
    expect(past).toMatchObject({ ids: [], meta: { total: 3 } });
    expect([...first.ids, ...second.ids]).toEqual(made);

    const renamed = `სახელი${unique()}`;
    const res = await send('PUT', `/api/customers/${made[0]}`, { type: 'individual', name_ka: `ნინო ${renamed}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(1, renamed)).ids).toEqual([made[0]]);
    expect((await page(1, word)).meta.total).toBe(2);
  });

  it('a customer is edited; switching to a company clears the personal number', async () => {
    const c = await addCustomer({ phones: ['555 00 01 00'] });
    const res = await send('PUT', `/api/customers/${c.id}`, {
      name_en: 'Edited Name',
      phones: ['+995 555 000 111', '+995 555 000 222'],
      emails: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Edited Name',
      phones: ['+995 555 00 01 11', '+995 555 00 02 22'],
      emails: [],
    });
    const toCompany = await send('PUT', `/api/customers/${c.id}`, { type: 'company', company_code: '205205205' });
    expect(toCompany.json().data).toMatchObject({ type: 'company', personal_number: null, company_code: '205205205' });
    expect((await send('PUT', '/api/customers/999999', { name_en: 'x' })).statusCode).toBe(404);
  });
});

describe('deleting customers', () => {
  it('a customer without deals is soft-deleted: gone from the list, 404, kept; its personal number freed', async () => {
    const c = await addCustomer();
    const res = await send('DELETE', `/api/customers/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/customers/${c.id}`)).statusCode).toBe(404);
    const [row] = await db().select().from(customers).where(eq(customers.id, c.id));
    expect(row.deletedAt).not.toBeNull();
    await addCustomer({ personal_number: c.personal_number });
  });

  it('a customer with a reservation, a booking or an advance payment answers 409 and stays', async () => {
    const [unit] = await db().select({ id: properties.id }).from(properties).limit(1);
    const withHold = await addCustomer();
    await db()
      .insert(preSaleBookings)
      .values({ propertyId: unit.id, customerId: withHold.id, holdUntil: '2030-01-01' });
    const withBooking = await addCustomer();
    await db().insert(bookings).values({
      propertyId: unit.id,
      customerId: withBooking.id,
      periodFrom: '2030-01-01',
      periodTo: '2030-02-01',
      price: '1000.00',
    });
    await statusFromDeals(db(), [unit.id]);
    const withPayment = await addCustomer();
    await db().insert(advancePayments).values({ customerId: withPayment.id, amount: '500.00', paidOn: '2030-01-01' });
    await db()
      .insert(advancePayments)
      .values({ customerId: withPayment.id, propertyId: unit.id, amount: '250.00', paidOn: '2030-02-01' });
    for (const c of [withHold, withBooking, withPayment]) {
      const res = await send('DELETE', `/api/customers/${c.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This customer has reservations, bookings, barter deals or advance payments and cannot be deleted',
      );
      expect((await get(`/api/customers/${c.id}`)).statusCode).toBe(200);
    }
    const related = (await get(`/api/customers/${withBooking.id}/related`)).json().data;
    expect(related.bookings).toHaveLength(1);
    expect(related.bookings[0]).toMatchObject({ price: 1000, property_id: unit.id });
    expect((await get(`/api/customers/${withHold.id}/related`)).json().data.reservations).toHaveLength(1);
    const payments = (await get(`/api/customers/${withPayment.id}/related`)).json().data.payments;
    expect(payments.map((p: { amount: number }) => p.amount)).toEqual([250, 500]);
    expect(payments[1]).toMatchObject({ amount: 500, currency: 'USD', property_id: null });
  });
});

describe('who sees which customers', () => {
  it('view_only_own_customers shows the customers one added or is responsible for; others answer 404', async () => {
    const own = await createStaff(t, adminToken, {
      permissions: ['view_only_own_customers', 'add_customers', 'edit_customers', 'can_be_responsible_sale_manager'],
    });
    const mine = await addCustomer({ name_ka: `ჩემი ${unique()}` }, own.token);
    const assigned = await addCustomer({ responsible_user_id: own.id });
    const foreign = await addCustomer();

    const list = (await get('/api/customers?perpage=0', own.token)).json();
    expect(list.data.map((c: Customer) => c.id).sort()).toEqual([mine.id, assigned.id].sort());
    expect(list.meta.total).toBe(2);
    expect((await get(`/api/customers/${assigned.id}`, own.token)).statusCode).toBe(200);
    expect((await get(`/api/customers/${foreign.id}`, own.token)).statusCode).toBe(404);
    expect((await get(`/api/customers/${foreign.id}/related`, own.token)).statusCode).toBe(404);
    expect((await send('PUT', `/api/customers/${foreign.id}`, { name_en: 'hijack' }, own.token)).statusCode).toBe(404);
    expect((await send('PUT', `/api/customers/${mine.id}`, { name_en: 'Mine' }, own.token)).statusCode).toBe(200);
    expect((await get('/api/customers?shortMode=1', own.token)).json().data).toHaveLength(2);
    const grouped = (await get('/api/customers/grouped-by-country', own.token)).json().data as Array<{ count: number }>;
    expect(grouped.reduce((s, g) => s + g.count, 0)).toBe(2);
  });

  it('view_customers sees everyone; with no customer permission the list is 403; writing needs its own', async () => {
    const reader = await createStaff(t, adminToken, { permissions: ['view_customers'] });
    expect((await get('/api/customers', reader.token)).json().meta.total).toBe(await liveCount());
    expect(
      (await send('POST', '/api/customers', { name_ka: 'x', personal_number: newPid() }, reader.token)).statusCode,
    ).toBe(403);
    const c = await addCustomer();
    expect((await send('PUT', `/api/customers/${c.id}`, { name_en: 'x' }, reader.token)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/customers/${c.id}`, undefined, reader.token)).statusCode).toBe(403);
    const nobody = await createStaff(t, adminToken, { permissions: ['view_properties'] });
    expect((await get('/api/customers', nobody.token)).statusCode).toBe(403);
    expect((await get('/api/customers/grouped-by-country', nobody.token)).statusCode).toBe(403);
    // the demo sales manager holds view_customers (not own-only) and may add customers
    expect((await get('/api/customers?perpage=1', managerToken)).json().meta.total).toBe(await liveCount());
  });
});
