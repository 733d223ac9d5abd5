import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailbox, type Mailbox } from './fixtures/mailbox';
import { startSmsGateway, type SmsGateway } from './fixtures/smsGateway';
import { channelEnv } from './messageFixtures';
import { startTestApp, type TestApp } from './harness';

/** Password-reset links: one live link per user, the newest; a used link is dead; the answer's time tells nothing. */
let t: TestApp;
let mailbox: Mailbox;
let gateway: SmsGateway;
beforeAll(async () => {
  [mailbox, gateway] = await Promise.all([startMailbox(), startSmsGateway()]);
  t = await startTestApp(channelEnv(mailbox, gateway));
});
afterAll(async () => {
  await t.close();
  await Promise.all([mailbox.close(), gateway.close()]);
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-language': 'en' } });
/** Asks for a link to `email` and answers its token, from the mail that brings it. */
async function linkFor(email: string) {
  const before = mailbox.messages.length;
  expect((await post('/api/users/reset-password', { email })).statusCode).toBe(200);
  const [mail] = (await mailbox.waitFor(before + 1)).slice(before);
  expect(mail.to).toContain(email);
  return /reset-password\?token=([\w-]+)/.exec(mail.text)![1];
}
const valid = async (token: string) =>
  (await post('/api/users/check-password-reset-token', { token })).json().data.valid as boolean;
const confirm = (token: string, password: string) =>
  post('/api/users/reset-password-confirm', { token, password, password_confirmation: password });

describe('password-reset links', () => {
  it('only the newest works: a newer link kills the one before, before and after it is used', async () => {
    const email = 'client_manager@demo.ge';
    const older = await linkFor(email);
    const newer = await linkFor(email);
    expect(await valid(older)).toBe(false);
    expect(await valid(newer)).toBe(true);
    const refused = await confirm(older, 'older-link-1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual(['The reset link is invalid or has expired']);
    expect((await confirm(newer, 'newer-link-1')).statusCode).toBe(200);
    expect(await valid(newer)).toBe(false);
    expect((await confirm(newer, 'newer-link-2')).statusCode).toBe(422);
    expect((await confirm(older, 'older-link-2')).statusCode).toBe(422);
    await t.signIn(email, 'newer-link-1');
  });

  it('answers at once, known address or not: the link is written and mailed after the answer', async () => {
    const release = mailbox.hold();
    try {
      const before = mailbox.messages.length;
      const answers = await Promise.race([
        Promise.all([
          post('/api/users/reset-password', { email: 'accountant@demo.ge' }),
          post('/api/users/reset-password', { email: 'nobody-at-all@demo.ge' }),
        ]),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the answer waited on the mail being sent')), 3000),
        ),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers[0].json()).toEqual(answers[1].json());
      expect(mailbox.messages.length).toBe(before);
      release();
      const [mail] = (await mailbox.waitFor(before + 1)).slice(before);
      expect(mail.to).toContain('accountant@demo.ge');
      const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1];
      await vi.waitFor(async () => expect(await valid(token)).toBe(true));
      expect(mailbox.messages.length).toBe(before + 1);
    } finally {
      release();
    }
  });
});
