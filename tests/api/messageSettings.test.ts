import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, users } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';

/**
 * The two small settings of the messages to customers:
 * a customer's "no marketing messages" and a user's sign-in code channel.
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, payload, headers: t.as(token, 'en') });

let pidCounter = 0;
const newPid = () => `8${String(Date.now() % 1e6).padStart(6, '0')}${String(++pidCounter).padStart(4, '0')}`;

const addCustomer = async (fields: Record<string, unknown> = {}) => {
  const res = await send('POST', '/api/customers', {
    type: 'individual',
    name_ka: `კლიენტი ${randomUUID().slice(0, 6)}`,
    personal_number: newPid(),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; no_marketing: boolean };
};

describe("a customer's no marketing messages", () => {
  it('is off unless asked, is answered by create, read and update, and is stored', async () => {
    const plain = await addCustomer();
    expect(plain.no_marketing).toBe(false);

    const quiet = await addCustomer({ no_marketing: true });
    expect(quiet.no_marketing).toBe(true);
    expect((await send('GET', `/api/customers/${quiet.id}`)).json().data.no_marketing).toBe(true);
    const listed = await send('GET', '/api/customers?perpage=50');
    expect(listed.json().data.find((c: { id: number }) => c.id === quiet.id)?.no_marketing).toBe(true);

    const changed = await send('PUT', `/api/customers/${quiet.id}`, { no_marketing: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.no_marketing).toBe(false);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, quiet.id));
    expect(row.noMarketing).toBe(false);

    // an update that does not name it leaves it as it was
    await send('PUT', `/api/customers/${plain.id}`, { no_marketing: true });
    const renamed = await send('PUT', `/api/customers/${plain.id}`, { address: 'Tbilisi' });
    expect(renamed.json().data.no_marketing).toBe(true);
  });

  it('refuses a value that is not a yes or no on its field', async () => {
    const res = await send('POST', '/api/customers', {
      type: 'individual',
      name_ka: 'კლიენტი',
      personal_number: newPid(),
      no_marketing: 'maybe',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('no_marketing');
  });

  it('keeps free-text SMS from a customer who asked for none (POST /sms skips them)', async () => {
    const willing = await addCustomer({ phones: ['+995 555 12 34 56'] });
    const quiet = await addCustomer({ phones: ['+995 555 65 43 21'], no_marketing: true });
    const res = await send('POST', '/api/sms', {
      message: 'Open day on Saturday',
      customer_ids: [willing.id, quiet.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const written = res.json().data as Array<{ id: number; status: string; channel: string }>;
    expect(written.map((w) => w.status).sort()).toEqual(['queued', 'skipped']);
    const log = await send('POST', '/api/notification-logs', { customer_id: quiet.id });
    expect(log.json().data[0]).toMatchObject({
      status: 'skipped',
      channel: 'sms',
      error_message: 'The customer asked for no marketing messages',
    });
  });
});

describe("the user's sign-in code channel", () => {
  const me = (token: string) => send('GET', '/api/user', undefined, token).then((r) => r.json().data);

  it('is email until the user chooses SMS, which needs a phone; clearing the phone goes back to email', async () => {
    const staff = await createStaff(t, adminToken, { permissions: [] });
    expect((await me(staff.token)).otp_channel).toBe('email');

    const noPhone = await send('PUT', '/api/users/me', { otp_channel: 'sms' }, staff.token);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors.otp_channel).toEqual(['Add a phone number to get the code by SMS']);

    const chosen = await send('PUT', '/api/users/me', { phone: '+995 555 00 11 22', otp_channel: 'sms' }, staff.token);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await me(staff.token)).otp_channel).toBe('sms');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    expect(row.otpChannel).toBe('sms');

    // another change of the profile keeps the choice
    await send('PUT', '/api/users/me', { full_name: 'Staff with SMS' }, staff.token);
    expect((await me(staff.token)).otp_channel).toBe('sms');

    await send('PUT', '/api/users/me', { phone: '' }, staff.token);
    expect((await me(staff.token)).otp_channel).toBe('email');
  });

  it('refuses anything but email or sms with 422 on the field', async () => {
    const staff = await createStaff(t, adminToken, { permissions: [] });
    const res = await send('PUT', '/api/users/me', { otp_channel: 'pigeon' }, staff.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('otp_channel');
    expect((await me(staff.token)).otp_channel).toBe('email');
  });
});
