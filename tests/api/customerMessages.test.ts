import { businessToday } from '../../domain/businessDay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  customers,
  notificationLogs,
  notificationTemplates,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../server/db/schema';
import { logsOfSale, saleDueIn, startMessagingApp, type MessagingApp } from './messageFixtures';

let m: MessagingApp;
let admin: string;
let manager: string;
let accountant: string;
const db = () => m.t.database.db;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = admin, payload?: object, locale = 'en') =>
  m.t.app.inject({ method, url, payload, headers: m.t.as(token, locale) });
/** Waits for the delivery the send woke. */
const delivered = () => m.t.app.jobs.settled();
const mailTo = (address: string) => m.mailbox.messages.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  m = await startMessagingApp();
  [admin, manager, accountant] = await Promise.all([
    m.t.signIn('admin@demo.ge'),
    m.t.signIn('sales_manager@demo.ge'),
    m.t.signIn('accountant@demo.ge'),
  ]);
});
afterAll(() => m.close());

describe('sending by hand from the sale page', () => {
  it('previews a reminder on each channel, then sends it where the customer can be reached', async () => {
    const { sale } = await saleDueIn(m.t, 10, { locale: 'ka', email: 'hand@example.ge', phone: null });
    const preview = await call('GET', `/api/sales/${sale.id}/reminder-notification`);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({ kind: 'reminder', locale: 'ka', contract_no: sale.contractNo, no_marketing: false });
    expect(data.channels).toEqual([
      expect.objectContaining({ channel: 'email', available: true, recipient: 'hand@example.ge' }),
      expect.objectContaining({ channel: 'sms', available: false, reason: 'customer_messages.skip.no_phone' }),
    ]);
    expect(data.channels[0].body).toContain('1,000.00 USD');

    const sent = await call('POST', `/api/sales/${sale.id}/reminder-notification`, admin, {
      channels: ['email', 'sms'],
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.map((r: { status: string }) => r.status)).toEqual(['queued', 'skipped']);
    await delivered();
    const [mail] = mailTo('hand@example.ge');
    expect(mail.subject).toMatch(/^შეხსენება: გადახდის ვადა/);
    const rows = await logsOfSale(m.t, sale.id);
    expect(rows.map((r) => [r.channel, r.status, r.manual])).toEqual([
      ['email', 'sent', true],
      ['sms', 'skipped', true],
    ]);
    // the activity log says a reminder was sent, not that the sale was created
    const logged = await call('POST', '/api/logs', admin, { record_type: 'sales', record_id: String(sale.id) }, 'ka');
    const reminders = (logged.json().data as Array<{ route: string; action: string }>).filter((e) =>
      e.route.endsWith('/reminder-notification'),
    );
    expect(reminders.map((e) => e.action)).toEqual(['reminder_sent']);
  });

  it('sends each kind in the contract’s language: overdue, payment received and changed, reminder', async () => {
    const { sale } = await saleDueIn(m.t, -3, { locale: 'ru', email: 'kinds@example.ge', phone: null });
    const pay = await call('POST', '/api/payments/pay', accountant, {
      sale_id: sale.id,
      amount: 100,
      currency: 'USD',
      paid_on: businessToday(),
    });
    expect(pay.statusCode).toBe(201);
    const [installment] = await db().query.installments.findMany({ where: (i, { eq: e }) => e(i.saleId, sale.id) });
    for (const url of [
      `/api/sales/${sale.id}/overdue-notification`,
      `/api/sales/${sale.id}/payment-notification/added`,
      `/api/sales/${sale.id}/payment-notification/changed`,
      `/api/sales/payment-reminder/${installment.id}`,
    ])
      expect((await call('POST', url, admin, { channels: ['email'] })).statusCode).toBe(201);
    await delivered();
    const mails = mailTo('kinds@example.ge');
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      expect.stringMatching(/^Напоминание: срок платежа \d\d\.\d\d\.\d{4}$/),
      `Платёж исправлен: договор ${sale.contractNo}`,
      `Платёж получен: договор ${sale.contractNo}`,
      `Просроченный платёж: договор ${sale.contractNo}`,
    ]);
    const received = mails.find((mail) => mail.subject.startsWith('Платёж получен'))!;
    expect(received.text).toContain('100.00 USD');
    expect(received.text).toContain('Остаток: 900.00 USD');
  });

  it('sends the cancellation notice recorded on /overdue-sales', async () => {
    const { sale } = await saleDueIn(m.t, -40, { locale: 'en', email: 'cancel@example.ge', phone: '599 44 55 66' });
    const res = await call('POST', '/api/overdue-sales', admin, { sale_id: sale.id, note: 'second notice' });
    expect(res.statusCode).toBe(201);
    expect(res.json().messages).toHaveLength(2);
    await delivered();
    expect(mailTo('cancel@example.ge')[0].subject).toBe(`Notice of contract cancellation: ${sale.contractNo}`);
    expect(m.gateway.requests.filter((r) => r.destination === '995599445566')[0].content).toContain('40 days');
  });

  it('needs a sending permission and a sale in the user’s complexes', async () => {
    const { sale } = await saleDueIn(m.t, 5);
    expect((await call('GET', `/api/sales/${sale.id}/reminder-notification`, accountant)).statusCode).toBe(403);
    expect((await call('POST', `/api/sales/${sale.id}/reminder-notification`, manager)).statusCode).toBe(403);
    expect((await call('GET', '/api/sales/999999/reminder-notification')).statusCode).toBe(404);
    expect((await call('GET', `/api/sales/${sale.id}/payment-notification/sideways`)).statusCode).toBe(422);
    const none = await call('POST', `/api/sales/${sale.id}/reminder-notification`, admin, { channels: [] });
    expect(none.statusCode).toBe(422);
    expect(await logsOfSale(m.t, sale.id)).toEqual([]);
  });
});

describe('free SMS to customers', () => {
  it('goes to the chosen customers’ phones and skips those who asked for no marketing', async () => {
    const a = await saleDueIn(m.t, 30, { phone: '599 70 00 01' });
    const b = await saleDueIn(m.t, 30, { phone: '599 70 00 02' });
    await db().update(customers).set({ noMarketing: true }).where(eq(customers.id, b.customer.id));
    const res = await call('POST', '/api/sms', admin, {
      message: 'ახალი ბლოკის პრეზენტაცია შაბათს',
      customer_ids: [a.customer.id, b.customer.id],
    });
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .data.map((r: { status: string }) => r.status)
        .sort(),
    ).toEqual(['queued', 'skipped']);
    await delivered();
    const toA = m.gateway.requests.filter((r) => r.destination === '995599700001');
    expect(toA.map((r) => [r.content, r.urgent])).toEqual([['ახალი ბლოკის პრეზენტაცია შაბათს', false]]);
    expect(m.gateway.requests.filter((r) => r.destination === '995599700002')).toEqual([]);
    const [skipped] = await db().select().from(notificationLogs).where(eq(notificationLogs.customerId, b.customer.id));
    expect(skipped).toMatchObject({ status: 'skipped', errorMessage: 'customer_messages.skip.no_marketing' });

    expect((await call('POST', '/api/sms', admin, { message: ' ', customer_ids: [a.customer.id] })).statusCode).toBe(
      422,
    );
    expect((await call('POST', '/api/sms', admin, { message: 'x', customer_ids: [999999] })).statusCode).toBe(404);
  });
});

describe('the delivery log', () => {
  it('lists with filters, translates the reason a message was skipped, and takes comments', async () => {
    const { sale } = await saleDueIn(m.t, 8, { email: null, phone: null });
    await call('POST', `/api/sales/${sale.id}/reminder-notification`, admin, {});
    const list = await call('POST', '/api/notification-logs', admin, { sale_id: sale.id, status: ['skipped'] }, 'ru');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(2);
    const [row] = list.json().data;
    expect(row).toMatchObject({ sale_id: sale.id, contract_no: sale.contractNo, manual: true, type: 'reminder' });
    expect(row.error_message).toMatch(/^У клиента нет/);
    expect(row.sender_name).toBeTruthy();

    const filtered = await call('POST', '/api/notification-logs', admin, {
      sale_id: sale.id,
      channel: 'email',
      manual: false,
    });
    expect(filtered.json().meta.total).toBe(0);
    // a customer is found by what the customers list finds them by, a personal number too
    await db().update(customers).set({ personalNumber: '01024055555' }).where(eq(customers.id, sale.customerId));
    const byNumber = await call('POST', '/api/notification-logs', admin, { query: '01024055555' });
    expect(byNumber.json().data.map((r: { id: number }) => r.id)).toContain(row.id);
    expect((await call('POST', '/api/notification-logs', admin, { query: '01024055556' })).json().data).toEqual([]);

    const comment = await call('POST', `/api/notification-logs/${row.id}/comment`, admin, {
      comment: 'called the customer',
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json().data.comments).toEqual([expect.objectContaining({ body: 'called the customer' })]);
    // a skipped message has nowhere to go
    expect((await call('POST', `/api/notification-logs/${row.id}/resend`)).statusCode).toBe(409);
    expect((await call('POST', '/api/notification-logs', manager, {})).statusCode).toBe(403);
  });

  it('shows a user with one complex only the messages of that complex’s sales', async () => {
    const { sale } = await saleDueIn(m.t, 8, { email: 'scope@example.ge', buildingId: 2 });
    await call('POST', `/api/sales/${sale.id}/reminder-notification`, admin, { channels: ['email'] });
    const [scoped] = await db().select().from(users).where(eq(users.email, 'property_registrar@demo.ge'));
    // grant the registrar (complex 1 only) the log: it still sees nothing of complex 2
    const [role] = await db().insert(roles).values({ name: 'log reader' }).returning();
    await db().insert(rolePermissions).values({ roleId: role.id, permission: 'view_notification_logs' });
    await db().insert(userRoles).values({ userId: scoped.id, roleId: role.id });
    const token = await m.t.signIn('property_registrar@demo.ge');
    const seen = await call('POST', '/api/notification-logs', token, { sale_id: sale.id });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual([]);
    const [row] = await logsOfSale(m.t, sale.id);
    expect((await call('GET', `/api/notification-logs/${row.id}`, token)).statusCode).toBe(404);
    const own = await saleDueIn(m.t, 8, { email: 'own@example.ge', buildingId: 1 });
    await call('POST', `/api/sales/${own.sale.id}/reminder-notification`, admin, { channels: ['email'] });
    const mine = await call('POST', '/api/notification-logs', token, { sale_id: own.sale.id });
    expect(mine.json().data.map((r: { recipient: string }) => r.recipient)).toEqual(['own@example.ge']);
  });
});

describe('templates', () => {
  it('holds every kind in three languages, refuses unknown placeholders, and what is saved is what goes', async () => {
    const list = await call('GET', '/api/notification-templates');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(18);
    const [template] = await db()
      .select()
      .from(notificationTemplates)
      .where(eq(notificationTemplates.kind, 'reminder'))
      .then((rows) => rows.filter((r) => r.locale === 'en'));
    const bad = await call('PUT', `/api/notification-templates/${template.id}`, admin, {
      subject: 'Due {due_dat}',
      body: 'x',
      sms: 'y',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.subject[0]).toContain('{due_dat}');
    const good = await call('PUT', `/api/notification-templates/${template.id}`, admin, {
      subject: 'Pay {amount} {currency} by {due_date}',
      body: 'Contract {contract_no}',
      sms: 'Pay {amount}',
    });
    expect(good.statusCode).toBe(200);
    const { sale } = await saleDueIn(m.t, 20, { locale: 'en', email: 'edited@example.ge', phone: null });
    await call('POST', `/api/sales/${sale.id}/reminder-notification`, admin, { channels: ['email'] });
    await delivered();
    expect(mailTo('edited@example.ge')[0]).toMatchObject({
      subject: expect.stringMatching(/^Pay 1,000\.00 USD by \d\d\.\d\d\.\d{4}$/),
      text: `Contract ${sale.contractNo}`,
    });
    expect(
      (await call('PUT', `/api/notification-templates/${template.id}`, manager, good.json().data)).statusCode,
    ).toBe(403);
  });

  it('keeps the rules of the daily run', async () => {
    const saved = await call('PUT', '/api/notification-rules', admin, {
      reminder_days: [7, 3, 3],
      overdue_days: [30, 1],
      channels: ['sms'],
    });
    expect(saved.json().data).toEqual({ reminder_days: [3, 7], overdue_days: [1, 30], channels: ['sms'] });
    expect((await call('GET', '/api/notification-rules')).json().data.channels).toEqual(['sms']);
    expect(
      (await call('PUT', '/api/notification-rules', admin, { reminder_days: [-1], overdue_days: [], channels: [] }))
        .statusCode,
    ).toBe(422);
    await call('PUT', '/api/notification-rules', admin, {
      reminder_days: [3],
      overdue_days: [1, 7, 30],
      channels: ['email', 'sms'],
    });
  });
});
