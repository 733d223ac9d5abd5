import { sql } from 'drizzle-orm';
import {
  renderTemplate,
  type MessageChannel,
  type MessageKind,
  type PlaceholderValues,
} from '../../../domain/customerMessages';
import type { Locale } from '../../../i18n';
import { rows, type Db, type Tx } from '../../db/client';
import { normalisePhone, type Channels } from '../channels';
import type { TemplateText } from './defaultTemplates';

/** A message about to be written to the log (queued to send, or skipped with the reason). */
export interface MessageDraft {
  dedupeKey: string | null;
  type: MessageKind;
  channel: MessageChannel;
  status: 'queued' | 'skipped';
  locale: Locale;
  recipient: string | null;
  subject: string | null;
  body: string;
  manual: boolean;
  senderId: number | null;
  saleId: number | null;
  customerId: number | null;
  installmentId: number | null;
  /** Why it was skipped: a catalogue key (customer_messages.skip.*), translated when the log is read. */
  errorMessage: string | null;
}

export interface Recipient {
  email: string | null;
  phone: string | null;
}

/** Why a channel cannot reach the customer, or null when it can; SMS numbers are normalised for the gateway. */
export function reach(channels: Channels, channel: MessageChannel, to: Recipient) {
  if (channel === 'email') {
    if (!channels.email) return { recipient: to.email, skip: 'customer_messages.skip.email_off' };
    if (!to.email) return { recipient: null, skip: 'customer_messages.skip.no_email' };
    return { recipient: to.email, skip: null };
  }
  if (!channels.sms) return { recipient: to.phone, skip: 'customer_messages.skip.sms_off' };
  if (!to.phone) return { recipient: null, skip: 'customer_messages.skip.no_phone' };
  const phone = normalisePhone(to.phone);
  if (!phone) return { recipient: to.phone, skip: 'customer_messages.skip.bad_phone' };
  return { recipient: phone, skip: null };
}

/** One draft per channel: the template rendered for email (subject and body) or SMS (its short text). */
export function draftsFor(
  channels: Channels,
  input: {
    kind: MessageKind;
    channels: readonly MessageChannel[];
    locale: Locale;
    template: TemplateText;
    values: PlaceholderValues;
    to: Recipient;
    manual: boolean;
    senderId: number | null;
    saleId: number | null;
    customerId: number | null;
    installmentId?: number | null;
    /** Per channel: the key that makes the message once-only (the daily run's rule × installment × channel). */
    dedupe?: (channel: MessageChannel) => string;
  },
): MessageDraft[] {
  return input.channels.map((channel) => {
    const { recipient, skip } = reach(channels, channel, input.to);
    return {
      dedupeKey: input.dedupe?.(channel) ?? null,
      type: input.kind,
      channel,
      status: skip ? 'skipped' : 'queued',
      locale: input.locale,
      recipient,
      subject: channel === 'email' ? renderTemplate(input.template.subject, input.values) : null,
      body: renderTemplate(channel === 'email' ? input.template.body : input.template.sms, input.values),
      manual: input.manual,
      senderId: input.senderId,
      saleId: input.saleId,
      customerId: input.customerId,
      installmentId: input.installmentId ?? null,
      errorMessage: skip,
    };
  });
}

/**
 * Writes the drafts in one statement; a draft whose dedupe key is already in the log is dropped (the message was
 * written by an earlier or a parallel run). Answers the ids written, with their status.
 */
export async function writeDrafts(db: Db | Tx, drafts: MessageDraft[]) {
  if (drafts.length === 0) return [];
  const col = <K extends keyof MessageDraft>(key: K) => sql.param(drafts.map((d) => d[key]));
  const written = await rows<{ id: string | number; status: string; channel: string }>(
    db,
    sql`
    insert into notification_logs (dedupe_key, type, channel, status, locale, recipient, subject, body, manual,
      sender_id, sale_id, customer_id, installment_id, error_message)
    select * from unnest(${col('dedupeKey')}::text[], ${col('type')}::text[], ${col('channel')}::text[],
      ${col('status')}::text[], ${col('locale')}::text[], ${col('recipient')}::text[], ${col('subject')}::text[],
      ${col('body')}::text[], ${col('manual')}::boolean[], ${col('senderId')}::int[], ${col('saleId')}::int[],
      ${col('customerId')}::int[], ${col('installmentId')}::int[], ${col('errorMessage')}::text[])
    on conflict (dedupe_key) do nothing
    returning id, status, channel`,
  );
  // a bigserial comes back as text from node-postgres
  return written.map((row) => ({ ...row, id: Number(row.id) }));
}
