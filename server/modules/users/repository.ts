import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { isAdmin, isViewOnly } from '../../../domain/access';
import type { Db, Tx } from '../../db/client';
import { buildings, roles, sessions, userBuildings, userRoles, users } from '../../db/schema';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { loadPrincipal } from '../../core/access';
import { AppError, invalid, isUniqueViolation } from '../../core/errors';
import type { FileStore } from '../../core/files';

export interface UserInput {
  full_name: string;
  email: string;
  phone?: string | null;
  roles: string[];
  buildings: number[];
  active: boolean;
  passwordHash?: string;
  avatarPath?: string | null;
  /** Where the sign-in code goes (the profile page's choice). */
  otp_channel?: 'email' | 'sms';
}

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

  const live = isNull(users.deletedAt);

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

  /** Role names and building ids must exist; unknown ones answer 422 on the field. */
  async function resolveLinks(tx: Tx, input: Pick<UserInput, 'roles' | 'buildings'>) {
    const roleRows = input.roles.length ? await tx.select().from(roles).where(inArray(roles.name, input.roles)) : [];
    const missingRoles = input.roles.filter((name) => !roleRows.some((r) => r.name === name));
    const buildingRows = input.buildings.length
      ? await tx.select({ id: buildings.id }).from(buildings).where(inArray(buildings.id, input.buildings))
      : [];
    const missingBuildings = input.buildings.filter((id) => !buildingRows.some((b) => b.id === id));
    const errors: NonNullable<AppError['fieldErrors']> = {};
    if (missingRoles.length) errors.roles = missingRoles.map((name) => ['validation.unknown_role', { name }]);
    if (missingBuildings.length)
      errors.buildings = missingBuildings.map((id) => ['validation.unknown_building', { id }]);
    if (Object.keys(errors).length) throw invalid(errors);
    return { roleIds: roleRows.map((r) => r.id), buildingIds: [...new Set(input.buildings)] };
  }

  async function emailTaken(tx: Tx | Db, email: string, exceptId?: number) {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(sql`lower(${users.email}) = lower(${email})`, live, exceptId ? sql`${users.id} <> ${exceptId}` : undefined),
      )
      .limit(1);
    return Boolean(row);
  }

  const emailError = () => invalid({ email: ['validation.email_taken'] });

  async function replaceLinks(tx: Tx, userId: number, links: { roleIds?: number[]; buildingIds?: number[] }) {
    if (links.roleIds) {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (links.roleIds.length) await tx.insert(userRoles).values(links.roleIds.map((roleId) => ({ userId, roleId })));
    }
    if (links.buildingIds) {
      await tx.delete(userBuildings).where(eq(userBuildings.userId, userId));
      if (links.buildingIds.length)
        await tx.insert(userBuildings).values(links.buildingIds.map((buildingId) => ({ userId, buildingId })));
    }
  }

  async function create(input: UserInput & { passwordHash: string }) {
    try {
      const id = await db.transaction(async (tx) => {
        if (await emailTaken(tx, input.email)) throw emailError();
        const links = await resolveLinks(tx, input);
        const [row] = await tx
          .insert(users)
          .values({
            fullName: input.full_name,
            email: input.email,
            phone: input.phone || null,
            active: input.active,
            passwordHash: input.passwordHash,
            avatarPath: input.avatarPath ?? null,
          })
          .returning({ id: users.id });
        await replaceLinks(tx, row.id, links);
        return row.id;
      });
      return get(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailError();
      throw error;
    }
  }

  /** Partial update: only the fields given change; roles and buildings are replaced when given. */
  async function update(id: number, input: Partial<UserInput>) {
    try {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, id), live))
          .for('update');
        if (!current) throw new AppError(404, 'server.not_found');
        if (input.email !== undefined && (await emailTaken(tx, input.email, id))) throw emailError();
        const links = await resolveLinks(tx, { roles: input.roles ?? [], buildings: input.buildings ?? [] });
        await tx
          .update(users)
          .set({
            ...(input.full_name !== undefined && { fullName: input.full_name }),
            ...(input.email !== undefined && { email: input.email }),
            ...(input.phone !== undefined && { phone: input.phone || null }),
            ...(input.active !== undefined && { active: input.active }),
            ...(input.passwordHash !== undefined && { passwordHash: input.passwordHash }),
            ...(input.avatarPath !== undefined && { avatarPath: input.avatarPath }),
            ...(input.otp_channel !== undefined && { otpChannel: input.otp_channel }),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id));
        await replaceLinks(tx, id, {
          roleIds: input.roles !== undefined ? links.roleIds : undefined,
          buildingIds: input.buildings !== undefined ? links.buildingIds : undefined,
        });
        if (input.active === false || input.passwordHash !== undefined) {
          await tx
            .update(sessions)
            .set({ revokedAt: new Date() })
            .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
        }
      });
      return get(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailError();
      throw error;
    }
  }

  /** Users are kept for the history they own: deleting one hides it, disables it and ends its sessions. */
  async function remove(id: number) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ deletedAt: new Date(), active: false })
        .where(and(eq(users.id, id), live))
        .returning({ id: users.id });
      if (!row) throw new AppError(404, 'server.not_found');
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    });
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

  return { get, find, list, latest, create, update, remove, me, emailTaken };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
