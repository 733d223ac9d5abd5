import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createStaff, multipart, PNG } from './harness';

import {
  t,
  adminToken,
  adminId,
  buildingIds,
  db,
  userByEmail,
  rolesOf,
  buildingsOf,
  lastLog,
  storedFiles,
  get,
  send,
  sendForm,
  newEmail,
  createUser,
  useUsersAccountFixtures,
} from './usersAccountFixtures';

useUsersAccountFixtures();

describe('editing a user', () => {
  it('PUT with JSON changes only the fields sent', async () => {
    const user = await createUser({ roles: ['accountant'], buildings: [buildingIds[0]], phone: '+995 500 00 00 01' });
    const res = await send('PUT', `/api/users/${user.id}`, {
      full_name: 'Renamed By PUT',
      roles: ['client_manager', 'booking_registrar'],
      buildings: [buildingIds[2]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      full_name: 'Renamed By PUT',
      email: user.email,
      phone: '+995 500 00 00 01',
      roles: ['booking_registrar', 'client_manager'],
      buildings: [buildingIds[2]],
    });
    const row = await userByEmail(user.email);
    expect(row.fullName).toBe('Renamed By PUT');
    expect(await rolesOf(user.id)).toEqual(['booking_registrar', 'client_manager']);
    expect(await buildingsOf(user.id)).toEqual([buildingIds[2]]);

    // Roles and buildings left out stay as they were; empty lists clear them.
    await send('PUT', `/api/users/${user.id}`, { phone: '' });
    expect(await rolesOf(user.id)).toEqual(['booking_registrar', 'client_manager']);
    expect((await userByEmail(user.email)).phone).toBeNull();
    await send('PUT', `/api/users/${user.id}`, { roles: [], buildings: [] });
    expect(await rolesOf(user.id)).toEqual([]);
    expect(await buildingsOf(user.id)).toEqual([]);
  });

  it('POST with _method=PUT in JSON does the same as PUT', async () => {
    const user = await createUser();
    const res = await send('POST', `/api/users/${user.id}`, {
      _method: 'PUT',
      full_name: 'Renamed By Override',
      roles: ['sales_manager'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userByEmail(user.email)).fullName).toBe('Renamed By Override');
    expect(await rolesOf(user.id)).toEqual(['sales_manager']);
    const log = await lastLog();
    expect(log).toMatchObject({
      action: 'update',
      method: 'PUT',
      recordType: 'users',
      recordId: String(user.id),
      userId: adminId,
    });
    expect(log.changes).not.toHaveProperty('_method');
  });

  it('POST with _method=PUT in a form changes fields, replaces the avatar and removes the old file', async () => {
    const user = await createUser();
    const first = await sendForm(
      `/api/users/${user.id}`,
      multipart(
        { _method: 'PUT', full_name: 'Form Renamed' },
        { avatar: { filename: 'one.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(first.statusCode, first.body).toBe(200);
    const firstPath = (await userByEmail(user.email)).avatarPath!;
    expect(fs.existsSync(path.join(t.config.filesDir, firstPath))).toBe(true);

    const second = await sendForm(
      `/api/users/${user.id}`,
      multipart(
        { _method: 'put', 'roles[]': ['accountant'], 'buildings[]': [String(buildingIds[1])], active: 'true' },
        { avatar: { filename: 'two.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(second.statusCode, second.body).toBe(200);
    const row = await userByEmail(user.email);
    expect(row.fullName).toBe('Form Renamed');
    expect(row.avatarPath).not.toBe(firstPath);
    expect(fs.existsSync(path.join(t.config.filesDir, firstPath))).toBe(false);
    expect(await rolesOf(user.id)).toEqual(['accountant']);
    expect(await buildingsOf(user.id)).toEqual([buildingIds[1]]);

    const removed = await sendForm(`/api/users/${user.id}`, multipart({ _method: 'PUT', remove_avatar: 'true' }));
    expect(removed.json().data.avatar_url).toBeNull();
    expect(fs.existsSync(path.join(t.config.filesDir, row.avatarPath!))).toBe(false);
  });

  it('POST to a user without _method is refused and changes nothing', async () => {
    const user = await createUser({ full_name: 'Stays The Same' });
    for (const payload of [{ full_name: 'Changed?' }, { full_name: 'Changed?', _method: 'DELETE' }]) {
      const res = await send('POST', `/api/users/${user.id}`, payload);
      expect([404, 405]).toContain(res.statusCode);
      expect(res.json().message).toBeTruthy();
    }
    const form = await sendForm(`/api/users/${user.id}`, multipart({ full_name: 'Changed?' }));
    expect([404, 405]).toContain(form.statusCode);
    expect((await userByEmail(user.email)).fullName).toBe('Stays The Same');
  });

  it("refuses another user's email on update, whatever its case", async () => {
    const user = await createUser();
    const filesBefore = storedFiles();
    const res = await send('PUT', `/api/users/${user.id}`, { email: 'Accountant@Demo.ge' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['this email is already used by another user']);
    expect((await userByEmail(user.email)).id).toBe(user.id);
    // The same refusal through the form, with a new avatar: the picture is not kept either.
    const form = await sendForm(
      `/api/users/${user.id}`,
      multipart(
        { _method: 'PUT', email: 'accountant@demo.ge' },
        { avatar: { filename: 'x.png', type: 'image/png', data: PNG } },
      ),
    );
    expect(form.statusCode).toBe(422);
    expect((await userByEmail(user.email)).avatarPath).toBeNull();
    expect(storedFiles()).toEqual(filesBefore);
    // Keeping one's own email in another case is not a clash.
    expect((await send('PUT', `/api/users/${user.id}`, { email: user.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('a new password set by the admin signs in, and ends the sessions the user had', async () => {
    const user = await createUser({ password: 'first-pass-1' });
    const token = await t.signIn(user.email, 'first-pass-1');
    expect((await send('PUT', `/api/users/${user.id}`, { password: 'second-pass-2' })).statusCode).toBe(200);
    expect((await get('/api/user', token)).statusCode).toBe(401);
    expect(await t.signIn(user.email, 'second-pass-2')).toBeTruthy();
    // An empty password in the form means "keep it".
    expect((await send('PUT', `/api/users/${user.id}`, { password: '', full_name: 'Keeps Password' })).statusCode).toBe(
      200,
    );
    expect(await t.signIn(user.email, 'second-pass-2')).toBeTruthy();
  });

  it('deactivating a user ends their sessions at once and keeps them from signing in', async () => {
    const user = await createUser({ password: 'active-pass-1' });
    const token = await t.signIn(user.email, 'active-pass-1');
    expect((await get('/api/user', token)).statusCode).toBe(200);
    const res = await send('PUT', `/api/users/${user.id}`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.active).toBe(false);
    const after = await get('/api/user', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Please sign in');
    const pre = await t.app.inject({
      method: 'POST',
      url: '/api/pre-auth',
      payload: { email: user.email, password: 'active-pass-1' },
      headers: { 'content-language': 'en' },
    });
    expect(pre.statusCode).toBe(403);
    expect(pre.json().message).toBe('This account is disabled');
  });

  it('an admin cannot deactivate their own account', async () => {
    const res = await send('PUT', `/api/users/${adminId}`, { active: false });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['active']);
    expect((await userByEmail('admin@demo.ge')).active).toBe(true);
    expect((await get('/api/user')).statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await send('PUT', '/api/users/999999', { full_name: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('deleting a user', () => {
  it('hides the user from the list, ends their sessions, stops their sign-in and frees the email', async () => {
    const user = await createUser({ password: 'doomed-pass-1', roles: ['client_manager'] });
    const token = await t.signIn(user.email, 'doomed-pass-1');
    const res = await send('DELETE', `/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Record deleted successfully');

    const list = await get(`/api/users?query=${encodeURIComponent(user.email)}`);
    expect(list.json().data).toEqual([]);
    expect((await get('/api/users?perpage=0')).json().data.some((u: { id: number }) => u.id === user.id)).toBe(false);
    expect((await get(`/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await get('/api/user', token)).statusCode).toBe(401);
    const pre = await t.app.inject({
      method: 'POST',
      url: '/api/pre-auth',
      payload: { email: user.email, password: 'doomed-pass-1' },
      headers: { 'content-language': 'en' },
    });
    expect(pre.statusCode).toBe(422);
    expect(pre.json().message).toBe('Wrong email or password');

    // The row stays for the history it owns, marked deleted.
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).not.toBeNull();
    expect(row.active).toBe(false);

    // Deleting again finds nothing; the address can be given to a new colleague.
    expect((await send('DELETE', `/api/users/${user.id}`)).statusCode).toBe(404);
    const again = await send('POST', '/api/users', {
      full_name: 'Successor',
      email: user.email,
      password: 'successor-1',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).not.toBe(user.id);
  });

  it('refuses to delete your own account', async () => {
    const res = await send('DELETE', `/api/users/${adminId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot delete your own account');
    expect((await userByEmail('admin@demo.ge')).deletedAt).toBeNull();
  });
});

describe('handing out roles', () => {
  it('a user who may edit users but is not an admin cannot make anyone an admin, themselves included', async () => {
    const editor = await createStaff(t, adminToken, {
      permissions: ['view_users', 'add_users', 'edit_users'],
      role: 'user editors',
    });
    const colleague = await createUser({ roles: [] });

    const self = await send('PUT', `/api/users/${editor.id}`, { roles: ['admin'] }, editor.token);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You do not have permission for this action');
    const other = await send('PUT', `/api/users/${colleague.id}`, { roles: ['admin'] }, editor.token);
    expect(other.statusCode).toBe(403);
    const viaOverride = await send(
      'POST',
      `/api/users/${colleague.id}`,
      { _method: 'PUT', roles: ['accountant'] },
      editor.token,
    );
    expect(viaOverride.statusCode).toBe(403);
    const email = newEmail('would-be-admin');
    const created = await send(
      'POST',
      '/api/users',
      { full_name: 'Would Be Admin', email, password: 'wannabe-pass', roles: ['admin'] },
      editor.token,
    );
    expect(created.statusCode).toBe(403);

    expect(await rolesOf(editor.id)).toEqual(['user editors']);
    expect(await rolesOf(colleague.id)).toEqual([]);
    expect(await userByEmail(email)).toBeUndefined();

    // A role made only of rights the editor holds can be handed out.
    const ok = await send(
      'PUT',
      `/api/users/${colleague.id}`,
      { roles: ['user editors'], full_name: 'Fellow Editor' },
      editor.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rolesOf(colleague.id)).toEqual(['user editors']);
  });
});

describe('managing users above oneself', () => {
  it("a user editor cannot take over the admin's account: no new password, email, deactivation, deletion", async () => {
    const editor = await createStaff(t, adminToken, { permissions: ['view_users', 'edit_users', 'delete_users'] });
    const before = await userByEmail('admin@demo.ge');
    for (const change of [
      { password: 'taken-over-1' },
      { email: 'editor-owns-this@demo.ge' },
      { active: false },
      { roles: [] },
    ]) {
      const res = await send('PUT', `/api/users/${adminId}`, change, editor.token);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    expect((await send('DELETE', `/api/users/${adminId}`, undefined, editor.token)).statusCode).toBe(403);
    const after = await userByEmail('admin@demo.ge');
    expect(after).toMatchObject({
      email: before.email,
      passwordHash: before.passwordHash,
      active: true,
      deletedAt: null,
    });
    expect(await rolesOf(adminId)).toEqual(['admin']);
    expect((await get('/api/user')).statusCode).toBe(200);

    // A colleague whose rights the editor holds is theirs to manage.
    const colleague = await createStaff(t, adminToken, { permissions: ['view_users'] });
    expect(
      (await send('PUT', `/api/users/${colleague.id}`, { full_name: 'Managed Colleague' }, editor.token)).statusCode,
    ).toBe(200);
    expect((await send('DELETE', `/api/users/${colleague.id}`, undefined, editor.token)).statusCode).toBe(200);
  });
});
