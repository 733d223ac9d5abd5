import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { buildings, roles, sessions, userBuildings, userRoles, users } from '../../db/schema';
import type { RecordWrite } from '../../core/activityLog';
import { AppError, invalid, isUniqueViolation } from '../../core/errors';

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

/** A user not deleted. */
export const live = isNull(users.deletedAt);

/**
 * Creating, changing and deleting users, each in one transaction that records itself last; `present` answers the
 * user as every users call shows it.
 */
export function createUserWrites<T>(db: Db, present: (id: number) => Promise<T>) {
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

  async function create(input: UserInput & { passwordHash: string }, record: RecordWrite) {
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
        await record(tx, { recordId: row.id, buildingId: null });
        return row.id;
      });
      return present(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailError();
      throw error;
    }
  }

  /** Partial update: only the fields given change; roles and buildings are replaced when given. */
  async function update(id: number, input: Partial<UserInput>, record: RecordWrite) {
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
        await record(tx, { recordId: id, buildingId: null, before: current });
      });
      return present(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailError();
      throw error;
    }
  }

  /** Users are kept for the history they own: deleting one hides it, disables it and ends its sessions. */
  async function remove(id: number, record: RecordWrite) {
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
      await record(tx, { recordId: id, buildingId: null });
    });
  }

  return { create, update, remove, emailTaken };
}
