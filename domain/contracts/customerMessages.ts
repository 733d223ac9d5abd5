import { z } from 'zod';
import { DELIVERY_STATUSES, MESSAGE_CHANNELS, MESSAGE_KINDS } from '../customerMessages';

/** GET /sales/{id}/…-notification: what the customer would receive, per channel, and whether it can reach them. */
export const messagePreviewSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  locale: z.string(),
  sale_id: z.number(),
  contract_no: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  no_marketing: z.boolean(),
  installment_id: z.number().nullable(),
  channels: z.array(
    z.object({
      channel: z.enum(MESSAGE_CHANNELS),
      available: z.boolean(),
      recipient: z.string().nullable(),
      /** Why the channel cannot reach the customer: a catalogue key (messages.skip.*). */
      reason: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string(),
    }),
  ),
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

/** The POST twins and POST /sms: the delivery-log rows written (queued, or skipped with the reason). */
export const messagesWrittenSchema = z.array(z.object({ id: z.number(), status: z.string(), channel: z.string() }));
export type MessagesWritten = z.infer<typeof messagesWrittenSchema>;

/** One row of the delivery log (POST /notification-logs). */
export const notificationLogSchema = z.object({
  id: z.number(),
  type: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  code: z.string().nullable(),
  locale: z.string(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  segments: z.number().nullable(),
  provider_message_id: z.string().nullable(),
  manual: z.boolean(),
  sender_id: z.number().nullable(),
  sender_name: z.string().nullable(),
  sale_id: z.number().nullable(),
  contract_no: z.string().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  installment_id: z.number().nullable(),
  attempts: z.number(),
  started_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  comments: z.array(
    z.object({
      id: z.number(),
      body: z.string(),
      user_id: z.number(),
      author_name: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type NotificationLog = z.infer<typeof notificationLogSchema>;

/** GET /notification-templates: one kind's text in one language. */
export const messageTemplateSchema = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  locale: z.string(),
  subject: z.string(),
  body: z.string(),
  sms: z.string(),
  updated_at: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** GET /notification-rules: when the daily run writes. */
export const messageRulesSchema = z.object({
  reminder_days: z.array(z.number()),
  overdue_days: z.array(z.number()),
  channels: z.array(z.enum(MESSAGE_CHANNELS)),
});
