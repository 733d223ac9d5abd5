import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { translate } from '../../i18n';
import { loginChallenges } from '../../server/db/schema';
import { createStaff, STAFF_PASSWORD, startTestApp, type TestApp } from './harness';

/** The tries a sign-in code allows, counted so that guesses sent at once cannot share more, and across codes. */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.ge');
});
afterAll(() => t.close());

const post = (url: string, payload: object, locale = 'en') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-language': locale } });
const preAuth = (email: string, locale = 'en') => post('/api/pre-auth', { email, password: STAFF_PASSWORD }, locale);
const login = (email: string, code: string, locale = 'en') =>
  post('/api/login', { email, password: STAFF_PASSWORD, code }, locale);
/** A user of its own, with a fresh code; answers the email and the code. */
async function codeSent() {
  const { email } = await createStaff(t, adminToken, { permissions: [] });
  expect((await preAuth(email)).statusCode).toBe(200);
  return { email, code: t.lastCode(email)! };
}
const wrong = (code: string, n = 0) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
const challenge = async (id: number) =>
  (await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.id, id)))[0];
const newestChallengeOf = async (email: string) =>
  (
    await t.database.db
      .select({ id: loginChallenges.id })
      .from(loginChallenges)
      .where(sql`${loginChallenges.userId} = (select id from users where email = ${email})`)
      .orderBy(desc(loginChallenges.id))
      .limit(1)
  )[0].id;

describe('the tries of one sign-in code', () => {
  it('are counted before the code is compared: once five are counted, even the right code is refused', async () => {
    const { email, code } = await codeSent();
    const id = await newestChallengeOf(email);
    // where guesses sent at once stand when the fifth wrong one is counted and the code not yet closed
    await t.database.db.update(loginChallenges).set({ attempts: 5 }).where(eq(loginChallenges.id, id));
    const res = await login(email, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Too many wrong codes. Sign in again to get a new code.');
    expect((await challenge(id)).closedAt).not.toBeNull();
  });

  it('are shared by ten guesses sent at once: five are counted, the rest refused', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const { email, code } = await codeSent();
      const id = await newestChallengeOf(email);
      // the right code as the sixth of ten
      const guesses = [...Array(10).keys()].map((i) => (i === 5 ? code : wrong(code, i)));
      const answers = await Promise.all(guesses.map((guess) => login(email, guess)));
      const held = await challenge(id);
      expect(held.attempts, `trial ${trial}`).toBeLessThanOrEqual(5);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(1);
      expect(held.closedAt).not.toBeNull();
    }
  });
});

describe('wrong codes across codes', () => {
  it('lock signing in with a code for 15 minutes after ten, saying how long, in the language asked', async () => {
    const { email, code: first } = await codeSent();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(email, wrong(first, i))).statusCode);
    expect((await preAuth(email)).statusCode).toBe(200);
    const second = t.lastCode(email)!;
    for (let i = 0; i < 4; i++) statuses.push((await login(email, wrong(second, i))).statusCode);
    expect(statuses).toEqual(Array(9).fill(422));
    const tenth = await login(email, wrong(second, 4));
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().message).toBe(translate('en', 'server.code_locked', { minutes: 15 }));
    expect(tenth.json().message).toContain('15 min');

    // no new code meanwhile, and the right one of the code under way no longer works
    for (const locale of ['ka', 'ru'] as const) {
      const refused = await preAuth(email, locale);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(translate(locale, 'server.code_locked', { minutes: 15 }));
    }
    expect((await login(email, second)).statusCode).toBe(429);

    // a quarter of an hour later
    await t.database.db.execute(
      sql`update sign_in_code_failures set locked_until = now() - interval '1 second'
        where user_id = (select id from users where email = ${email})`,
    );
    expect((await preAuth(email)).statusCode).toBe(200);
    expect((await login(email, t.lastCode(email)!)).statusCode).toBe(200);
  });

  it('start again from none after a right code', async () => {
    const { email, code } = await codeSent();
    for (let i = 0; i < 4; i++) expect((await login(email, wrong(code, i))).statusCode).toBe(422);
    expect((await login(email, code)).statusCode).toBe(200);
    expect((await preAuth(email)).statusCode).toBe(200);
    const next = t.lastCode(email)!;
    for (let i = 0; i < 5; i++) expect((await login(email, wrong(next, i))).statusCode).toBe(422);
    // the tenth wrong code since the first, the sixth since the right one
    expect((await preAuth(email)).statusCode).toBe(200);
    const third = t.lastCode(email)!;
    expect((await login(email, wrong(third))).statusCode).toBe(422);
    expect((await login(email, third)).statusCode).toBe(200);
  });
});
