import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { loginChallenges, sessions, users } from '../../server/db/schema';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness';

const RESEND_SECONDS = 30;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OTP_RESEND_SECONDS: String(RESEND_SECONDS) });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('signing in with a one-time code', () => {
  it('gives the same answer for an unknown email and a wrong password, in the asked language', async () => {
    const unknown = await post(
      '/api/pre-auth',
      { email: 'nobody@demo.ge', password: DEMO_PASSWORD },
      { 'content-language': 'en' },
    );
    const wrong = await post(
      '/api/pre-auth',
      { email: 'admin@demo.ge', password: 'nope-nope' },
      { 'content-language': 'en' },
    );
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe('Wrong email or password');
    const ka = await post('/api/pre-auth', { email: 'nobody@demo.ge', password: DEMO_PASSWORD });
    expect(ka.json().message).toBe('ელ. ფოსტა ან პაროლი არასწორია');
  });

  it('logs the code; login with it answers a token and the user with permissions, roles and buildings', async () => {
    const pre = await post('/api/pre-auth', { email: 'sales_manager@demo.ge', password: DEMO_PASSWORD });
    expect(pre.statusCode).toBe(200);
    const code = t.lastCode('sales_manager@demo.ge');
    expect(code).toMatch(/^\d{6}$/);
    const login = await post('/api/login', { email: 'sales_manager@demo.ge', password: DEMO_PASSWORD, code });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json();
    expect(token).toBeTruthy();
    expect(user.roles).toEqual(['sales_manager']);
    expect(user.permissions).toContain('view_customers');
    expect(user.permissions).not.toContain('view_users');
    expect(user.buildings).toHaveLength(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: t.as(token) });
    expect(me.json().data.email).toBe('sales_manager@demo.ge');
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('refuses a used code, and ends the attempt after five wrong codes', async () => {
    const email = 'accountant@demo.ge';
    await post('/api/pre-auth', { email, password: DEMO_PASSWORD });
    const code = t.lastCode(email)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post(
        '/api/login',
        { email, password: DEMO_PASSWORD, code: wrongCode },
        { 'content-language': 'en' },
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code).toEqual(['The code is wrong or has expired']);
    }
    const fifth = await post(
      '/api/login',
      { email, password: DEMO_PASSWORD, code: wrongCode },
      { 'content-language': 'en' },
    );
    expect(fifth.json().message).toBe('Too many wrong codes. Sign in again to get a new code.');
    const right = await post('/api/login', { email, password: DEMO_PASSWORD, code });
    expect(right.statusCode).toBe(422);
  });

  it('resends a new code only after the wait, and the old code stops working', async () => {
    const email = 'client_manager@demo.ge';
    await post('/api/pre-auth', { email, password: DEMO_PASSWORD });
    const first = t.lastCode(email)!;
    const early = await post('/api/resend-otp', { email }, { 'content-language': 'en' });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/Please wait \d+ s/);
    // As if the wait were over: the code went out longer ago than the wait.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(loginChallenges)
      .set({ sentAt: new Date(Date.now() - (RESEND_SECONDS + 1) * 1000) })
      .where(eq(loginChallenges.userId, user.id));
    expect((await post('/api/resend-otp', { email })).statusCode).toBe(200);
    const second = t.lastCode(email)!;
    expect(second).not.toBe(first);
    expect((await post('/api/login', { email, password: DEMO_PASSWORD, code: first })).statusCode).toBe(422);
    expect((await post('/api/login', { email, password: DEMO_PASSWORD, code: second })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'booking_registrar@demo.ge';
    await post('/api/pre-auth', { email, password: DEMO_PASSWORD });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, user.id));
    expect((await post('/api/login', { email, password: DEMO_PASSWORD, code: t.lastCode(email) })).statusCode).toBe(
      422,
    );
  });

  it('logout revokes the token', async () => {
    const token = await t.signIn('property_registrar@demo.ge');
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: t.as(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.as(token) })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: t.as(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Please sign in');
  });

  // The signed-in user is kept a few seconds in memory (server/core/access.ts): a write made by anyone else on the
  // database (here straight in SQL, as another API process would) must still reach the very next requests.
  it('a revoked session, a deactivated user or a changed role is seen at once despite the kept sign-in', async () => {
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users', headers: t.as(token) });
    const revoked = await t.signIn('property_registrar@demo.ge');
    expect((await me(revoked)).statusCode).toBe(403);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(isNull(sessions.revokedAt));
    await expect.poll(async () => (await me(revoked)).statusCode, { timeout: 2000 }).toBe(401);

    const token = await t.signIn('property_registrar@demo.ge');
    expect((await me(token)).statusCode).toBe(403);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'property_registrar@demo.ge'));
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) select ${user.id}, id from roles where name = 'admin'`,
    );
    await expect.poll(async () => (await me(token)).statusCode, { timeout: 2000 }).toBe(200);
    await t.database.db.execute(
      sql`delete from user_roles where user_id = ${user.id} and role_id = (select id from roles where name = 'admin')`,
    );
    await expect.poll(async () => (await me(token)).statusCode, { timeout: 2000 }).toBe(403);

    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    await expect.poll(async () => (await me(token)).statusCode, { timeout: 2000 }).toBe(401);
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, user.id));
  });

  it('an inactive user cannot sign in', async () => {
    await t.database.db.update(users).set({ active: false }).where(eq(users.email, 'property_registrar@demo.ge'));
    const res = await post(
      '/api/pre-auth',
      { email: 'property_registrar@demo.ge', password: DEMO_PASSWORD },
      { 'content-language': 'en' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is disabled');
    await t.database.db.update(users).set({ active: true }).where(eq(users.email, 'property_registrar@demo.ge'));
  });

  it('rejects malformed input with a translated 4xx and never a 500', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/pre-auth',
      payload: '{"email":',
      headers: { 'content-type': 'application/json', 'content-language': 'en' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON');
    const wrongTypes = await post('/api/pre-auth', { email: 42, password: [] }, { 'content-language': 'en' });
    expect(wrongTypes.statusCode).toBe(422);
    expect(wrongTypes.json().errors.email).toEqual(['email is required']);
    const badEmail = await post(
      '/api/pre-auth',
      { email: 'not-an-email', password: 'x' },
      { 'content-language': 'ru' },
    );
    expect(badEmail.json().errors.email[0]).toMatch(/формат/i);
    const huge = await post('/api/pre-auth', { email: 'a@b.ge', password: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('password reset', () => {
  it('sends a link only for a known address, works once and then never again', async () => {
    const unknown = await post('/api/users/reset-password', { email: 'ghost@demo.ge' });
    const known = await post('/api/users/reset-password', { email: 'admin@demo.ge' });
    expect(unknown.json()).toEqual(known.json());
    // the link is written after the answer
    const line = await vi.waitFor(() => {
      const logged = [...t.logs]
        .reverse()
        .find((l) => typeof l.msg === 'string' && (l.msg as string).includes('reset-password?token='));
      expect(logged).toBeDefined();
      return logged;
    });
    const token = /token=([\w-]+)/.exec(line!.msg as string)![1];
    expect((await post('/api/users/check-password-reset-token', { token })).json().data.valid).toBe(true);
    const mismatch = await post('/api/users/reset-password-confirm', {
      token,
      password: 'new-password-1',
      password_confirmation: 'other-password',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(
      (
        await post('/api/users/reset-password-confirm', {
          token,
          password: 'new-password-1',
          password_confirmation: 'new-password-1',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post('/api/users/check-password-reset-token', { token })).json().data.valid).toBe(false);
    expect((await post('/api/users/reset-password-confirm', { token, password: 'another-pass-2' })).statusCode).toBe(
      422,
    );
    await t.signIn('admin@demo.ge', 'new-password-1');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account', async () => {
    const limited = await startTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/pre-auth',
          payload: { email: 'admin@demo.ge', password: 'wrong-pass' },
          headers: { 'content-language': 'en' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([422, 422, 422, 429, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/pre-auth',
        payload: { email: 'accountant@demo.ge', password: DEMO_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
