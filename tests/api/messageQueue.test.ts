import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { startMailbox, type Mailbox } from './fixtures/mailbox';
import { startSmsGateway, type SmsGateway } from './fixtures/smsGateway';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness';
import { channelEnv, logsOfSale, saleDueIn } from './messageFixtures';
import { startServerProcess } from './serverProcess';

let mailbox: Mailbox;
let gateway: SmsGateway;
const production = { NODE_ENV: 'production', DEMO: 'false', CURRENCY_FETCH: 'false' };

beforeAll(async () => {
  [mailbox, gateway] = await Promise.all([startMailbox(), startSmsGateway()]);
});
afterAll(() => Promise.all([mailbox.close(), gateway.close()]));

describe('production sign-in', () => {
  it('refuses to start without SMTP, naming the variable', async () => {
    // the check comes before the database is touched
    const refused = (env: Record<string, string>) =>
      buildApp({ config: loadConfig({ ...production, ...env }), database: {} as Database });
    await expect(refused({})).rejects.toThrow(/SMTP_URL/);
    await expect(refused({ SMTP_URL: mailbox.url, SMS_PROVIDER: 'smsoffice', SMS_SENDER: 'x' })).rejects.toThrow(
      /SMS_API_KEY/,
    );
    await expect(refused({ SMTP_URL: mailbox.url })).rejects.not.toThrow(/SMTP_URL/);
  });

  describe('with a local SMTP server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ...production, ...channelEnv(mailbox, gateway) });
    });
    afterAll(() => t.close());
    const post = (url: string, payload: object, locale = 'en') =>
      t.app.inject({ method: 'POST', url, payload, headers: { 'content-language': locale } });

    it('mails the code in the user’s language, never logs it, and the code signs in', async () => {
      const before = mailbox.messages.length;
      const pre = await post('/api/pre-auth', { email: 'accountant@demo.ge', password: DEMO_PASSWORD }, 'en');
      expect(pre.statusCode).toBe(200);
      const [mail] = (await mailbox.waitFor(before + 1)).slice(before);
      expect(mail.to).toContain('accountant@demo.ge');
      expect(mail.language).toBe('en');
      const code = /Your sign-in code: (\d{6})/.exec(mail.subject)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(`Your sign-in code is ${code}. It is valid for 5 minutes.`);
      expect(JSON.stringify(t.logs)).not.toContain(code);
      const login = await post('/api/login', { email: 'accountant@demo.ge', password: DEMO_PASSWORD, code });
      expect(login.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: t.as(login.json().token) });
      expect(me.json().data.email).toBe('accountant@demo.ge');
      const [user] = await t.database.db.select().from(users).where(eq(users.email, 'accountant@demo.ge'));
      expect(user.locale).toBe('en');
    });

    it('sends the code by SMS to a user who chose it, in Georgian', async () => {
      await t.database.db
        .update(users)
        .set({ otpChannel: 'sms', phone: '+995 577 12 34 56' })
        .where(eq(users.email, 'client_manager@demo.ge'));
      const pre = await post('/api/pre-auth', { email: 'client_manager@demo.ge', password: DEMO_PASSWORD }, 'ka');
      expect(pre.statusCode).toBe(200);
      const [sms] = gateway.requests.filter((r) => r.destination === '995577123456');
      const code = /(\d{6})/.exec(sms.content)?.[1];
      expect(sms.content).toContain('შესვლის კოდი');
      expect(sms.urgent).toBe(true);
      const login = await post('/api/login', { email: 'client_manager@demo.ge', password: DEMO_PASSWORD, code });
      expect(login.statusCode).toBe(200);
    });

    it('answers 503 when the code cannot be sent, and the same code cannot be guessed from the log', async () => {
      mailbox.refuse = true;
      try {
        const pre = await post('/api/pre-auth', { email: 'booking_registrar@demo.ge', password: DEMO_PASSWORD });
        expect(pre.statusCode).toBe(503);
        expect(pre.json().message).toBe('The sign-in code could not be sent. Try again in a minute.');
      } finally {
        mailbox.refuse = false;
      }
      // an unknown address gets the same answer as before, and no mail
      const before = mailbox.messages.length;
      const unknown = await post('/api/pre-auth', { email: 'nobody@demo.ge', password: DEMO_PASSWORD });
      expect(unknown.statusCode).toBe(422);
      expect(mailbox.messages.length).toBe(before);
    });

    it('mails the password-reset link in the language asked in', async () => {
      const before = mailbox.messages.length;
      const res = await post('/api/users/reset-password', { email: 'sales_manager@demo.ge' }, 'ru');
      expect(res.statusCode).toBe(200);
      const [mail] = (await mailbox.waitFor(before + 1)).slice(before);
      expect(mail.subject).toBe('Восстановление пароля');
      const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();
      const check = await post('/api/users/check-password-reset-token', { token });
      expect(check.statusCode).toBe(200);
    });
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('a production server from a fresh start', () => {
  it('creates the first administrator from ADMIN_EMAIL, who signs in with the code that arrives by mail', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-'));
    const server = await startServerProcess({
      ...channelEnv(mailbox, gateway),
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@developer.ge',
      ADMIN_PASSWORD: 'a long first password',
      DATABASE_URL: '',
    });
    try {
      const base = `http://127.0.0.1:${server.port}/api`;
      const post = (url: string, body: object) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-language': 'en' },
          body: JSON.stringify(body),
        });
      const before = mailbox.messages.length;
      const credentials = { email: 'owner@developer.ge', password: 'a long first password' };
      expect((await post('/pre-auth', credentials)).status).toBe(200);
      const [mail] = (await mailbox.waitFor(before + 1)).slice(before);
      const code = /(\d{6})/.exec(mail.subject)?.[1];
      expect(server.output()).not.toContain(code);
      const login = await post('/login', { ...credentials, code });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const me = await fetch(`${base}/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe('owner@developer.ge');
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('two processes on one PostgreSQL, on pg-boss', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ ...channelEnv(mailbox, gateway), JOB_QUEUE: 'pg-boss' });
    b = await startTestApp({
      ...channelEnv(mailbox, gateway),
      JOB_QUEUE: 'pg-boss',
      DATABASE_URL: a.config.databaseUrl!,
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const mailTo = (address: string) => mailbox.messages.filter((mail) => mail.to.includes(address));

  it('runs the daily run in both at once and sends each message once', async () => {
    const { sale } = await saleDueIn(a, 1, { email: 'twice@example.ge', phone: '599 90 90 90' });
    const written = await Promise.all([a.app.customerMessages.runDaily(), b.app.customerMessages.runDaily()]);
    expect(written[0] + written[1]).toBeGreaterThanOrEqual(2);
    await Promise.all([
      a.app.customerMessages.deliverDue(),
      b.app.customerMessages.deliverDue(),
      a.app.customerMessages.deliverDue(),
    ]);
    await Promise.all([a.app.jobs.settled(), b.app.jobs.settled()]);
    expect(mailTo('twice@example.ge')).toHaveLength(1);
    expect(gateway.requests.filter((r) => r.destination === '995599909090')).toHaveLength(1);
    expect((await logsOfSale(a, sale.id)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('delivers what a send by hand queued through the pg-boss worker', async () => {
    const { sale } = await saleDueIn(a, 9, { email: 'queued@example.ge', phone: null });
    const admin = await a.signIn('admin@demo.ge');
    const res = await b.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/reminder-notification`,
      payload: { channels: ['email'] },
      headers: b.as(admin),
    });
    expect(res.statusCode).toBe(201);
    await vi.waitFor(
      async () => {
        expect((await logsOfSale(a, sale.id)).map((r) => r.status)).toEqual(['sent']);
        expect(mailTo('queued@example.ge').length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    await Promise.all([a.app.jobs.settled(), b.app.jobs.settled()]);
    expect(mailTo('queued@example.ge')).toHaveLength(1);
  });

  it('after a crash between writing and sending, a new process sends each message once', async () => {
    const { sale } = await saleDueIn(a, 2, { email: 'crash@example.ge', phone: null });
    // the run wrote the day's messages, then the process died before sending any
    await b.app.customerMessages.runDaily();
    await b.close();
    b = await startTestApp({
      ...channelEnv(mailbox, gateway),
      JOB_QUEUE: 'pg-boss',
      DATABASE_URL: a.config.databaseUrl!,
    });
    await b.app.customerMessages.runDaily();
    await b.app.customerMessages.deliverDue();
    // the first process's pg-boss worker may be the one that claimed and sends it
    await vi.waitFor(
      async () => {
        const email = (await logsOfSale(b, sale.id)).filter((r) => r.channel === 'email');
        expect(email.map((r) => r.status)).toEqual(['sent']);
        expect(mailTo('crash@example.ge').length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    await Promise.all([a.app.jobs.settled(), b.app.jobs.settled()]);
    expect(mailTo('crash@example.ge')).toHaveLength(1);
    expect((await logsOfSale(b, sale.id)).filter((r) => r.channel === 'email')).toHaveLength(1);
  });
});
