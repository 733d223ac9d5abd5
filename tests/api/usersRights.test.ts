import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { verifyPassword } from '../../server/core/crypto';
import { DEFAULT_ROLE_PERMISSIONS } from '../../domain/permissions';
import { activityLogs } from '../../server/db/schema';
import { createStaff, multipart, PNG, STAFF_PASSWORD } from './harness';

import {
  t,
  adminToken,
  adminId,
  buildingIds,
  db,
  userByEmail,
  rolesOf,
  lastLog,
  logCount,
  get,
  send,
  sendForm,
  newEmail,
  createUser,
  useUsersAccountFixtures,
} from './usersAccountFixtures';

useUsersAccountFixtures();

describe('the users list by role', () => {
  it('filters by role name', async () => {
    const holder = await createUser({ roles: ['booking_registrar'] });
    const res = await get('/api/users?role=booking_registrar&perpage=50');
    expect(res.statusCode).toBe(200);
    const emails = res
      .json()
      .data.map((u: { email: string }) => u.email)
      .sort();
    expect(emails).toEqual(['booking_registrar@demo.ge', holder.email].sort());
    for (const u of res.json().data) expect(u.roles).toContain('booking_registrar');
    expect((await get('/api/users?role=nobody-has-this')).json().data).toEqual([]);
  });
});

describe('what the signed-in user may do', () => {
  it('GET /users/user-permissions answers the permissions, roles and buildings of the caller', async () => {
    const token = await t.signIn('sales_manager@demo.ge');
    const res = await get('/api/users/user-permissions', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      permissions: [...DEFAULT_ROLE_PERMISSIONS.sales_manager].sort(),
      roles: ['sales_manager'],
      buildings: [buildingIds[0]],
    });
  });
});

describe('my profile', () => {
  it('POST /users/me as a form with _method=PUT changes my name and avatar, and nothing else', async () => {
    const me = await createStaff(t, adminToken, { permissions: ['view_users'] });
    const nameBefore = (await userByEmail(me.email)).fullName;
    const form = multipart(
      { _method: 'PUT', full_name: 'ახალი სახელი', 'roles[]': 'admin', active: 'false' },
      { avatar: { filename: 'me.png', type: 'image/png', data: PNG } },
    );
    const res = await sendForm('/api/users/me', form, me.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Record updated successfully');

    const profile = (await get('/api/user', me.token)).json().data;
    expect(profile.full_name).toBe('ახალი სახელი');
    expect(profile.avatar_url).toMatch(/^\/api\/files\/avatars\//);
    expect((await t.app.inject({ method: 'GET', url: profile.avatar_url })).rawPayload.equals(PNG)).toBe(true);
    expect(profile.roles).not.toContain('admin');
    expect(profile.active).toBe(true);
    const row = await userByEmail(me.email);
    expect(row.fullName).toBe('ახალი სახელი');
    expect(row.active).toBe(true);
    expect(await rolesOf(me.id)).not.toContain('admin');

    const log = await lastLog();
    expect(log).toMatchObject({ userId: me.id, action: 'update', recordType: 'users', recordId: String(me.id) });
    // the profile's own line keeps the name it replaced
    expect(log).toMatchObject({ buildingId: null, oldValues: { full_name: nameBefore } });
  });

  it('PUT /users/me/update-password refuses a wrong current password on its field', async () => {
    const me = await createStaff(t, adminToken, { permissions: [] });
    const res = await send(
      'PUT',
      '/api/users/me/update-password',
      { current_password: 'not-my-password', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      me.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['the current password is wrong'] });
    expect(await verifyPassword(STAFF_PASSWORD, (await userByEmail(me.email)).passwordHash)).toBe(true);

    const short = await send(
      'PUT',
      '/api/users/me/update-password',
      { current_password: STAFF_PASSWORD, password: 'short' },
      me.token,
    );
    expect(short.json().errors).toEqual({ password: ['min. 8 characters'] });
    const differ = await send(
      'PUT',
      '/api/users/me/update-password',
      { current_password: STAFF_PASSWORD, password: 'long-enough-1', password_confirmation: 'long-enough-2' },
      me.token,
    );
    expect(differ.json().errors).toEqual({ password_confirmation: ['the passwords do not match'] });
  });

  it('a changed password signs in, the old one no longer does, and only my other sessions end', async () => {
    const me = await createStaff(t, adminToken, { permissions: [] });
    const other = await t.signIn(me.email, STAFF_PASSWORD);
    const res = await send(
      'PUT',
      '/api/users/me/update-password',
      { current_password: STAFF_PASSWORD, password: 'changed-pass-9', password_confirmation: 'changed-pass-9' },
      me.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Record updated successfully');

    expect((await get('/api/user', me.token)).statusCode).toBe(200);
    expect((await get('/api/user', other)).statusCode).toBe(401);
    // Someone else's session is not touched.
    expect((await get('/api/user', adminToken)).statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/pre-auth',
      payload: { email: me.email, password: STAFF_PASSWORD },
    });
    expect(old.statusCode).toBe(422);
    expect(await t.signIn(me.email, 'changed-pass-9')).toBeTruthy();
  });
});

describe('the activity log of user writes', () => {
  it('records who did what to which user, with the fields sent and never a password', async () => {
    const email = newEmail('logged');
    const created = await sendForm(
      '/api/users',
      multipart(
        { full_name: 'Logged Person', email, password: 'logged-secret-77', 'roles[]': 'accountant' },
        { avatar: { filename: 'log.png', type: 'image/png', data: PNG } },
      ),
    );
    const id = created.json().data.id as number;
    const createLog = await lastLog();
    expect(createLog).toMatchObject({
      userId: adminId,
      action: 'create',
      method: 'POST',
      recordType: 'users',
      recordId: String(id),
      statusCode: 201,
      buildingId: null,
      oldValues: null,
    });
    expect(createLog.changes).toMatchObject({
      full_name: 'Logged Person',
      email,
      roles: ['accountant'],
      avatar: ['log.png'],
    });
    expect(JSON.stringify(createLog.changes)).not.toContain('logged-secret-77');

    await send('PUT', `/api/users/${id}`, { full_name: 'Logged Renamed', password: 'logged-secret-88' });
    const updateLog = await lastLog();
    expect(updateLog).toMatchObject({ userId: adminId, action: 'update', recordType: 'users', recordId: String(id) });
    expect(updateLog).toMatchObject({ buildingId: null, oldValues: { full_name: 'Logged Person' } });
    expect(updateLog.changes).toMatchObject({ full_name: 'Logged Renamed' });
    expect(JSON.stringify(updateLog.changes)).not.toContain('logged-secret-88');

    const token = await t.signIn(email, 'logged-secret-88');
    await send(
      'PUT',
      '/api/users/me/update-password',
      { current_password: 'logged-secret-88', password: 'logged-secret-99' },
      token,
    );
    const passwordLog = await lastLog();
    expect(passwordLog).toMatchObject({ userId: id, action: 'update', recordType: 'users', recordId: String(id) });
    expect(passwordLog).toMatchObject({ buildingId: null, oldValues: null, statusCode: 200 });
    expect(JSON.stringify(passwordLog.changes)).not.toMatch(/logged-secret/);

    await send('DELETE', `/api/users/${id}`);
    const deleteLog = await lastLog();
    expect(deleteLog).toMatchObject({
      userId: adminId,
      action: 'delete',
      method: 'DELETE',
      recordType: 'users',
      recordId: String(id),
      buildingId: null,
    });

    const trail = await db()
      .select({ action: activityLogs.action })
      .from(activityLogs)
      .where(and(eq(activityLogs.recordType, 'users'), eq(activityLogs.recordId, String(id))))
      .orderBy(activityLogs.id);
    expect(trail.map((l) => l.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('records nothing for a write that was refused', async () => {
    const before = await logCount();
    await send('POST', '/api/users', { full_name: 'x', email: 'bad', password: 'y' });
    await send('DELETE', `/api/users/${adminId}`);
    await send('PUT', '/api/users/999999', { full_name: 'Nobody' });
    expect(await logCount()).toBe(before);
  });
});
