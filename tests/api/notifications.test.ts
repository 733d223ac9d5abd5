import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { buildings, notifications, properties, roles, sales, userRoles, users } from '../../server/db/schema';
import {
  notifyAdministrators,
  notifyExpiringReservations,
  notifyUsers,
  type StaffNotice,
} from '../../server/modules/notifications';
import { settleOverdueSales } from '../../server/modules/overdueSales';
import { businessToday } from '../../domain/businessDay';
import { createStaff, startTestApp, type TestApp } from './harness';
import { makeCustomer, makeSale } from './saleFixtures';

let t: TestApp;
let adminToken: string;
let accountantToken: string;
let managerToken: string;
let adminId: number;
let accountantId: number;
let managerId: number;
let vake: number;
beforeAll(async () => {
  t = await startTestApp();
  [adminToken, accountantToken, managerToken] = await Promise.all([
    t.signIn('admin@demo.ge'),
    t.signIn('accountant@demo.ge'),
    t.signIn('sales_manager@demo.ge'),
  ]);
  const ids = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.ge', 'accountant@demo.ge', 'sales_manager@demo.ge']));
  const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
  [adminId, accountantId, managerId] = [
    idOf('admin@demo.ge'),
    idOf('accountant@demo.ge'),
    idOf('sales_manager@demo.ge'),
  ];
  [{ id: vake }] = await db().select({ id: buildings.id }).from(buildings).orderBy(asc(buildings.id)).limit(1);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const post = (url: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url, payload, headers: t.as(token) });

interface Item {
  id: number;
  kind: string;
  text: string;
  link: string | null;
  read: boolean;
  created_at: string;
  user_id?: number;
  user_name?: string;
}
const listOf = async (url: string, token: string, locale = 'en') => {
  const res = await get(url, token, locale);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Item[]; meta: { total: number; unread: number; last_page: number; per_page: number } };
};
const rowsOf = (userId: number, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** A member of staff of their own, so counts are exactly what the test wrote. */
const freshStaff = (permissions: string[] = []) => createStaff(t, adminToken, { permissions });

describe('my notifications (GET /notifications, GET /notifications/{id}, POST /mark-as-read)', () => {
  it('lists one’s own, newest first, paged, with unread count; the bell gets count and latest 5 at once', async () => {
    const staff = await freshStaff();
    const notices: StaffNotice[] = Array.from({ length: 7 }, (_, i) => ({
      userId: staff.id,
      kind: 'task_assigned',
      params: { title: `Task ${i + 1}` },
    }));
    for (const notice of notices) await notifyUsers(db(), [notice]);
    await notifyUsers(db(), [{ userId: adminId, kind: 'task_assigned', params: { title: 'Not yours' } }]);

    const bell = await listOf('/api/notifications?unread=1&perpage=5', staff.token);
    expect(bell.data).toHaveLength(5);
    expect(bell.meta).toMatchObject({ total: 7, unread: 7, last_page: 2, per_page: 5 });
    expect(bell.data.map((n) => n.text)).toEqual([
      'A task was assigned to you: Task 7',
      'A task was assigned to you: Task 6',
      'A task was assigned to you: Task 5',
      'A task was assigned to you: Task 4',
      'A task was assigned to you: Task 3',
    ]);
    expect(bell.data[0]).toMatchObject({ kind: 'task_assigned', link: null, read: false });
    expect(bell.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await listOf('/api/notifications?perpage=5&page=2', staff.token);
    expect(second.data.map((n) => n.text)).toEqual([
      'A task was assigned to you: Task 2',
      'A task was assigned to you: Task 1',
    ]);

    // one read: it leaves the unread filter and the count, and stays in the full list
    const first = bell.data[0];
    const marked = await post('/api/mark-as-read', { id: first.id }, staff.token);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ data: { unread: 6 } });
    const one = await get(`/api/notifications/${first.id}`, staff.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ id: first.id, read: true, text: 'A task was assigned to you: Task 7' });
    expect((await listOf('/api/notifications?unread=1', staff.token)).meta).toMatchObject({ total: 6, unread: 6 });
    const all = await listOf('/api/notifications', staff.token);
    expect(all.meta).toMatchObject({ total: 7, unread: 6 });
    expect(all.data.find((n) => n.id === first.id)?.read).toBe(true);
    // marking it again changes nothing
    expect((await post('/api/mark-as-read', { id: first.id }, staff.token)).json()).toEqual({ data: { unread: 6 } });

    // all at once
    const allRead = await post('/api/mark-as-read', { all: true }, staff.token);
    expect(allRead.statusCode, allRead.body).toBe(200);
    expect(allRead.json()).toEqual({ data: { unread: 0 } });
    expect((await listOf('/api/notifications?unread=1', staff.token)).data).toEqual([]);
    // the other user's notice is untouched
    const [adminsOwn] = await rowsOf(adminId, 'task_assigned');
    expect(adminsOwn.readAt).toBeNull();
  });

  it('answers 404 for another user’s notification, whether read or marked', async () => {
    const [mine, theirs] = await Promise.all([freshStaff(), freshStaff()]);
    await notifyUsers(db(), [{ userId: theirs.id, kind: 'task_assigned', params: { title: 'Private' } }]);
    const [row] = await rowsOf(theirs.id, 'task_assigned');
    expect((await get(`/api/notifications/${row.id}`, mine.token)).statusCode).toBe(404);
    expect((await post('/api/mark-as-read', { id: row.id }, mine.token)).statusCode).toBe(404);
    expect((await get('/api/notifications/999999999', mine.token)).statusCode).toBe(404);
    expect((await db().select().from(notifications).where(eq(notifications.id, row.id)))[0].readAt).toBeNull();
    expect((await get(`/api/notifications/${row.id}`, theirs.token)).statusCode).toBe(200);
  });

  it('refuses a mark-as-read that names neither a notification nor all', async () => {
    const staff = await freshStaff();
    const res = await post('/api/mark-as-read', {}, staff.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toEqual(['required field']);
    expect((await post('/api/mark-as-read', { all: false }, staff.token)).statusCode).toBe(422);
  });

  it('renders the text in the request’s language, escapes its params and reads an unknown kind plainly', async () => {
    const staff = await freshStaff();
    await notifyUsers(db(), [
      { userId: staff.id, kind: 'sale_overdue', params: { contract_no: 'L-1' }, link: '/sales/1/show' },
    ]);
    const text = async (locale: string) => (await listOf('/api/notifications', staff.token, locale)).data[0].text;
    expect(await text('en')).toBe('Contract L-1 is overdue: an installment has fallen due unpaid');
    expect(await text('ka')).toBe('ხელშეკრულება L-1 ვადაგადაცილებულია: შენატანი დროულად არ არის გადახდილი');
    expect(await text('ru')).toBe('Договор L-1 просрочен: очередной взнос не оплачен в срок');

    await notifyUsers(db(), [
      {
        userId: staff.id,
        kind: 'message_failed',
        params: { customer: '<b>Nino & "Co"</b>', contract_no: "O'1", channel: 'sms' },
      },
    ]);
    expect(await text('en')).toBe(
      'A message to &lt;b&gt;Nino &amp; &quot;Co&quot;&lt;/b&gt; about contract O&#39;1 could not be sent by sms',
    );
    await notifyUsers(db(), [{ userId: staff.id, kind: 'sms_no_balance', params: { provider: 'smsoffice.ge' } }]);
    expect(await text('en')).toBe('The SMS account (smsoffice.ge) has no balance: messages are not being sent');
    expect(await text('ka')).toBe('SMS ანგარიშზე (smsoffice.ge) ბალანსი ამოწურულია: შეტყობინებები არ იგზავნება');
    expect(await text('ru')).toBe('На SMS-счёте (smsoffice.ge) нет средств: сообщения не отправляются');
    await notifyUsers(db(), [{ userId: staff.id, kind: 'something_new' }]);
    expect(await text('en')).toBe('Notification');
    expect(await text('ka')).toBe('შეტყობინება');
  });
});

describe('manager mode (GET /manager/notifications)', () => {
  it('needs view_notifications: not the sales manager; the client manager and admin read all, with names', async () => {
    expect((await get('/api/manager/notifications', managerToken)).statusCode).toBe(403);
    const staff = await createStaff(t, adminToken, { permissions: [], fullName: 'Nia Notified' });
    await notifyUsers(db(), [
      { userId: staff.id, kind: 'task_assigned', params: { title: 'A' } },
      { userId: staff.id, kind: 'task_assigned', params: { title: 'B' } },
    ]);
    const [clientManagerToken] = await Promise.all([t.signIn('client_manager@demo.ge')]);
    for (const token of [adminToken, clientManagerToken]) {
      const page = await listOf(`/api/manager/notifications?user_id=${staff.id}`, token);
      expect(page.meta).toMatchObject({ total: 2, unread: 2 });
      expect(page.data.map((n) => [n.user_id, n.user_name, n.text])).toEqual([
        [staff.id, 'Nia Notified', 'A task was assigned to you: B'],
        [staff.id, 'Nia Notified', 'A task was assigned to you: A'],
      ]);
    }
    const everyone = await listOf('/api/manager/notifications?perpage=50', adminToken);
    expect(new Set(everyone.data.map((n) => n.user_id)).size).toBeGreaterThan(1);
    // the user filter's choices: every member of staff by name, for the same permission
    const recipients = await get('/api/manager/notifications/recipients', clientManagerToken);
    expect(recipients.statusCode, recipients.body).toBe(200);
    expect(recipients.json().data).toContainEqual({ id: staff.id, full_name: 'Nia Notified' });
    expect((await get('/api/manager/notifications/recipients', managerToken)).statusCode).toBe(403);
    // a member of staff with nothing but the permission is let in
    const reader = await freshStaff(['view_notifications']);
    expect((await get('/api/manager/notifications', reader.token)).statusCode).toBe(200);
    // the user's own list is still theirs alone
    expect((await listOf('/api/notifications', reader.token)).meta.total).toBe(0);
  });
});

describe('events that notify', () => {
  it('the accountant’s payment on the sales manager’s sale notifies the manager, in the same transaction', async () => {
    const sale = await makeSale(db(), {
      buildingId: vake,
      price: 10000,
      firstPaymentDate: '2027-01-15',
      paymentsCount: 4,
      userId: managerId,
      contractNo: `NTF-${Date.now()}`,
    });
    const before = await listOf('/api/notifications?unread=1&perpage=5', managerToken);
    const res = await post(
      '/api/payments/pay',
      { sale_id: sale.id, amount: 1500, currency: 'USD', paid_on: '2026-11-20' },
      accountantToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    const after = await listOf('/api/notifications?unread=1&perpage=5', managerToken);
    expect(after.meta.unread).toBe(before.meta.unread + 1);
    const mine = after.data.filter((n) => n.kind === 'payment_recorded' && n.link === `/sales/${sale.id}/show`);
    expect(mine).toHaveLength(1);
    expect(mine[0].text).toBe(`A payment of 1,500.00 USD was recorded on contract ${sale.contractNo}`);
    expect(mine[0].text).toContain(sale.contractNo);

    // a refused payment (more than is left) writes no notice
    const refused = await post(
      '/api/payments/pay',
      { sale_id: sale.id, amount: 999999, currency: 'USD', paid_on: '2026-11-20' },
      accountantToken,
    );
    expect(refused.statusCode).toBe(422);
    const links = (await rowsOf(managerId, 'payment_recorded')).filter((n) => n.link === `/sales/${sale.id}/show`);
    expect(links).toHaveLength(1);
  });

  it('a payment on one’s own sale, or on a sale without a manager, notifies nobody', async () => {
    const own = await makeSale(db(), {
      buildingId: vake,
      price: 5000,
      firstPaymentDate: '2027-01-15',
      userId: accountantId,
    });
    const orphan = await makeSale(db(), { buildingId: vake, price: 5000, firstPaymentDate: '2027-01-15' });
    for (const sale of [own, orphan]) {
      const res = await post(
        '/api/payments/pay',
        { sale_id: sale.id, amount: 100, currency: 'USD', paid_on: '2026-11-20' },
        accountantToken,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const about = await db()
      .select()
      .from(notifications)
      .where(inArray(notifications.link, [`/sales/${own.id}/show`, `/sales/${orphan.id}/show`]));
    expect(about).toEqual([]);
  });

  it('a sale turning overdue in the daily sweep notifies its manager once, however often the sweep runs', async () => {
    const late = await makeSale(db(), {
      buildingId: vake,
      price: 3000,
      firstPaymentDate: '2025-03-01',
      paymentsCount: 3,
      userId: managerId,
      contractNo: `OVD-N-${Date.now()}`,
    });
    const unmanaged = await makeSale(db(), { buildingId: vake, price: 3000, firstPaymentDate: '2025-03-01' });
    // yesterday both were still in time
    await db()
      .update(sales)
      .set({ status: 'active' })
      .where(inArray(sales.id, [late.id, unmanaged.id]));
    await settleOverdueSales(db(), businessToday());
    await settleOverdueSales(db(), businessToday());
    expect((await db().select({ status: sales.status }).from(sales).where(eq(sales.id, late.id)))[0].status).toBe(
      'overdue',
    );
    const notices = (await rowsOf(managerId, 'sale_overdue')).filter((n) => n.link === `/sales/${late.id}/show`);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      params: { contract_no: late.contractNo },
      dedupeKey: `sale-overdue:${late.id}:${businessToday()}`,
      readAt: null,
    });
    // even when it went back and forth the same day
    await db().update(sales).set({ status: 'active' }).where(eq(sales.id, late.id));
    await settleOverdueSales(db(), businessToday());
    expect((await rowsOf(managerId, 'sale_overdue')).filter((n) => n.link === `/sales/${late.id}/show`)).toHaveLength(
      1,
    );
    const list = await listOf('/api/notifications?perpage=50', managerToken);
    expect(list.data.find((n) => n.link === `/sales/${late.id}/show`)?.text).toBe(
      `Contract ${late.contractNo} is overdue: an installment has fallen due unpaid`,
    );
    const aboutUnmanaged = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/sales/${unmanaged.id}/show`));
    expect(aboutUnmanaged).toEqual([]);
  });

  it('a reservation whose hold ends tomorrow notifies whoever made it, once (notifyExpiringReservations)', async () => {
    const inDays = (n: number) => businessToday(new Date(Date.now() + n * 86_400_000));
    const customer = await makeCustomer(db(), 'ლევან ჯავშნიანი');
    const units = await db()
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.buildingId, vake), eq(properties.status, 'free'), isNull(properties.archivedAt)))
      .orderBy(asc(properties.id))
      .limit(400);
    const reserve = async (holdUntil: string, index: number) => {
      const res = await post(
        '/api/pre-sale-bookings',
        { property_id: units[units.length - 1 - index].id, customer_id: customer.id, hold_until: holdUntil },
        managerToken,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number };
    };
    const tomorrow = await reserve(inDays(1), 0);
    const later = await reserve(inDays(2), 1);
    const approved = await reserve(inDays(1), 2);
    const rejected = await reserve(inDays(1), 3);
    for (const [booking, status] of [
      [approved, 'approved'],
      [rejected, 'rejected'],
    ] as const) {
      const change = await post(`/api/pre-sale-bookings/${booking.id}/change-status`, { status });
      expect(change.statusCode, change.body).toBe(200);
    }

    expect(await notifyExpiringReservations(db(), businessToday())).toBeGreaterThanOrEqual(1);
    expect(await notifyExpiringReservations(db(), businessToday())).toBe(0);
    const notices = await rowsOf(managerId, 'reservation_expiring');
    const keys = notices.map((n) => n.dedupeKey);
    expect(keys).toContain(`reservation-expiring:${tomorrow.id}`);
    expect(keys).not.toContain(`reservation-expiring:${later.id}`);
    expect(keys).toContain(`reservation-expiring:${approved.id}`);
    expect(keys).not.toContain(`reservation-expiring:${rejected.id}`);
    const notice = notices.find((n) => n.dedupeKey === `reservation-expiring:${tomorrow.id}`)!;
    expect(notice.params).toEqual({ customer: 'ლევან ჯავშნიანი', until: inDays(1) });
    expect(notice.link).toBe(`/reservation?filter=${encodeURIComponent(JSON.stringify({ customer_id: customer.id }))}`);
    const list = await listOf('/api/notifications?perpage=50', managerToken, 'en');
    expect(list.data.find((n) => n.id === notice.id)?.text).toBe(
      `The reservation for ლევან ჯავშნიანი ends on ${inDays(1)}`,
    );
    const ru = await listOf('/api/notifications?perpage=50', managerToken, 'ru');
    expect(ru.data.find((n) => n.id === notice.id)?.text).toBe(
      `Резервирование клиента ლევან ჯავშნიანი истекает ${inDays(1)}`,
    );
  });
});

describe('services for other modules', () => {
  it('notifyUsers skips a notice whose key the user has, but not another user’s or one without a key', async () => {
    const [a, b] = await Promise.all([freshStaff(), freshStaff()]);
    const notice = { kind: 'task_assigned', params: { title: 'Once' }, dedupeKey: 'task:1' };
    await notifyUsers(db(), [
      { userId: a.id, ...notice },
      { userId: b.id, ...notice },
    ]);
    await notifyUsers(db(), [{ userId: a.id, ...notice }]);
    await db().transaction(async (tx) => notifyUsers(tx, [{ userId: a.id, ...notice, params: { title: 'Again' } }]));
    await notifyUsers(db(), [
      { userId: a.id, kind: 'task_assigned', params: { title: 'No key' } },
      { userId: a.id, kind: 'task_assigned', params: { title: 'No key' } },
    ]);
    await notifyUsers(db(), []);
    expect((await rowsOf(a.id, 'task_assigned')).map((n) => n.params.title).sort()).toEqual([
      'No key',
      'No key',
      'Once',
    ]);
    expect(await rowsOf(b.id, 'task_assigned')).toHaveLength(1);
  });

  it('a notice written in a transaction that fails is not kept', async () => {
    const staff = await freshStaff();
    await expect(
      db().transaction(async (tx) => {
        await notifyUsers(tx, [{ userId: staff.id, kind: 'task_assigned', params: { title: 'Rolled back' } }]);
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rowsOf(staff.id, 'task_assigned')).toEqual([]);
  });

  it('notifyAdministrators reaches every active administrator and nobody else, once per key', async () => {
    // the built-in admin role given to two more users, one of them then disabled
    const [second, disabled] = await Promise.all([freshStaff(), freshStaff()]);
    const [adminRole] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
    await db()
      .insert(userRoles)
      .values([second, disabled].map((u) => ({ userId: u.id, roleId: adminRole.id })));
    await db().update(users).set({ active: false }).where(eq(users.id, disabled.id));
    const notice = { kind: 'sms_no_balance', params: { provider: 'smsoffice.ge' }, dedupeKey: 'sms-no-balance:test' };
    await notifyAdministrators(db(), notice);
    await notifyAdministrators(db(), notice);
    const reached = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.dedupeKey, 'sms-no-balance:test'));
    const ids = reached.map((r) => r.userId);
    expect(ids).toContain(adminId);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(accountantId);
    expect(ids).not.toContain(managerId);
    expect(ids.filter((id) => id === adminId)).toHaveLength(1);
    const bell = await listOf('/api/notifications?unread=1&perpage=5', adminToken);
    expect(bell.data.map((n) => n.text)).toContain(
      'The SMS account (smsoffice.ge) has no balance: messages are not being sent',
    );
  });
});
