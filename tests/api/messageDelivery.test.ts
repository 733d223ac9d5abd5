import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { notificationLogs, notifications, payments, saleProperties, sales, users } from '../../server/db/schema';
import { businessToday } from '../../domain/businessDay';
import { addDays, logsOfSale, retryNow, saleDueIn, startMessagingApp, type MessagingApp } from './messageFixtures';
import { statusFromDeals } from './dealFixtures';

let m: MessagingApp;
const db = () => m.t.database.db;
const mailTo = (address: string) => m.mailbox.messages.filter((mail) => mail.to.includes(address));
const smsTo = (phone: string) => m.gateway.requests.filter((r) => r.destination === phone);

beforeAll(async () => {
  m = await startMessagingApp();
});
afterAll(() => m.close());

describe('the daily run', () => {
  it('reminds a customer 3 days before the due date by email and SMS, in the contract language, once', async () => {
    const { sale, customer } = await saleDueIn(m.t, 2, {
      locale: 'en',
      email: 'daily.en@example.ge',
      phone: '599 20 30 40',
    });
    const written = await m.t.app.customerMessages.runDaily();
    expect(written).toBeGreaterThanOrEqual(2);
    const rows = await logsOfSale(m.t, sale.id);
    expect(rows.map((r) => [r.type, r.channel, r.status, r.manual])).toEqual([
      ['reminder', 'email', 'queued', false],
      ['reminder', 'sms', 'queued', false],
    ]);

    await m.t.app.customerMessages.deliverDue();
    const [mail] = mailTo('daily.en@example.ge');
    expect(mail.subject).toBe(`Reminder: payment due on ${addDays(businessToday(), 2).split('-').reverse().join('.')}`);
    expect(mail.text).toContain(`contract ${sale.contractNo}`);
    expect(mail.text).toContain('Dear Nino Beridze');
    expect(mail.text).toContain('1,000.00 USD');
    expect(mail.language).toBe('en');
    const [sms] = smsTo('995599203040');
    expect(sms.content).toContain(sale.contractNo);
    expect(sms.sender).toBe('DemoDev');
    expect(sms.urgent).toBe(true);
    const sent = await logsOfSale(m.t, sale.id);
    expect(sent.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(sent[1].segments).toBe(1);
    expect(sent[1].providerMessageId).toBeTruthy();
    expect(sent[0].recipient).toBe('daily.en@example.ge');
    expect(sent[0].customerId).toBe(customer.id);

    // the run repeated (the same day, or a day later within the window) writes and sends nothing more
    await m.t.app.customerMessages.runDaily();
    await m.t.app.customerMessages.runDaily(addDays(businessToday(), 1));
    await m.t.app.customerMessages.deliverDue();
    expect(await logsOfSale(m.t, sale.id)).toHaveLength(2);
    expect(mailTo('daily.en@example.ge')).toHaveLength(1);
    expect(smsTo('995599203040')).toHaveLength(1);
  });

  it('writes overdue letters 1, 7 and 30 days after the due date, in Georgian and Russian', async () => {
    const ka = await saleDueIn(m.t, -1, { locale: 'ka', email: 'late.ka@example.ge', phone: null });
    const ru = await saleDueIn(m.t, -7, { locale: 'ru', email: 'late.ru@example.ge', phone: null });
    await m.t.app.customerMessages.runDaily();
    await m.t.app.customerMessages.deliverDue();
    const [georgian] = mailTo('late.ka@example.ge');
    expect(georgian.subject).toBe(`ვადაგადაცილებული გადახდა: ხელშეკრულება ${ka.sale.contractNo}`);
    expect(georgian.text).toContain('ნინო ბერიძე');
    expect(georgian.text).toContain('1 დღით');
    const [russian] = mailTo('late.ru@example.ge');
    expect(russian.subject).toBe(`Просроченный платёж: договор ${ru.sale.contractNo}`);
    expect(russian.text).toContain('Нино Беридзе');
    expect(russian.text).toContain('на 7 дн.');
    expect(russian.language).toBe('ru');

    // a customer with no phone: the SMS is skipped, and the log says why
    const skipped = (await logsOfSale(m.t, ka.sale.id)).find((r) => r.channel === 'sms');
    expect(skipped).toMatchObject({
      status: 'skipped',
      errorMessage: 'customer_messages.skip.no_phone',
      recipient: null,
    });
  });

  it('leaves out installments already paid, far in the past, and cancelled sales', async () => {
    const paid = await saleDueIn(m.t, 1, { email: 'paid@example.ge' });
    await db().execute(sql`update installments set paid = amount where sale_id = ${paid.sale.id}`);
    await db().execute(sql`update sales set paid_total = price where id = ${paid.sale.id}`);
    const old = await saleDueIn(m.t, -60, { email: 'old@example.ge' });
    const cancelled = await saleDueIn(m.t, 1, { email: 'cancelled@example.ge' });
    await db().update(sales).set({ status: 'canceled', deletedAt: new Date() }).where(eq(sales.id, cancelled.sale.id));
    const units = await db().select().from(saleProperties).where(eq(saleProperties.saleId, cancelled.sale.id));
    await statusFromDeals(
      db(),
      units.map((u) => u.propertyId),
    );
    await m.t.app.customerMessages.runDaily();
    for (const { sale } of [paid, old, cancelled]) expect(await logsOfSale(m.t, sale.id)).toEqual([]);
  });
});

describe('delivery reports', () => {
  it('are not asked of smsoffice.ge, which publishes none: its SMS stay sent', async () => {
    const { sale } = await saleDueIn(m.t, 2, { email: null, phone: '599 20 30 41' });
    await m.t.app.customerMessages.runDaily();
    await m.t.app.customerMessages.deliverDue();
    expect(await m.t.app.customerMessages.checkDeliveries()).toBe(0);
    const rows = await logsOfSale(m.t, sale.id);
    expect(rows.filter((r) => r.channel === 'sms').map((r) => r.status)).toEqual(['sent']);
  });
});

describe('failures', () => {
  it('retries a gateway that is down, then fails the message, tells the manager; a manual resend goes', async () => {
    const [manager] = await db().select().from(users).where(eq(users.email, 'sales_manager@demo.ge'));
    const { sale } = await saleDueIn(m.t, 3, { email: null, phone: '+995 555 00 00 01', userId: manager.id });
    m.gateway.mode = 'unavailable';
    try {
      await m.t.app.customerMessages.runDaily();
      await m.t.app.customerMessages.deliverDue();
      let [row] = await logsOfSale(m.t, sale.id).then((r) => r.filter((x) => x.channel === 'sms'));
      expect(row).toMatchObject({ status: 'queued', attempts: 1, code: 'http_503' });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      for (let i = 0; i < 7; i++) {
        await retryNow(m.t);
        await m.t.app.customerMessages.deliverDue();
      }
      [row] = await logsOfSale(m.t, sale.id).then((r) => r.filter((x) => x.channel === 'sms'));
      expect(row).toMatchObject({ status: 'failed', attempts: 8 });
      expect(row.errorMessage).toBeTruthy();
      expect(smsTo('995555000001')).toHaveLength(8);
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, manager.id), eq(notifications.kind, 'message_failed')));
      expect(told).toHaveLength(1);
      expect(told[0].params).toMatchObject({ contract_no: sale.contractNo, channel: 'sms' });

      m.gateway.mode = 'ok';
      const admin = await m.t.signIn('admin@demo.ge');
      const res = await m.t.app.inject({
        method: 'POST',
        url: `/api/notification-logs/${row.id}/resend`,
        headers: m.t.as(admin),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'queued', manual: true, recipient: '995555000001' });
      // the resend woke the delivery job
      await m.t.app.jobs.settled();
      const after = await logsOfSale(m.t, sale.id).then((r) => r.filter((x) => x.channel === 'sms'));
      expect(after.map((r) => r.status)).toEqual(['failed', 'sent']);
      expect(smsTo('995555000001')).toHaveLength(9);
    } finally {
      m.gateway.mode = 'ok';
    }
  });

  it('tries a reminder again while SMTP is down, the gaps growing over a day; it goes when SMTP is back', async () => {
    const [manager] = await db().select().from(users).where(eq(users.email, 'sales_manager@demo.ge'));
    const { sale } = await saleDueIn(m.t, 3, { email: 'smtp.down@example.ge', phone: null, userId: manager.id });
    const row = async () => (await logsOfSale(m.t, sale.id)).find((r) => r.channel === 'email')!;
    const gaps: number[] = [];
    m.mailbox.refuse = 451;
    try {
      await m.t.app.customerMessages.runDaily();
      for (let attempt = 1; attempt <= 5; attempt++) {
        if (attempt > 1) await retryNow(m.t);
        await m.t.app.customerMessages.deliverDue();
        const queued = await row();
        expect(queued).toMatchObject({ status: 'queued', attempts: attempt, code: '451' });
        gaps.push(Math.round((queued.nextAttemptAt.getTime() - Date.now()) / 1000));
      }
    } finally {
      m.mailbox.refuse = false;
    }
    // 30 s, 2 min, 10 min, 30 min, 2 h (then 6 h, 12 h: about 21 hours of tries in all)
    gaps.forEach((gap, i) =>
      expect(Math.abs(gap - [30, 120, 600, 1800, 7200][i]), `gap ${i + 1}: ${gap} s`).toBeLessThan(10),
    );
    await retryNow(m.t);
    await m.t.app.customerMessages.deliverDue();
    expect(await row()).toMatchObject({ status: 'sent', attempts: 6, errorMessage: null });
    expect(mailTo('smtp.down@example.ge')).toHaveLength(1);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.kind, 'message_failed')));
    expect(told.filter((n) => (n.params as { contract_no?: string }).contract_no === sale.contractNo)).toEqual([]);
  });

  it('does not retry an account without balance, and alerts the administrators once', async () => {
    const { sale } = await saleDueIn(m.t, 3, { email: null, phone: '+995 555 00 00 02' });
    const [before] = await db().select({ paid: sales.paidTotal }).from(sales).where(eq(sales.id, sale.id));
    m.gateway.mode = 'no_balance';
    try {
      await m.t.app.customerMessages.runDaily();
      await m.t.app.customerMessages.deliverDue();
    } finally {
      m.gateway.mode = 'ok';
    }
    const [row] = await logsOfSale(m.t, sale.id).then((r) => r.filter((x) => x.channel === 'sms'));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, code: '20' });
    expect(smsTo('995555000002')).toHaveLength(1);
    const [admin] = await db().select().from(users).where(eq(users.email, 'admin@demo.ge'));
    const alerts = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'sms_no_balance')));
    expect(alerts).toHaveLength(1);
    // the refused send wrote its log row and nothing else: the sale and its payments are as they were
    const [after] = await db().select({ paid: sales.paidTotal }).from(sales).where(eq(sales.id, sale.id));
    expect(after).toEqual(before);
    expect(await db().select().from(payments).where(eq(payments.saleId, sale.id))).toEqual([]);
  });

  it('takes over a message whose sender died mid-send, and sends it once', async () => {
    const { sale } = await saleDueIn(m.t, 3, { email: 'crashed@example.ge', phone: null });
    await m.t.app.customerMessages.runDaily();
    const [row] = await logsOfSale(m.t, sale.id).then((r) => r.filter((x) => x.channel === 'email'));
    // a worker claimed it and died: the claim is six minutes old
    await db()
      .update(notificationLogs)
      .set({ claimedAt: new Date(Date.now() - 6 * 60_000), attempts: 1 })
      .where(eq(notificationLogs.id, row.id));
    await m.t.app.customerMessages.deliverDue();
    expect(mailTo('crashed@example.ge')).toHaveLength(1);
    const [sent] = await db().select().from(notificationLogs).where(eq(notificationLogs.id, row.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    await m.t.app.customerMessages.deliverDue();
    expect(mailTo('crashed@example.ge')).toHaveLength(1);
  });
});
