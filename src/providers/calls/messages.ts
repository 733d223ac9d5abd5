import type { Identifier } from 'react-admin';
import type {
  MessagePreview,
  MessagesWritten,
  MessageTemplate,
  NotificationLog,
} from '../../../domain/contracts/customerMessages';
import type { DeliveryStatus, MessageChannel, MessageKind, MessageRules } from '../../../domain/customerMessages';
import { api } from '../httpClient';
import { dataOf, type ListAnswer } from './answers';

/** The filters of the delivery log: POST /notification-logs takes them as a JSON body. */
export interface NotificationLogFilter {
  query?: string;
  page?: number;
  perpage?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  date_from?: string;
  date_to?: string;
  status?: DeliveryStatus[];
  channel?: MessageChannel;
  type?: MessageKind[];
  sale_id?: number;
  customer_id?: number;
  manual?: boolean;
}

export const notificationLogs = (filter: NotificationLogFilter) =>
  api<ListAnswer<NotificationLog>>('/notification-logs', { method: 'POST', body: filter });

/** A message to a customer sent by hand: its kind on a sale, or one installment's reminder, or about one payment. */
export type ManualMessage =
  | { kind: 'reminder'; saleId: Identifier; installmentId?: Identifier }
  | { kind: 'overdue'; saleId: Identifier }
  | { kind: 'payment_added' | 'payment_changed'; saleId: Identifier; paymentId?: Identifier };

const manualMessagePath = (message: ManualMessage) => {
  if (message.kind === 'reminder')
    return message.installmentId
      ? `/sales/payment-reminder/${message.installmentId}`
      : `/sales/${message.saleId}/reminder-notification`;
  if (message.kind === 'overdue') return `/sales/${message.saleId}/overdue-notification`;
  return `/sales/${message.saleId}/payment-notification/${message.kind === 'payment_changed' ? 'changed' : 'added'}`;
};
const paymentOf = (message: ManualMessage) =>
  'paymentId' in message && message.paymentId ? { payment_id: Number(message.paymentId) } : {};

/** Messages to customers: sent by hand (a preview, then the send), free SMS, the delivery log, templates and rules. */
export const messageCalls = {
  notificationLogs,
  commentNotificationLog: (logId: Identifier, comment: string) =>
    dataOf(
      api<{ data: NotificationLog }>(`/notification-logs/${logId}/comment`, { method: 'POST', body: { comment } }),
    ),
  /** 409 when the row cannot be sent again (still queued, or it had no recipient). */
  resendNotificationLog: (logId: Identifier) =>
    dataOf(api<{ data: NotificationLog }>(`/notification-logs/${logId}/resend`, { method: 'POST' })),
  messagePreview: (message: ManualMessage) =>
    dataOf(
      api<{ data: MessagePreview }>(manualMessagePath(message), {
        query: new URLSearchParams(Object.entries(paymentOf(message)).map(([k, v]) => [k, String(v)])),
      }),
    ),
  /** The POST twin of the preview, with an Idempotency-Key per opened dialog (a repeated click sends once). */
  sendManualMessage: (message: ManualMessage, channels: MessageChannel[], idempotencyKey: string) =>
    dataOf(
      api<{ data: MessagesWritten }>(manualMessagePath(message), {
        method: 'POST',
        body: { channels, ...paymentOf(message) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    ),
  sendFreeSms: (message: string, customerIds: Identifier[], idempotencyKey: string) =>
    dataOf(
      api<{ data: MessagesWritten }>('/sms', {
        method: 'POST',
        body: { message, customer_ids: customerIds.map(Number) },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    ),
  messageTemplates: () => dataOf(api<{ data: MessageTemplate[] }>('/notification-templates')),
  saveMessageTemplate: (templateId: Identifier, text: Pick<MessageTemplate, 'subject' | 'body' | 'sms'>) =>
    dataOf(api<{ data: MessageTemplate }>(`/notification-templates/${templateId}`, { method: 'PUT', body: text })),
  messageRules: () => dataOf(api<{ data: MessageRules }>('/notification-rules')),
  saveMessageRules: (rules: MessageRules) =>
    dataOf(api<{ data: MessageRules }>('/notification-rules', { method: 'PUT', body: rules })),
};
