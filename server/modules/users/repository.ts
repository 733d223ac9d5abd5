import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { isAdmin, isViewOnly } from '../../../domain/access';
import type { Db } from '../../db/client';
import { roles, userBuildings, userRoles, users } from '../../db/schema';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { loadPrincipal } from '../../core/access';
import { AppError } from '../../core/errors';
import type { FileStore } from '../../core/files';
import { createUserWrites, live } from './writes';

export type { UserInput } from './writes';

type UserRow = typeof users.$inferSelect;

const SORTABLE = {
  id: users.id,
  full_name: users.fullName,
  email: users.email,
  phone: users.phone,
  active: users.active,
  created_at: users.createdAt,
};

export function createUsersRepository(db: Db, files: FileStore) {
  /** The shape every users call answers with: roles by name, buildings by id, a signed avatar URL. */
  const present = (
    row: Pick<UserRow, 'id' | 'fullName' | 'email' | 'phone' | 'active' | 'avatarPath' | 'createdAt'>,
    access: { roles: string[]; buildings: number[] },
  ) => ({
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    active: row.active,
    avatar_url: files.signedUrl(row.avatarPath),
    roles: access.roles,
    buildings: access.buildings,
    is_admin: isAdmin(access),
    created_at: row.createdAt.toISOString(),
  });

  const accessOf = async (ids: number[]) => {
    const map = new Map<number, { roles: string[]; buildings: number[] }>(
      ids.map((id) => [id, { roles: [], buildings: [] }]),
    );
    if (!ids.length) return map;
    const [roleRows, buildingRows] = await Promise.all([
      db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
        .orderBy(roles.name),
      db.select().from(userBuildings).where(inArray(userBuildings.userId, ids)).orderBy(userBuildings.buildingId),
    ]);
    for (const r of roleRows) map.get(r.userId)?.roles.push(r.name);
    for (const b of buildingRows) map.get(b.userId)?.buildings.push(b.buildingId);
    return map;
  };

  async function find(id: number) {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), live));
    return row;
  }

  async function get(id: number) {
    const row = await find(id);
    if (!row) throw new AppError(404, 'server.not_found');
    return present(row, (await accessOf([id])).get(id)!);
  }

  async function list(q: ListQuery & { role?: string; active?: boolean }) {
    const filters = [live];
    if (q.query) {
      const p = likePattern(q.query);
      filters.push(or(ilike(users.fullName, p), ilike(users.email, p), ilike(users.phone, p))!);
    }
    if (q.active !== undefined) filters.push(eq(users.active, q.active));
    // users.id spelled out: drizzle renders ${users.id} as a bare "id", which the subquery would take as r.id.
    if (q.role)
      filters.push(
        sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = users.id and r.name = ${q.role})`,
      );
    const { rows, meta } = await listPage(
      q,
      { columns: SORTABLE, fallback: 'id', then: asc(users.id) },
      ({ orderBy, limit, offset }) =>
        db
          .select({ user: users, total: totalCount })
          .from(users)
          .where(and(...filters))
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => db.$count(users, and(...filters)),
    );
    const access = await accessOf(rows.map((r) => r.user.id));
    return { data: rows.map((r) => present(r.user, access.get(r.user.id)!)), meta };
  }

  async function latest(count: number) {
    const rows = await db.select().from(users).where(live).orderBy(desc(users.createdAt), desc(users.id)).limit(count);
    const access = await accessOf(rows.map((r) => r.id));
    return rows.map((r) => present(r, access.get(r.id)!));
  }

  /** GET /api/user: the profile plus everything the browser needs to decide what to show. */
  async function me(id: number) {
    const row = await find(id);
    if (!row) throw new AppError(401, 'server.unauthenticated');
    const principal = await loadPrincipal(db, id);
    return {
      ...present(row, principal),
      otp_channel: row.otpChannel === 'sms' ? ('sms' as const) : ('email' as const),
      permissions: principal.permissions,
      view_only: isViewOnly(principal),
    };
  }

  return { get, find, list, latest, ...createUserWrites(db, get), me };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
