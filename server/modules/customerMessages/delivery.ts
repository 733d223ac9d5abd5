import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../../../domain/customerMessages';
import { isLocale } from '../../../i18n';
import { rows, type Db, type Tx } from '../../db/client';
import { SendFailure, type Channels, type SendResult } from '../channels';
import { notifyAdministrators, notifyUsers, type StaffNotice } from '../notifications';
import { businessToday } from '../../../domain/businessDay';

/** A claim older than this belongs to a process that died mid-send: another worker takes the row over. */
const STALE_CLAIM = "interval '5 minutes'";
const BATCH = 50;
/** How long after an SMS was handed over its delivery report is asked for, and how often. */
const REPORT_WINDOW = "interval '3 days'";
const REPORT_AGAIN = "interval '10 minutes'";
/** The next check of an SMS asked about no more (a date JavaScript reads, unlike 'infinity'). */
const ASK_NO_MORE = "timestamptz '9999-12-31 00:00:00+00'";
const PARALLEL = 5;
/** Messages about a contract's money go as urgent SMS (the gateway sends them ahead of marketing traffic). */
const URGENT = new Set(['reminder', 'overdue', 'cancellation', 'payment_added', 'payment_changed']);

interface ClaimedMessage {
  id: number;
  type: string;
  channel: string;
  recipient: string | null;
  subject: string | null;
  body: string;
  locale: string;
  attempts: number;
  sale_id: number | null;
  sender_id: number | null;
  sale_user_id: number | null;
  contract_no: string | null;
  customer_name: string | null;
  provider_message_id: string | null;
}

export interface DeliveryDeps {
  db: Db;
  channels: Channels;
  log: FastifyBaseLogger;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const asHtml = (text: string) => `<div>${escapeHtml(text).replace(/\n/g, '<br>')}</div>`;

async function send(channels: Channels, message: ClaimedMessage): Promise<SendResult> {
  const locale = isLocale(message.locale) ? message.locale : 'ka';
  if (message.channel === 'email') {
    if (!channels.email) throw new SendFailure('customer_messages.skip.email_off', { retry: false });
    return channels.email.send({
      to: message.recipient ?? '',
      subject: message.subject ?? '',
      text: message.body,
      html: asHtml(message.body),
      locale,
    });
  }
  if (!channels.sms) throw new SendFailure('customer_messages.skip.sms_off', { retry: false });
  return channels.sms.send({ to: message.recipient ?? '', text: message.body, urgent: URGENT.has(message.type) });
}

/** What a claimed row answers: the message and what telling about its failure needs. */
const claimedColumns = sql`l.id, l.type, l.channel, l.recipient, l.subject, l.body, l.locale, l.attempts, l.sale_id,
  l.sender_id, l.provider_message_id,
  (select s.user_id from sales s where s.id = l.sale_id) as sale_user_id,
  (select s.contract_no from sales s where s.id = l.sale_id) as contract_no,
  (select c.name_ka from customers c where c.id = l.customer_id) as customer_name`;

/**
 * Sends what is queued and due, in batches claimed with SKIP LOCKED so several workers (processes) share the work
 * and never send one row twice. A failure worth retrying waits (30 s, growing to 12 h) up to MAX_ATTEMPTS tries over
 * about a day; then the row stays failed with its error, and the sale's manager (and whoever sent it by hand) is told,
 * once. Answers how many rows were tried.
 */
export async function deliverDue({ db, channels, log }: DeliveryDeps): Promise<number> {
  let tried = 0;
  for (;;) {
    const claimed = await rows<ClaimedMessage>(
      db,
      sql`
      update notification_logs l
      set claimed_at = now(), attempts = l.attempts + 1, started_at = coalesce(l.started_at, now())
      where l.id in (
        select id from notification_logs
        where status = 'queued' and next_attempt_at <= now()
          and (claimed_at is null or claimed_at < now() - ${sql.raw(STALE_CLAIM)})
        order by id limit ${BATCH}
        for update skip locked)
      returning ${claimedColumns}`,
    );
    if (claimed.length === 0) return tried;
    tried += claimed.length;
    for (let i = 0; i < claimed.length; i += PARALLEL)
      await Promise.all(claimed.slice(i, i + PARALLEL).map((message) => deliverOne(db, channels, log, message)));
  }
}

async function deliverOne(db: Db, channels: Channels, log: FastifyBaseLogger, message: ClaimedMessage) {
  try {
    const result = await send(channels, message);
    await db.execute(sql`
      update notification_logs set status = 'sent', claimed_at = null, delivered_at = now(), error_message = null,
        code = ${result.code ?? null}, provider_message_id = ${result.providerMessageId ?? null},
        segments = ${result.segments ?? null}
      where id = ${message.id}`);
  } catch (error) {
    const failure =
      error instanceof SendFailure
        ? error
        : new SendFailure(error instanceof Error ? error.message : String(error), { retry: true });
    const again = failure.retry && message.attempts < MAX_ATTEMPTS;
    log.warn(
      { messageId: message.id, channel: message.channel, attempt: message.attempts, retry: again, err: failure },
      `sending message ${message.id} by ${message.channel} failed: ${failure.message}`,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update notification_logs set claimed_at = null, error_message = ${failure.message}, code = ${failure.code ?? null},
          status = ${again ? 'queued' : 'failed'},
          next_attempt_at = now() + make_interval(secs => ${again ? retryDelaySeconds(message.attempts) : 0})
        where id = ${message.id}`);
      if (again) return;
      await tellFailed(tx, message);
      if (failure.noBalance)
        await notifyAdministrators(tx, {
          kind: 'sms_no_balance',
          params: { provider: channels.sms?.transport ?? 'sms' },
          link: '/notification-logs',
          dedupeKey: `sms-no-balance:${businessToday()}`,
        });
    });
  }
}

/** A message that will not reach its customer: the sale's manager and whoever sent it by hand are told, once. */
async function tellFailed(tx: Tx, message: ClaimedMessage) {
  const notices: StaffNotice[] = [message.sale_user_id, message.sender_id]
    .filter((id, i, all): id is number => id !== null && all.indexOf(id) === i)
    .map((userId) => ({
      userId,
      kind: 'message_failed',
      params: {
        contract_no: message.contract_no ?? '',
        channel: message.channel,
        customer: message.customer_name ?? '',
      },
      link: message.sale_id ? `/sales/${message.sale_id}/show` : '/notification-logs',
      dedupeKey: `message-failed:${message.id}`,
    }));
  await notifyUsers(tx, notices);
}

/**
 * Asks the SMS provider what became of the messages it took in the last three days (only a provider that publishes
 * delivery reports: gosms.ge), every ten minutes each: 'delivered' marks the row delivered; 'failed' marks it failed
 * (the operator could not reach the phone) and tells the sale's manager, as a failed send does; an SMS older than the
 * window keeps 'sent'. Rows are claimed by moving their next check forward, so processes never ask twice at once.
 * Answers how many rows were asked about.
 */
export async function checkDeliveries({ db, channels, log }: DeliveryDeps): Promise<number> {
  const sms = channels.sms;
  if (!sms?.deliveryOf) return 0;
  // an SMS past the window is asked about no more
  await db.execute(sql`
    update notification_logs set next_attempt_at = ${sql.raw(ASK_NO_MORE)}
    where status = 'sent' and channel = 'sms' and next_attempt_at <= now()
      and delivered_at < now() - ${sql.raw(REPORT_WINDOW)}`);
  let asked = 0;
  for (;;) {
    const due = await rows<ClaimedMessage>(
      db,
      sql`
      update notification_logs l set next_attempt_at = now() + ${sql.raw(REPORT_AGAIN)}
      where l.id in (
        select id from notification_logs
        where status = 'sent' and channel = 'sms' and next_attempt_at <= now() and provider_message_id is not null
        order by id limit ${BATCH}
        for update skip locked)
      returning ${claimedColumns}`,
    );
    if (due.length === 0) return asked;
    asked += due.length;
    const reportOne = async (message: ClaimedMessage) => {
      let report;
      try {
        report = await sms.deliveryOf!(message.provider_message_id!);
      } catch (error) {
        log.warn({ messageId: message.id, err: error }, `no delivery report for message ${message.id}`);
        return;
      }
      if (report === 'pending') return;
      await db.transaction(async (tx) => {
        const [changed] = await rows<{ id: number }>(
          tx,
          sql`update notification_logs set status = ${report},
              error_message = ${report === 'failed' ? 'customer_messages.not_delivered' : null}
            where id = ${message.id} and status = 'sent' returning id`,
        );
        if (changed && report === 'failed') await tellFailed(tx, message);
      });
    };
    // a few at once, as sends go: the provider is asked once a message, with no call for many
    for (let i = 0; i < due.length; i += PARALLEL) await Promise.all(due.slice(i, i + PARALLEL).map(reportOne));
  }
}
