import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isPermission, PERMISSION_GROUPS, type Permission } from '../../../domain/permissions';
import type { Db } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { rolePermissions, roles, userRoles, users } from '../../db/schema';
import { AppError, conflict, invalid, isUniqueViolation } from '../../core/errors';

export function createRolesRepository(db: Db) {
  async function list() {
    const rows = await db
      .select({
        id: roles.id,
        name: roles.name,
        built_in: roles.builtIn,
        // roles.id spelled out: drizzle renders ${roles.id} as a bare "id", which the subquery would take as u.id.
        permissions: sql<
          string[]
        >`coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = roles.id), '{}')`,
        users_count: sql<number>`(select cast(count(*) as integer) from user_roles ur join users u on u.id = ur.user_id where ur.role_id = roles.id and u.deleted_at is null)`,
      })
      .from(roles)
      .orderBy(asc(roles.id));
    return rows;
  }

  const catalogue = () =>
    Object.entries(PERMISSION_GROUPS).flatMap(([group, names]) => names.map((name) => ({ name, group })));

  /** Every permission the named roles carry: a user may hand out only roles whose rights they hold themselves. */
  async function permissionsOf(names: readonly string[]): Promise<string[]> {
    if (!names.length) return [];
    const rows = await db
      .selectDistinct({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(inArray(roles.name, [...names]));
    return rows.map((r) => r.permission);
  }

  /**
   * POST /role-permission/roles:
   * with an id it renames the role and replaces its permissions, without one it creates it.
   */
  async function save(input: { id?: number; name: string; permissions: string[] }, record: RecordWrite) {
    const unknown = input.permissions.filter((p) => !isPermission(p));
    if (unknown.length)
      throw invalid({ permissions: unknown.map((name) => ['validation.unknown_permission', { name }]) });
    const permissions = [...new Set(input.permissions)] as Permission[];
    try {
      const id = await db.transaction(async (tx) => {
        let roleId = input.id;
        // names differ by more than case: 'Sales' and 'sales' would read as one role on every screen
        const [twin] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(sql`lower(${roles.name}) = lower(${input.name})`, roleId ? ne(roles.id, roleId) : undefined));
        if (twin) throw invalid({ name: ['validation.role_taken'] });
        if (roleId) {
          const [current] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('update');
          if (!current) throw new AppError(404, 'server.not_found');
          if (current.builtIn && current.name !== input.name) throw invalid({ name: ['validation.invalid_value'] });
          if (current.builtIn && current.name === 'admin') throw conflict('server.role_builtin');
          await tx.update(roles).set({ name: input.name, updatedAt: new Date() }).where(eq(roles.id, roleId));
          await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
        } else {
          [{ id: roleId }] = await tx.insert(roles).values({ name: input.name }).returning({ id: roles.id });
        }
        if (permissions.length)
          await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: roleId!, permission })));
        await record(tx, { recordId: roleId!, buildingId: null });
        return roleId!;
      });
      return (await list()).find((r) => r.id === id)!;
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid({ name: ['validation.role_taken'] });
      throw error;
    }
  }

  async function remove(id: number, record: RecordWrite) {
    await db.transaction(async (tx) => {
      const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
      if (!role) throw new AppError(404, 'server.not_found');
      if (role.builtIn && role.name === 'admin') throw conflict('server.role_builtin');
      // Only users still in the list count (as users_count shows); deleted users' links to the role go with it.
      const [assigned] = await tx
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(userRoles.roleId, id), isNull(users.deletedAt)));
      if (assigned.n > 0) throw conflict('server.role_in_use');
      await tx.delete(userRoles).where(eq(userRoles.roleId, id));
      await tx.delete(roles).where(eq(roles.id, id));
      await record(tx, { recordId: id, buildingId: null });
    });
  }

  return { list, catalogue, permissionsOf, save, remove };
}
