import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MessageKind,
  type PlaceholderValues,
} from '../../../domain/customerMessages';
import { formatMoney, toMinor } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';
import { customers, installments, payments } from '../../db/schema';
import { notFound } from '../../core/errors';
import type { CurrentUser } from '../../core/types';
import type { JobQueue } from '../../core/jobs';
import type { Channels } from '../channels';
import { visibleTo } from '../customers';
import { visibleSale } from '../saleLedger';
import { businessToday } from '../../../domain/businessDay';
import { enqueueDailyMessages } from './dailyRun';
import { checkDeliveries, deliverDue } from './delivery';
import { factsLocale, messageDate, messageMoney, saleFacts, saleValues } from './facts';
import { draftsFor, reach, writeDrafts } from './outbox';
import { createTemplatesRepository } from './templates';

export const DELIVER_JOB = 'customer-messages-deliver';
export const DAILY_JOB = 'customer-messages-daily';
export const REPORTS_JOB = 'customer-messages-delivery-reports';

/** What a message by hand is about: a kind on a sale, with the installment or payment it names. */
export type SaleMessageSubject =
  | { kind: 'reminder'; saleId: number; installmentId?: number }
  | { kind: 'overdue' | 'cancellation'; saleId: number }
  | { kind: 'payment_added' | 'payment_changed'; saleId: number; paymentId?: number };

export interface MessagesDeps {
  db: Db;
  channels: Channels;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/** The facts, language and placeholder values of a message about a sale the user may see (else 404). */
async function composeSaleMessage(executor: Db | Tx, user: CurrentUser | null, subject: SaleMessageSubject) {
  if (user) await visibleSale(executor, user, subject.saleId);
  const today = businessToday();
  const facts = await saleFacts(executor, subject.saleId, today);
  if (!facts) throw notFound();
  const values: PlaceholderValues = saleValues(facts, today);
  let installmentId: number | null = null;
  if (subject.kind === 'reminder') {
    const [installment] = await executor
      .select()
      .from(installments)
      .where(
        and(
          eq(installments.saleId, subject.saleId),
          subject.installmentId
            ? eq(installments.id, subject.installmentId)
            : lt(installments.paid, installments.amount),
        ),
      )
      .orderBy(asc(installments.dueDate), asc(installments.number))
      .limit(1);
    if (subject.installmentId && !installment) throw notFound();
    if (installment) {
      installmentId = installment.id;
      values.due_date = messageDate(installment.dueDate);
      values.amount = formatMoney(Math.max(0, toMinor(installment.amount) - toMinor(installment.paid)));
    }
  }
  if (subject.kind === 'overdue') values.due_date = messageDate(facts.oldest_due);
  if (subject.kind === 'payment_added' || subject.kind === 'payment_changed') {
    const [payment] = await executor
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.saleId, subject.saleId),
          isNull(payments.voidedAt),
          subject.paymentId ? eq(payments.id, subject.paymentId) : undefined,
        ),
      )
      .orderBy(desc(payments.updatedAt), desc(payments.id))
      .limit(1);
    if (!payment) throw notFound();
    values.payment_amount = `${messageMoney(payment.amount)} ${payment.currency}`;
    values.payment_date = messageDate(payment.paidOn);
  }
  const locale = factsLocale(facts);
  const template = await createTemplatesRepository(executor).text(subject.kind, locale);
  return { facts, values, locale, template, installmentId };
}

export function createCustomerMessages(deps: MessagesDeps) {
  const { db, channels, jobs } = deps;

  /** What the customer would receive on each channel, and whether each can reach them (the dialog before sending). */
  async function preview(user: CurrentUser, subject: SaleMessageSubject) {
    const { facts, values, locale, template, installmentId } = await composeSaleMessage(db, user, subject);
    const drafts = draftsFor(channels, {
      kind: subject.kind,
      channels: MESSAGE_CHANNELS,
      locale,
      template,
      values,
      to: { email: facts.email, phone: facts.phone },
      manual: true,
      senderId: user.id,
      saleId: facts.sale_id,
      customerId: facts.customer_id,
      installmentId,
    });
    return {
      kind: subject.kind,
      locale,
      sale_id: facts.sale_id,
      contract_no: facts.contract_no,
      customer_id: facts.customer_id,
      customer_name: values.customer_name ?? '',
      no_marketing: facts.no_marketing,
      installment_id: installmentId,
      channels: drafts.map((d) => ({
        channel: d.channel,
        available: d.status === 'queued',
        recipient: d.recipient,
        reason: d.errorMessage,
        subject: d.subject,
        body: d.body,
      })),
    };
  }

  /**
   * Writes the message to the log (queued, or skipped for a channel that cannot reach the customer) in the caller's
   * transaction when one is given, and wakes the delivery job once it is committed.
   */
  async function sendAboutSale(
    user: CurrentUser | null,
    subject: SaleMessageSubject,
    chosen: readonly MessageChannel[] = MESSAGE_CHANNELS,
    executor: Db | Tx = db,
  ) {
    const { facts, values, locale, template, installmentId } = await composeSaleMessage(executor, user, subject);
    const written = await writeDrafts(
      executor,
      draftsFor(channels, {
        kind: subject.kind,
        channels: chosen,
        locale,
        template,
        values,
        to: { email: facts.email, phone: facts.phone },
        manual: Boolean(user),
        senderId: user?.id ?? null,
        saleId: facts.sale_id,
        customerId: facts.customer_id,
        installmentId,
      }),
    );
    return written;
  }

  /** POST /sms: a free text to the chosen customers' phones; customers who asked for no marketing are left out. */
  async function sendFreeSms(user: CurrentUser, message: string, customerIds: number[]) {
    const chosen = await db
      .select()
      .from(customers)
      .where(and(inArray(customers.id, customerIds), isNull(customers.deletedAt), visibleTo(user)));
    if (chosen.length !== new Set(customerIds).size) throw notFound();
    const template = await createTemplatesRepository(db).text('free', 'ka');
    const drafts = chosen.flatMap((c) => {
      const [draft] = draftsFor(channels, {
        kind: 'free',
        channels: ['sms'],
        locale: 'ka',
        template,
        values: { customer_name: c.nameKa, message },
        to: { email: null, phone: c.phones[0] ?? null },
        manual: true,
        senderId: user.id,
        saleId: null,
        customerId: c.id,
        installmentId: null,
      });
      return c.noMarketing
        ? [{ ...draft, status: 'skipped' as const, errorMessage: 'customer_messages.skip.no_marketing' }]
        : [draft];
    });
    const written = await writeDrafts(db, drafts);
    await wake();
    return written;
  }

  /** The sale an installment belongs to (payment-reminder/{id} names the installment), else 404. */
  async function saleOfInstallment(installmentId: number) {
    const [row] = await db
      .select({ saleId: installments.saleId })
      .from(installments)
      .where(eq(installments.id, installmentId));
    if (!row) throw notFound();
    return row.saleId;
  }

  /** Asks the delivery job to run now (it also runs every minute). */
  const wake = () => jobs.kick(DELIVER_JOB);

  return {
    preview,
    saleOfInstallment,
    sendAboutSale,
    sendFreeSms,
    wake,
    reachable: (channel: MessageChannel, to: { email: string | null; phone: string | null }) =>
      reach(channels, channel, to).skip === null,
    runDaily: (today = businessToday()) => enqueueDailyMessages({ db, channels }, today),
    deliverDue: () => deliverDue(deps),
    checkDeliveries: () => checkDeliveries(deps),
  };
}

export type CustomerMessages = ReturnType<typeof createCustomerMessages>;
export type { MessageKind };
