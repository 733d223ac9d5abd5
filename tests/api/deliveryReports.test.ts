import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { notifications, users } from '../../server/db/schema';
import { logsOfSale, saleDueIn, startMessagingApp, type MessagingApp } from './messageFixtures';

/** SMS through gosms.ge, which publishes delivery reports (`POST /api/checksms`), against the local fake gateway. */
let m: MessagingApp;
const db = () => m.t.database.db;
beforeAll(async () => {
  m = await startMessagingApp({ SMS_PROVIDER: 'gosms' });
});
afterAll(() => m.close());

const smsOf = async (saleId: number) => (await logsOfSale(m.t, saleId)).filter((r) => r.channel === 'sms');

/** A reminder SMS to a new customer of a sale managed by `userId`, sent: its delivery-log row. */
async function sentSms(phone: string, userId?: number) {
  const { sale } = await saleDueIn(m.t, 3, { email: null, phone, userId });
  await m.t.app.customerMessages.runDaily();
  await m.t.app.customerMessages.deliverDue();
  const [row] = await smsOf(sale.id);
  expect(row.status).toBe('sent');
  return { row, sale };
}

describe('delivery reports of SMS', () => {
  it('mark a message delivered or failed as the operator reports; a failure tells the sale’s manager', async () => {
    const [manager] = await db().select().from(users).where(eq(users.email, 'sales_manager@demo.ge'));
    const reached = await sentSms('+995 555 10 00 01');
    const lost = await sentSms('+995 555 10 00 02', manager.id);
    const waiting = await sentSms('+995 555 10 00 03');
    m.gateway.reports.set(reached.row.providerMessageId!, 'delivered');
    m.gateway.reports.set(lost.row.providerMessageId!, 'undelivered');

    expect(await m.t.app.customerMessages.checkDeliveries()).toBeGreaterThanOrEqual(3);
    const [afterReached] = await smsOf(reached.sale.id);
    const [afterLost] = await smsOf(lost.sale.id);
    const [afterWaiting] = await smsOf(waiting.sale.id);
    expect(afterReached.status).toBe('delivered');
    expect(afterLost).toMatchObject({ status: 'failed', errorMessage: 'customer_messages.not_delivered' });
    expect(afterWaiting.status).toBe('sent');
    // not asked again for ten minutes
    expect(afterWaiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.kind, 'message_failed')));
    expect(told.map((n) => n.params)).toEqual([expect.objectContaining({ contract_no: lost.sale.contractNo })]);

    // the delivery log says why, in the reader's language
    const admin = await m.t.signIn('admin@demo.ge');
    const res = await m.t.app.inject({
      method: 'GET',
      url: `/api/notification-logs/${afterLost.id}`,
      headers: m.t.as(admin, 'ka'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'failed', error_message: expect.stringContaining('ოპერატორის') });

    // a second run at once asks about nothing; a report that comes later is read on the next
    const asked = m.gateway.reportRequests.length;
    expect(await m.t.app.customerMessages.checkDeliveries()).toBe(0);
    expect(m.gateway.reportRequests).toHaveLength(asked);
    m.gateway.reports.set(waiting.row.providerMessageId!, 'delivered');
    await db().execute(sql`update notification_logs set next_attempt_at = now() where id = ${afterWaiting.id}`);
    await m.t.app.customerMessages.checkDeliveries();
    expect((await smsOf(waiting.sale.id))[0].status).toBe('delivered');
  });

  it('asks no more about an SMS sent more than three days ago; keeps trying past a gateway that is down', async () => {
    const old = await sentSms('+995 555 10 00 04');
    const recent = await sentSms('+995 555 10 00 05');
    await db().execute(
      sql`update notification_logs set delivered_at = now() - interval '4 days' where id = ${old.row.id}`,
    );
    m.gateway.mode = 'unavailable';
    try {
      await m.t.app.customerMessages.checkDeliveries();
    } finally {
      m.gateway.mode = 'ok';
    }
    const [oldAfter] = await smsOf(old.sale.id);
    const [recentAfter] = await smsOf(recent.sale.id);
    expect(oldAfter.status).toBe('sent');
    expect(oldAfter.nextAttemptAt.toISOString()).toBe('9999-12-31T00:00:00.000Z');
    expect(m.gateway.reportRequests.map((r) => (r as { messageId: string }).messageId)).not.toContain(
      old.row.providerMessageId,
    );
    // the gateway that was down is asked again in ten minutes
    expect(recentAfter.status).toBe('sent');
    expect(recentAfter.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });
});
