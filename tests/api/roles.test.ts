import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_GROUPS, PERMISSIONS, ROLE_NAMES } from '../../domain/permissions';
import { translate } from '../../i18n';
import { activityLogs, rolePermissions, roles, userRoles, users } from '../../server/db/schema';
import { createStaff, startTestApp, type TestApp } from './harness';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'GET', url, headers: t.as(token, locale) });
const saveRole = (payload: object, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/role-permission/roles', payload, headers: t.as(token, locale) });
const deleteRole = (id: number, token = adminToken, locale = 'en') =>
  t.app.inject({ method: 'DELETE', url: `/api/role-permission/roles/${id}`, headers: t.as(token, locale) });
const roleRow = async (name: string) => (await db().select().from(roles).where(eq(roles.name, name)))[0];
const storedPermissions = async (roleId: number) =>
  (await db().select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((r) => r.permission).sort();
type RoleAnswer = { id: number; name: string; built_in: boolean; permissions: string[]; users_count: number };
const listRoles = async (token = adminToken) =>
  (await get('/api/role-permission/roles', token)).json().data as RoleAnswer[];

describe('the permission catalogue', () => {
  it('lists every permission the product knows, each with its group, in the grid order', async () => {
    const res = await get('/api/role-permission/permissions');
    expect(res.statusCode).toBe(200);
    const expected = Object.entries(PERMISSION_GROUPS).flatMap(([group, names]) =>
      names.map((name) => ({ name, group })),
    );
    expect(res.json().data).toEqual(expected);
    expect(
      res
        .json()
        .data.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual([...PERMISSIONS].sort());
    expect(res.json().data).toContainEqual({ name: 'delete_users', group: 'users' });
    expect(res.json().data).toContainEqual({ name: 'all_buildings_access', group: 'buildings' });
  });
});

describe('the roles list', () => {
  it('shows the six built-in roles with their default permissions and how many users hold each', async () => {
    const list = await listRoles();
    for (const name of ROLE_NAMES) {
      const role = list.find((r) => r.name === name);
      expect(role, name).toBeDefined();
      expect(role!.built_in).toBe(true);
      expect(role!.permissions, name).toEqual([...DEFAULT_ROLE_PERMISSIONS[name]].sort());
      expect(role!.users_count, name).toBe(1);
    }
  });

  it('counts a role’s users as they are given it and as they are deleted', async () => {
    const before = (await listRoles()).find((r) => r.name === 'client_manager')!.users_count;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.as(adminToken),
      payload: {
        full_name: 'Counted Colleague',
        email: 'counted@demo.ge',
        password: 'counted-pass',
        roles: ['client_manager'],
      },
    });
    expect(created.statusCode).toBe(201);
    expect((await listRoles()).find((r) => r.name === 'client_manager')!.users_count).toBe(before + 1);
    await t.app.inject({ method: 'DELETE', url: `/api/users/${created.json().data.id}`, headers: t.as(adminToken) });
    expect((await listRoles()).find((r) => r.name === 'client_manager')!.users_count).toBe(before);
  });
});

describe('creating and changing a role', () => {
  it('creates a role with permissions, then renames it and replaces its permissions by the same call', async () => {
    const created = await saveRole({
      name: 'გაყიდვების ასისტენტი',
      permissions: ['view_sales', 'view_customers', 'view_customers'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().data as RoleAnswer;
    expect(role).toMatchObject({
      name: 'გაყიდვების ასისტენტი',
      built_in: false,
      permissions: ['view_customers', 'view_sales'],
      users_count: 0,
    });
    expect(await storedPermissions(role.id)).toEqual(['view_customers', 'view_sales']);

    const renamed = await saveRole({ id: role.id, name: 'Sales assistant', permissions: ['view_sales', 'add_sales'] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      id: role.id,
      name: 'Sales assistant',
      permissions: ['add_sales', 'view_sales'],
    });
    expect((await db().select().from(roles).where(eq(roles.id, role.id)))[0].name).toBe('Sales assistant');
    expect(await storedPermissions(role.id)).toEqual(['add_sales', 'view_sales']);
    expect(await roleRow('გაყიდვების ასისტენტი')).toBeUndefined();

    const emptied = await saveRole({ id: role.id, name: 'Sales assistant', permissions: [] });
    expect(emptied.statusCode).toBe(200);
    expect(await storedPermissions(role.id)).toEqual([]);
    expect((await listRoles()).find((r) => r.id === role.id)).toMatchObject({
      name: 'Sales assistant',
      permissions: [],
    });
  });

  it('refuses a name another role already has, on the name field, in the asked language', async () => {
    const count = await db().$count(roles);
    const taken = await saveRole({ name: 'accountant', permissions: ['view_sales'] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['a role with this name already exists'] });
    const ru = await saveRole({ name: 'accountant', permissions: [] }, adminToken, 'ru');
    expect(ru.json().errors.name).toEqual([translate('ru', 'validation.role_taken')]);
    expect(await db().$count(roles)).toBe(count);

    const mine = (await saveRole({ name: 'Renamer', permissions: [] })).json().data as RoleAnswer;
    const clash = await saveRole({ id: mine.id, name: 'sales_manager', permissions: ['view_sales'] });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ name: ['a role with this name already exists'] });
    expect((await db().select().from(roles).where(eq(roles.id, mine.id)))[0].name).toBe('Renamer');
    expect(await storedPermissions(mine.id)).toEqual([]);

    // names that differ only by case are one name; a role may change the case of its own
    const shouting = await saveRole({ name: 'Accountant', permissions: [] });
    expect(shouting.statusCode).toBe(422);
    expect(shouting.json().errors).toEqual({ name: ['a role with this name already exists'] });
    expect(await db().$count(roles)).toBe(count + 1);
    const recased = await saveRole({ id: mine.id, name: 'RENAMER', permissions: [] });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('refuses a permission the product does not know, naming it, and writes nothing', async () => {
    const count = await db().$count(roles);
    const res = await saveRole({ name: 'Flyers', permissions: ['view_sales', 'fly_to_the_moon'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ permissions: ['unknown permission: fly_to_the_moon'] });
    expect(await roleRow('Flyers')).toBeUndefined();
    expect(await db().$count(roles)).toBe(count);
  });

  it('refuses a missing name and keeps the built-in role names fixed', async () => {
    expect((await saveRole({ name: '  ', permissions: [] })).json().errors).toEqual({ name: ['required field'] });
    const accountant = await roleRow('accountant');
    const rename = await saveRole({
      id: accountant.id,
      name: 'bookkeeper',
      permissions: [...DEFAULT_ROLE_PERMISSIONS.accountant],
    });
    expect(rename.statusCode).toBe(422);
    expect(Object.keys(rename.json().errors)).toEqual(['name']);
    expect((await roleRow('accountant')).id).toBe(accountant.id);
    expect(await roleRow('bookkeeper')).toBeUndefined();
    expect((await saveRole({ id: 999999, name: 'Nowhere', permissions: [] })).statusCode).toBe(404);
  });

  it('lets nobody grant a permission they do not hold themselves', async () => {
    const manager = await createStaff(t, adminToken, {
      permissions: ['view_role_permissions', 'add_role_permissions', 'edit_role_permissions', 'view_users'],
      role: 'role managers',
    });
    const grant = await saveRole({ name: 'Deleters', permissions: ['view_users', 'delete_users'] }, manager.token);
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('You do not have permission for this action');
    expect(await roleRow('Deleters')).toBeUndefined();

    // Within their own rights they may create and edit roles.
    const viewers = await saveRole({ name: 'Viewers', permissions: ['view_users'] }, manager.token);
    expect(viewers.statusCode, viewers.body).toBe(201);
    const id = viewers.json().data.id as number;
    const widen = await saveRole({ id, name: 'Viewers', permissions: ['view_users', 'delete_users'] }, manager.token);
    expect(widen.statusCode).toBe(403);
    expect(await storedPermissions(id)).toEqual(['view_users']);

    // Nor may they raise their own role above themselves.
    const self = await saveRole(
      {
        id: manager.roleId,
        name: 'role managers',
        permissions: [
          'view_role_permissions',
          'add_role_permissions',
          'edit_role_permissions',
          'view_users',
          'delete_users',
        ],
      },
      manager.token,
    );
    expect(self.statusCode).toBe(403);
    expect(await storedPermissions(manager.roleId)).not.toContain('delete_users');
  });

  it('lets nobody change a role that carries rights they do not hold, such as the admin role', async () => {
    const manager = await createStaff(t, adminToken, {
      permissions: ['view_role_permissions', 'add_role_permissions', 'edit_role_permissions'],
    });
    const admin = await roleRow('admin');
    const strip = await saveRole({ id: admin.id, name: 'admin', permissions: [] }, manager.token);
    expect(strip.statusCode).toBe(403);
    expect(await storedPermissions(admin.id)).toEqual([...PERMISSIONS].sort());
    expect((await get('/api/user')).json().data.permissions).toContain('delete_role_permissions');

    const accountant = await roleRow('accountant');
    const narrowed = await saveRole(
      { id: accountant.id, name: 'accountant', permissions: ['view_role_permissions'] },
      manager.token,
    );
    expect(narrowed.statusCode).toBe(403);
    expect(await storedPermissions(accountant.id)).toEqual([...DEFAULT_ROLE_PERMISSIONS.accountant].sort());
  });

  it('needs add_role_permissions to create and edit_role_permissions to change', async () => {
    const adder = await createStaff(t, adminToken, {
      permissions: ['view_role_permissions', 'add_role_permissions', 'view_sales'],
    });
    const made = await saveRole({ name: 'Made By Adder', permissions: ['view_sales'] }, adder.token);
    expect(made.statusCode).toBe(201);
    expect(
      (await saveRole({ id: made.json().data.id, name: 'Changed By Adder', permissions: [] }, adder.token)).statusCode,
    ).toBe(403);
    expect(await roleRow('Made By Adder')).toBeDefined();

    const editor = await createStaff(t, adminToken, {
      permissions: ['view_role_permissions', 'edit_role_permissions', 'view_sales'],
    });
    expect((await saveRole({ name: 'Made By Editor', permissions: [] }, editor.token)).statusCode).toBe(403);
    expect(await roleRow('Made By Editor')).toBeUndefined();
    const changed = await saveRole(
      { id: made.json().data.id, name: 'Changed By Editor', permissions: [] },
      editor.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe('deleting a role', () => {
  it('deletes a role nobody holds, with its permissions', async () => {
    const role = (await saveRole({ name: 'Short-lived', permissions: ['view_sales', 'view_customers'] })).json()
      .data as RoleAnswer;
    const res = await deleteRole(role.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Record deleted successfully');
    expect(await db().select().from(roles).where(eq(roles.id, role.id))).toEqual([]);
    expect(await db().select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).toEqual([]);
    expect((await listRoles()).some((r) => r.id === role.id)).toBe(false);
    expect((await deleteRole(role.id)).statusCode).toBe(404);
  });

  it('refuses to delete a role that users hold, in the asked language, and keeps it', async () => {
    const holder = await createStaff(t, adminToken, { permissions: ['view_sales'], role: 'Held role' });
    const res = await deleteRole(holder.roleId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The role is assigned to users and cannot be deleted');
    const ka = await deleteRole(holder.roleId, adminToken, 'ka');
    expect(ka.json().message).toBe(translate('ka', 'server.role_in_use'));
    expect(ka.json().message).not.toBe(res.json().message);
    expect(await roleRow('Held role')).toBeDefined();
    expect(await storedPermissions(holder.roleId)).toEqual(['view_sales']);
    expect((await get('/api/user', holder.token)).json().data.roles).toEqual(['Held role']);
  });

  it('deletes a role whose only holder has been deleted, as the list’s count of zero promises', async () => {
    const holder = await createStaff(t, adminToken, { permissions: ['view_sales'], role: 'Left behind' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${holder.id}`, headers: t.as(adminToken) })).statusCode,
    ).toBe(200);
    expect((await listRoles()).find((r) => r.id === holder.roleId)!.users_count).toBe(0);
    const res = await deleteRole(holder.roleId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleRow('Left behind')).toBeUndefined();
    // The deleted user's row is still there for the history it owns.
    expect((await db().select().from(users).where(eq(users.id, holder.id)))[0].deletedAt).not.toBeNull();
  });

  it('never deletes the admin role, even when nobody holds it', async () => {
    const keeper = await createStaff(t, adminToken, {
      permissions: ['view_role_permissions', 'delete_role_permissions'],
    });
    const admin = await roleRow('admin');
    const heldBy = await db().select().from(userRoles).where(eq(userRoles.roleId, admin.id));
    expect(heldBy.length).toBeGreaterThan(0);
    await db().delete(userRoles).where(eq(userRoles.roleId, admin.id));
    try {
      const res = await deleteRole(admin.id, keeper.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBeTruthy();
      expect(await roleRow('admin')).toBeDefined();
      expect(await storedPermissions(admin.id)).toEqual([...PERMISSIONS].sort());
    } finally {
      await db().insert(userRoles).values(heldBy).onConflictDoNothing();
    }
    expect((await deleteRole(admin.id)).statusCode).toBe(409);
    expect(await roleRow('admin')).toBeDefined();
  });

  it('is recorded in the activity log with the role id', async () => {
    const role = (await saveRole({ name: 'Logged role', permissions: ['view_sales'] })).json().data as RoleAnswer;
    expect((await saveRole({ id: role.id, name: 'Logged role', permissions: [] })).statusCode).toBe(200);
    await deleteRole(role.id);
    const rows = await db()
      .select()
      .from(activityLogs)
      .where(inArray(activityLogs.recordId, [String(role.id)]))
      .orderBy(activityLogs.id);
    const lines = rows.filter((r) => r.recordType === 'roles');
    // a save naming its role is a POST like a new one: the line says create, as it always has
    expect(lines.map((r) => [r.action, r.statusCode, r.buildingId, r.oldValues])).toEqual([
      ['create', 201, null, null],
      ['create', 200, null, null],
      ['delete', 200, null, null],
    ]);
  });
});

describe('a permission given to a role', () => {
  it('reaches the users who hold it on their very next call', async () => {
    const user = await createStaff(t, adminToken, { permissions: ['view_sales'], role: 'Growing role' });
    expect((await get('/api/users', user.token)).statusCode).toBe(403);
    const before = (await get('/api/user', user.token)).json().data.permissions;
    expect(before).toEqual(['view_sales']);

    expect(
      (await saveRole({ id: user.roleId, name: 'Growing role', permissions: ['view_sales', 'view_users'] })).statusCode,
    ).toBe(200);
    expect((await get('/api/user', user.token)).json().data.permissions).toEqual(['view_sales', 'view_users']);
    expect((await get('/api/users', user.token)).statusCode).toBe(200);

    expect((await saveRole({ id: user.roleId, name: 'Growing role', permissions: [] })).statusCode).toBe(200);
    expect((await get('/api/user', user.token)).json().data.permissions).toEqual([]);
    expect((await get('/api/users', user.token)).statusCode).toBe(403);
  });
});
