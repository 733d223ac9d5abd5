import { businessDayEnd, businessDayStart } from '../../../domain/businessDay';
import { and, asc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { DeliveryStatus, MessageChannel, MessageKind } from '../../../domain/customerMessages';
import { isCatalogueKey, translate, type Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { customerMatching, customers, notificationLogComments, notificationLogs, sales, users } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import { likePattern, carriedPage, totalCount, type ListQuery } from '../../core/paging';
import type { CurrentUser } from '../../core/types';
import { customerName } from '../../../domain/names';
import { saleInScope } from '../saleLedger';

export interface LogFilters extends ListQuery {
  date_from?: string;
  date_to?: string;
  status?: DeliveryStatus[];
  channel?: MessageChannel;
  type?: MessageKind[];
  sale_id?: number;
  customer_id?: number;
  manual?: boolean;
}

interface LogComment {
  id: number;
  body: string;
  user_id: number;
  author_name: string;
  created_at: string;
}

const SORTABLE = {
  id: notificationLogs.id,
  created_at: notificationLogs.createdAt,
  status: notificationLogs.status,
  type: notificationLogs.type,
  channel: notificationLogs.channel,
};

/** A log row about a sale is seen by those who may see the sale; a free SMS (no sale) by anyone with the log. */
const logInScope = (user: CurrentUser) => {
  const scope = saleInScope(user);
  return scope ? or(isNull(notificationLogs.saleId), scope) : undefined;
};

export function createLogsRepository(db: Db) {
  const base = () =>
    db
      .select({
        log: notificationLogs,
        contractNo: sales.contractNo,
        nameKa: customers.nameKa,
        nameEn: customers.nameEn,
        nameRu: customers.nameRu,
        senderName: users.fullName,
        total: totalCount,
      })
      .from(notificationLogs)
      .leftJoin(sales, eq(sales.id, notificationLogs.saleId))
      .leftJoin(customers, eq(customers.id, notificationLogs.customerId))
      .leftJoin(users, eq(users.id, notificationLogs.senderId));
  type Row = Awaited<ReturnType<typeof base>>[number];

  const present = (row: Row, locale: Locale, comments: LogComment[]) => {
    const l = row.log;
    const error = l.errorMessage && isCatalogueKey(l.errorMessage) ? translate(locale, l.errorMessage) : l.errorMessage;
    return {
      id: l.id,
      type: l.type,
      channel: l.channel,
      status: l.status,
      code: l.code,
      locale: l.locale,
      recipient: l.recipient,
      subject: l.subject,
      body: l.body,
      segments: l.segments,
      provider_message_id: l.providerMessageId,
      manual: l.manual,
      sender_id: l.senderId,
      sender_name: l.senderId ? row.senderName : null,
      sale_id: l.saleId,
      contract_no: row.contractNo,
      customer_id: l.customerId,
      customer_name: row.nameKa
        ? customerName({ nameKa: row.nameKa, nameEn: row.nameEn, nameRu: row.nameRu }, locale)
        : null,
      installment_id: l.installmentId,
      attempts: l.attempts,
      started_at: l.startedAt?.toISOString() ?? null,
      delivered_at: l.deliveredAt?.toISOString() ?? null,
      error_message: error,
      created_at: l.createdAt.toISOString(),
      comments,
    };
  };

  async function list(user: CurrentUser, q: LogFilters, locale: Locale) {
    const text = q.query ? likePattern(q.query) : undefined;
    const where: SQL | undefined = and(
      logInScope(user),
      q.date_from ? gte(notificationLogs.createdAt, businessDayStart(q.date_from)) : undefined,
      q.date_to ? lt(notificationLogs.createdAt, businessDayEnd(q.date_to)) : undefined,
      q.status?.length ? inArray(notificationLogs.status, q.status) : undefined,
      q.channel ? eq(notificationLogs.channel, q.channel) : undefined,
      q.type?.length ? inArray(notificationLogs.type, q.type) : undefined,
      q.sale_id ? eq(notificationLogs.saleId, q.sale_id) : undefined,
      q.customer_id ? eq(notificationLogs.customerId, q.customer_id) : undefined,
      q.manual === undefined ? undefined : eq(notificationLogs.manual, q.manual),
      text
        ? or(ilike(notificationLogs.recipient, text), ilike(sales.contractNo, text), customerMatching(text))
        : undefined,
    );
    const { rows, meta } = await carriedPage(q, { columns: SORTABLE, fallback: 'id', newestFirst: true }, () =>
      base().where(where),
    );
    const comments = await commentsOf(rows.map((r) => r.log.id));
    return { rows: rows.map((r) => present(r, locale, comments.get(r.log.id) ?? [])), meta };
  }

  async function commentsOf(logIds: number[]) {
    const map = new Map<number, LogComment[]>();
    if (logIds.length === 0) return map;
    const found = await db
      .select({ comment: notificationLogComments, author: users.fullName })
      .from(notificationLogComments)
      .innerJoin(users, eq(users.id, notificationLogComments.userId))
      .where(inArray(notificationLogComments.logId, logIds))
      .orderBy(asc(notificationLogComments.id));
    for (const { comment, author } of found) {
      const list = map.get(comment.logId) ?? [];
      list.push({
        id: comment.id,
        body: comment.body,
        user_id: comment.userId,
        author_name: author,
        created_at: comment.createdAt.toISOString(),
      });
      map.set(comment.logId, list);
    }
    return map;
  }

  /** A log row the user may see, else 404. */
  async function visible(user: CurrentUser, id: number) {
    const [row] = await db
      .select({ log: notificationLogs })
      .from(notificationLogs)
      .leftJoin(sales, eq(sales.id, notificationLogs.saleId))
      .where(and(eq(notificationLogs.id, id), logInScope(user)));
    if (!row) throw notFound();
    return row.log;
  }

  async function one(user: CurrentUser, id: number, locale: Locale) {
    await visible(user, id);
    const [row] = await base().where(eq(notificationLogs.id, id));
    const comments = await commentsOf([id]);
    return present(row, locale, comments.get(id) ?? []);
  }

  async function comment(user: CurrentUser, id: number, body: string) {
    await visible(user, id);
    await db.insert(notificationLogComments).values({ logId: id, body, userId: user.id });
  }

  /**
   * Resend: a new queued row with the same text to the same recipient, sent by this user; the old row stays as it was.
   */
  async function resend(user: CurrentUser, id: number) {
    const old = await visible(user, id);
    // a queued row is still being sent; a skipped one had nowhere to go (no phone, no email, no marketing)
    if (!['sent', 'delivered', 'failed'].includes(old.status) || !old.recipient)
      throw conflict('customer_messages.not_resendable');
    const [row] = await db
      .insert(notificationLogs)
      .values({
        type: old.type,
        channel: old.channel,
        status: 'queued',
        locale: old.locale,
        recipient: old.recipient,
        subject: old.subject,
        body: old.body,
        manual: true,
        senderId: user.id,
        saleId: old.saleId,
        customerId: old.customerId,
        installmentId: old.installmentId,
      })
      .returning({ id: notificationLogs.id });
    return row.id;
  }

  return { list, one, visible, comment, resend };
}
