/** What the message test files share: an app whose mail and SMS go to a local SMTP server and a fake gateway. */
import { eq, sql } from 'drizzle-orm';
import { customers, notificationLogs } from '../../server/db/schema';
import { businessToday } from '../../domain/businessDay';
import { startMailbox, type Mailbox } from './fixtures/mailbox';
import { startSmsGateway, type SmsGateway } from './fixtures/smsGateway';
import { makeCustomer, makeSale } from './saleFixtures';
import { startTestApp, type TestApp } from './harness';

export interface MessagingApp {
  t: TestApp;
  mailbox: Mailbox;
  gateway: SmsGateway;
  close(): Promise<void>;
}

/** The environment that sends through the local mailbox and gateway (smsoffice's API). */
export const channelEnv = (mailbox: Mailbox, gateway: SmsGateway): Record<string, string> => ({
  SMTP_URL: mailbox.url,
  MAIL_FROM: 'Demo Developer <office@demo.ge>',
  SMS_PROVIDER: 'smsoffice',
  SMS_API_KEY: 'test-key',
  SMS_SENDER: 'DemoDev',
  SMS_BASE_URL: gateway.baseUrl,
  SMS_TIMEOUT_MS: '1500',
});

export async function startMessagingApp(env: Record<string, string> = {}): Promise<MessagingApp> {
  const [mailbox, gateway] = await Promise.all([startMailbox(), startSmsGateway()]);
  const t = await startTestApp({ ...channelEnv(mailbox, gateway), ...env });
  return {
    t,
    mailbox,
    gateway,
    async close() {
      await t.close();
      await Promise.all([mailbox.close(), gateway.close()]);
    },
  };
}

export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A sale (in complex 1 unless told) of one installment falling due `dueInDays` from today (negative: late), to a new
 * customer with an email and a phone, in the contract language given.
 */
export async function saleDueIn(
  t: TestApp,
  dueInDays: number,
  options: {
    locale?: 'ka' | 'en' | 'ru';
    email?: string | null;
    phone?: string | null;
    userId?: number;
    buildingId?: number;
  } = {},
) {
  const db = t.database.db;
  const customer = await makeCustomer(db, 'ნინო ბერიძე');
  await db
    .update(customers)
    .set({
      nameEn: 'Nino Beridze',
      nameRu: 'Нино Беридзе',
      emails: options.email === null ? [] : [options.email ?? `nino${customer.id}@example.ge`],
      phones: options.phone === null ? [] : [options.phone ?? '+995 599 12 34 56'],
    })
    .where(eq(customers.id, customer.id));
  const sale = await makeSale(db, {
    buildingId: options.buildingId ?? 1,
    customerId: customer.id,
    price: 1000,
    currency: 'USD',
    firstPaymentDate: addDays(businessToday(), dueInDays),
    paymentsCount: 1,
    userId: options.userId ?? null,
  });
  if (options.locale)
    await db.execute(sql`update sales set contract_language = ${options.locale} where id = ${sale.id}`);
  return { sale, customer };
}

export const logsOfSale = (t: TestApp, saleId: number) =>
  t.database.db.select().from(notificationLogs).where(eq(notificationLogs.saleId, saleId)).orderBy(notificationLogs.id);

/** Makes every queued row due now (the retry waits are minutes long). */
export const retryNow = (t: TestApp) =>
  t.database.db.execute(sql`update notification_logs set next_attempt_at = now() where status = 'queued'`);
