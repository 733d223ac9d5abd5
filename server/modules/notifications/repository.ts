import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { listPage, totalCount, type ListQuery } from '../../core/paging';

/** A notice for one member of staff; `kind` and `params` are kept, so it reads in the language of whoever opens it. */
export interface StaffNotice {
  userId: number;
  kind: string;
  params?: Record<string, string | number>;
  /** A path of the web app ('/sales/12/show'). */
  link?: string;
  /**
   * Unique per user: a second notice with the same key is not written (a daily sweep that runs twice notifies once).
   */
  dedupeKey?: string;
}

/**
 * The insert of notices, alone (`notifyUsers`) or as a CTE of a bigger statement; a notice whose (user, dedupe key)
 * exists already is skipped, and none inserts nothing.
 */
export const noticesInsert = (notices: readonly StaffNotice[]) => {
  const column = (of: (n: StaffNotice) => unknown, type: string) =>
    sql`${sql.param(notices.map(of))}::${sql.raw(type)}[]`;
  return sql`insert into notifications (user_id, kind, params, link, dedupe_key)
    select * from unnest(${column((n) => n.userId, 'int')}, ${column((n) => n.kind, 'text')},
      ${column((n) => JSON.stringify(n.params ?? {}), 'jsonb')}, ${column((n) => n.link ?? null, 'text')},
      ${column((n) => n.dedupeKey ?? null, 'text')})
    on conflict do nothing`;
};

/** Inserts the notices in the caller's transaction. */
export async function notifyUsers(db: Db | Tx, notices: StaffNotice[]): Promise<void> {
  if (!notices.length) return;
  await db.execute(noticesInsert(notices));
}

/** The same notice to every active administrator (users holding the admin role). */
export async function notifyAdministrators(db: Db | Tx, notice: Omit<StaffNotice, 'userId'>): Promise<void> {
  await db.execute(sql`
    insert into notifications (user_id, kind, params, link, dedupe_key)
    select distinct u.id, ${notice.kind}, ${JSON.stringify(notice.params ?? {})}::jsonb, ${notice.link ?? null}::text,
      ${notice.dedupeKey ?? null}::text
    from users u
    join user_roles ur on ur.user_id = u.id
    join roles r on r.id = ur.role_id
    where r.name = 'admin' and u.active and u.deleted_at is null
    on conflict do nothing`);
}

/**
 * The notices a set-based statement writes from the rows of `source`, which must select the columns
 * user_id, kind, params (jsonb), link, dedupe_key; repeated dedupe keys are skipped. For a CTE of a bigger statement
 * (the daily overdue sweep), so the notices are written in the same statement as the change they report.
 */
export const noticesFrom = (source: SQL) => sql`
  insert into notifications (user_id, kind, params, link, dedupe_key)
  select n.user_id, n.kind, n.params, n.link, n.dedupe_key
  from (${source}) n
  join users u on u.id = n.user_id
  where u.active and u.deleted_at is null
  on conflict do nothing`;

/**
 * The daily notice of pre-sale bookings whose hold ends tomorrow (still pending or approved) to whoever made them,
 * once per booking. Answers how many notices were written.
 */
export async function notifyExpiringReservations(db: Db, today: string): Promise<number> {
  const written = await rows<{ id: number }>(
    db,
    sql`
    insert into notifications (user_id, kind, params, link, dedupe_key)
    select b.created_by, 'reservation_expiring',
      jsonb_build_object(
        'customer',
        case u.locale
          when 'en' then coalesce(nullif(c.name_en, ''), c.name_ka)
          when 'ru' then coalesce(nullif(c.name_ru, ''), c.name_ka)
          else c.name_ka
        end,
        'until', to_char(b.hold_until, 'YYYY-MM-DD')
      ),
      -- the reservations list filtered to the customer: ?filter={"customer_id":N}, encoded
      '/reservation?filter=%7B%22customer_id%22%3A' || b.customer_id || '%7D',
      'reservation-expiring:' || b.id
    from pre_sale_bookings b
    join customers c on c.id = b.customer_id
    join users u on u.id = b.created_by
    where b.status in ('pending', 'approved')
      and b.hold_until = ${today}::date + 1
      and u.active and u.deleted_at is null
    on conflict do nothing
    returning id`,
  );
  return written.length;
}

export interface NotificationFilters {
  unread?: boolean;
  user_id?: number;
}

type Row = typeof notifications.$inferSelect & { userName: string };

/** The notifications' queries; the routes decide whose the user may read. */
export function createNotificationsRepository(db: Db) {
  const unreadOf = async (userId: number | undefined) => {
    const [row] = await db
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(notifications)
      .where(and(userId === undefined ? undefined : eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.count ?? 0;
  };

  /** A page of notifications, newest first: the user's own (`owner`), or anyone's (manager mode, `user_id` filter). */
  async function list(q: ListQuery & NotificationFilters, owner?: number) {
    const whose = owner ?? q.user_id;
    const where = and(
      whose === undefined ? undefined : eq(notifications.userId, whose),
      q.unread ? isNull(notifications.readAt) : undefined,
    );
    const [{ rows, meta }, unread] = await Promise.all([
      listPage(
        q,
        { columns: {}, unsorted: [desc(notifications.createdAt), desc(notifications.id)] },
        ({ orderBy, limit, offset }) =>
          db
            .select({ notification: notifications, userName: users.fullName, total: totalCount })
            .from(notifications)
            .innerJoin(users, eq(users.id, notifications.userId))
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        () => db.$count(notifications, where),
      ),
      unreadOf(whose),
    ]);
    const data: Row[] = rows.map((r) => ({ ...r.notification, userName: r.userName }));
    return { data, meta: { ...meta, unread } };
  }

  /** One of the user's own notifications; another user's is as unknown as one that does not exist. */
  async function own(userId: number, id: number): Promise<Row | undefined> {
    const [row] = await db
      .select({ notification: notifications, userName: users.fullName })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    return row && { ...row.notification, userName: row.userName };
  }

  /** Marks one of the user's own read (false when it is not theirs or does not exist). */
  async function markRead(userId: number, id: number): Promise<boolean> {
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return Boolean(row);
  }

  async function markAllRead(userId: number) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  /** Every member of staff (not deleted), by name: the choices of manager mode's user filter. */
  const recipients = () =>
    db
      .select({ id: users.id, full_name: users.fullName })
      .from(users)
      .where(isNull(users.deletedAt))
      .orderBy(asc(users.fullName), asc(users.id));

  return { list, own, markRead, markAllRead, recipients, unread: (userId: number) => unreadOf(userId) };
}
