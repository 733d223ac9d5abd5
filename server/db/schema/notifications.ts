/** Messages to customers (templates, the delivery log that is also the outbox) and staff's in-app notifications. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeliveryStatus, MessageChannel, MessageKind } from '../../../domain/customerMessages';
import { createdAt, updatedAt } from './columns';
import { customers } from './customers';
import { installments, sales } from './sales';
import { users } from './users';

/**
 * The text of one kind of customer message (reminder, overdue, payment_added, payment_changed, cancellation, free)
 * in one language: the email's subject and body and the SMS text, with %{placeholders}. Seeded with the product's
 * own wording on every start where missing; an administrator edits them.
 */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<MessageKind>().notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sms: text('sms').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('notification_templates_kind_locale_unique').on(t.kind, t.locale)],
);

/**
 * Every message to a customer, by hand or automated: one row per recipient and channel. The row is written (queued)
 * before anything is sent, and `dedupeKey` (rule × installment × channel for the daily run) is unique, so a message is
 * sent once however often the run is repeated, by however many processes. A worker claims a queued row whose
 * `nextAttemptAt` has come, sends it, and marks it sent, or queued again with a later `nextAttemptAt`, or failed.
 */
export const notificationLogs = pgTable(
  'notification_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dedupeKey: text('dedupe_key'),
    /** reminder, overdue, payment_added, payment_changed, cancellation, free */
    type: text('type').$type<MessageKind>().notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /** queued, sent, delivered, failed, skipped */
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    /** The provider's answer code (SMS gateway error code, SMTP reply code). */
    code: text('code'),
    locale: text('locale').notNull(),
    recipient: text('recipient'),
    subject: text('subject'),
    body: text('body').notNull(),
    segments: smallint('segments'),
    providerMessageId: text('provider_message_id'),
    manual: boolean('manual').notNull().default(false),
    /** The user who sent it by hand; null for the system. */
    senderId: integer('sender_id').references(() => users.id),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    installmentId: integer('installment_id').references(() => installments.id, { onDelete: 'set null' }),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker sends the row; a claim older than a few minutes belongs to a process that died. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_logs_dedupe_unique').on(t.dedupeKey),
    index('notification_logs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    // the SMS whose delivery report is still to be asked for (customerMessages/delivery.ts, checkDeliveries)
    index('notification_logs_report_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'sent' and ${t.channel} = 'sms'`),
    index('notification_logs_sale_idx').on(t.saleId, t.createdAt),
    index('notification_logs_customer_idx').on(t.customerId),
    index('notification_logs_created_idx').on(t.createdAt),
  ],
);

/** A note staff add to a delivery-log row (POST /notification-logs/{id}/comment). */
export const notificationLogComments = pgTable(
  'notification_log_comments',
  {
    id: serial('id').primaryKey(),
    logId: bigint('log_id', { mode: 'number' })
      .notNull()
      .references(() => notificationLogs.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('notification_log_comments_log_idx').on(t.logId)],
);

/**
 * An in-app notification for one member of staff, unread until marked read. `kind` and `params` are kept,
 * not the text, so it reads in the language of whoever opens it; `dedupeKey` keeps a daily event from notifying twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** The page it is about, as a path of the web app ('/sales/12/show'). */
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_unique').on(t.userId, t.dedupeKey),
  ],
);
