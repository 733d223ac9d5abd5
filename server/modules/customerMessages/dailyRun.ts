import { sql, type SQL } from 'drizzle-orm';
import { CATCH_UP_DAYS, MESSAGE_CHANNELS, type MessageKind } from '../../../domain/customerMessages';
import { rows, type Db } from '../../db/client';
import type { Channels } from '../channels';
import { factColumns, factJoins, factsLocale, messageDate, messageMoney, saleValues, type SaleFacts } from './facts';
import { draftsFor, writeDrafts, type MessageDraft } from './outbox';
import { createTemplatesRepository } from './templates';

interface Candidate extends SaleFacts {
  kind: 'reminder' | 'overdue';
  offset_days: number;
  installment_id: number;
  /** An installment of the sale's renovation schedule (container_installments), not of the sale's own. */
  renovation: boolean;
  due_date: string;
  due_amount: string;
}

/** The key that makes a rule's message once-only: rule, its day offset, the installment and the channel. */
export const ruleKey = (kind: MessageKind, offset: number, installmentId: number, channel: string) =>
  `${kind}:${offset}:${installmentId}:${channel}`;
/** The same for an installment of a renovation schedule (its ids are another table's). */
export const renovationRuleKey = (kind: MessageKind, offset: number, installmentId: number, channel: string) =>
  `${kind}:${offset}:renovation-${installmentId}:${channel}`;

/**
 * The daily run: reminders N days before an installment falls due, overdue letters N days after (each rule still
 * applies CATCH_UP_DAYS after its day), for the sale's installments and for its renovation's (their keys say
 * `renovation-`). The installments are found in one statement over the unpaid-by-due-date
 * index, leaving out every rule × installment × channel already in the log; the messages are written queued (or
 * skipped with the reason) in one more. Sending is the delivery job's. Answers how many rows were written.
 */
export async function enqueueDailyMessages(deps: { db: Db; channels: Channels }, today: string) {
  const { db, channels } = deps;
  const templates = createTemplatesRepository(db);
  const rules = await templates.rules();
  const ruleChannels = rules.channels.filter((c) => (c === 'email' ? channels.email : channels.sms));
  if (ruleChannels.length === 0) return 0;
  const kinds = [
    ...rules.reminder_days.map((d) => ['reminder', d] as const),
    ...rules.overdue_days.map((d) => ['overdue', d] as const),
  ];
  if (kinds.length === 0) return 0;
  /**
   * Whether a rule applies to an installment (alias `i`) today:
   * due within the reminder's days, or late by the letter's.
   */
  const applies = (i: SQL) => sql`(
    (r.kind = 'reminder' and ${i}.due_date between ${today}::date and ${today}::date + r.offset_days)
    or (r.kind = 'overdue' and ${i}.due_date between ${today}::date - r.offset_days - ${CATCH_UP_DAYS}::int
                                            and ${today}::date - r.offset_days))`;
  const candidates = await rows<Candidate>(
    db,
    sql`
    with rule(kind, offset_days) as (
      select * from unnest(${sql.param(kinds.map((k) => k[0]))}::text[], ${sql.param(kinds.map((k) => k[1]))}::int[])
    ),
    due as (
      select r.kind, r.offset_days, i.id as installment_id, false as renovation, i.sale_id, i.due_date,
        i.amount - i.paid as due_amount
      from rule r
      join installments i on i.paid < i.amount and ${applies(sql`i`)}
      where (select count(*) from notification_logs l
             where l.dedupe_key in (
               select r.kind || ':' || r.offset_days || ':' || i.id || ':' || ch
               from unnest(${sql.param(ruleChannels)}::text[]) as ch)) < ${ruleChannels.length}
      union all
      -- the renovation's installments remind and chase the same way
      select r.kind, r.offset_days, ci.id, true, sc.sale_id, ci.due_date, ci.amount - ci.paid
      from rule r
      join container_installments ci on ci.paid < ci.amount and ${applies(sql`ci`)}
      join service_containers sc on sc.id = ci.container_id
      where (select count(*) from notification_logs l
             where l.dedupe_key in (
               select r.kind || ':' || r.offset_days || ':renovation-' || ci.id || ':' || ch
               from unnest(${sql.param(ruleChannels)}::text[]) as ch)) < ${ruleChannels.length}
    )
    select due.kind, due.offset_days, due.installment_id, due.renovation, due.due_date::text as due_date, due.due_amount,
      ${factColumns(today)}
    ${factJoins}
    join due on due.sale_id = s.id
    where s.deleted_at is null and s.status in ('active', 'overdue')
    order by s.id, due.renovation, due.installment_id`,
  );
  if (candidates.length === 0) return 0;
  const texts = await templates.all();
  const drafts: MessageDraft[] = candidates.flatMap((c) => {
    const locale = factsLocale(c);
    return draftsFor(channels, {
      kind: c.kind,
      channels: MESSAGE_CHANNELS.filter((ch) => ruleChannels.includes(ch)),
      locale,
      template: texts.get(`${c.kind}:${locale}`)!,
      values: { ...saleValues(c, today), due_date: messageDate(c.due_date), amount: messageMoney(c.due_amount) },
      to: { email: c.email, phone: c.phone },
      manual: false,
      senderId: null,
      saleId: c.sale_id,
      customerId: c.customer_id,
      installmentId: c.renovation ? null : c.installment_id,
      dedupe: (channel) =>
        (c.renovation ? renovationRuleKey : ruleKey)(c.kind, c.offset_days, c.installment_id, channel),
    });
  });
  const written = await writeDrafts(db, drafts);
  return written.length;
}
