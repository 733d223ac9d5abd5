import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type ChannelsConfig } from '../../server/config';
import {
  createChannels,
  missingChannelVariables,
  normalisePhone,
  SendFailure,
  smsSegments,
  type Channels,
} from '../../server/modules/channels';
import { startMailbox, type Mailbox } from './fixtures/mailbox';
import { startSmsGateway, type SmsGateway } from './fixtures/smsGateway';

/** Mail and SMS leave through a real SMTP server and a local fake of both SMS gateways; no app, no database. */

const settings = (over: Partial<ChannelsConfig> = {}): ChannelsConfig => ({
  mailFrom: 'Back office <no-reply@demo.ge>',
  smsTimeoutMs: 2_000,
  logFallback: false,
  ...over,
});

/** A logger whose lines the test reads back. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** The failure a send ended with (fails the test when it went through). */
async function failureOf(send: Promise<unknown>): Promise<SendFailure> {
  const error = await send.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SendFailure);
  return error as SendFailure;
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** 100 characters of Georgian: UCS-2, so two segments (70 in one, 67 each when longer). */
const georgian100 = 'თქვენი ხელშეკრულება გაფორმებულია, გადახდის გრაფიკი იხილეთ ოფისში. გმადლობთ, რომ აგვირჩიეთ! '
  .repeat(2)
  .slice(0, 100);

describe('email through a real SMTP server', () => {
  let mailbox: Mailbox;
  let channels: Channels;
  beforeAll(async () => {
    mailbox = await startMailbox();
    channels = createChannels(settings({ smtpUrl: mailbox.url }), capturedLog().log);
  });
  afterEach(() => {
    mailbox.refuse = false;
  });
  afterAll(async () => {
    await channels.close();
    await mailbox.close();
  });

  it.each([
    {
      locale: 'ka' as const,
      to: 'buyer@example.ge',
      subject: 'ხელშეკრულება №12 გაფორმდა',
      text: 'გამარჯობა, ნინო! თქვენი გადახდა — 1 250,00 ₾ — მიღებულია. გმადლობთ.',
    },
    {
      locale: 'en' as const,
      to: 'buyer@example.com',
      subject: 'Contract No. 12 signed',
      text: 'Hello Nino, your payment of GEL 1,250.00 has been received.',
    },
    {
      locale: 'ru' as const,
      to: 'pokupatel@example.ru',
      subject: 'Договор № 12 подписан',
      text: 'Здравствуйте, Нино! Ваш платёж 1 250,00 ₾ получен. Спасибо.',
    },
  ])('delivers a $locale message with its recipient, subject, text, html and Content-Language', async (mail) => {
    const before = mailbox.messages.length;
    const result = await channels.email!.send({ ...mail, html: `<p>${mail.text}</p>` });
    expect(result.providerMessageId).toMatch(/^<.+@.+>$/);
    const received = (await mailbox.waitFor(before + 1))[before];
    expect(received.to).toBe(mail.to);
    expect(received.from).toContain('no-reply@demo.ge');
    expect(received.subject).toBe(mail.subject);
    expect(received.text.trim()).toBe(mail.text);
    expect(received.html).toContain(`<p>${mail.text}</p>`);
    expect(received.language).toBe(mail.locale);
  });

  it('sends text alone when no html is given', async () => {
    const before = mailbox.messages.length;
    await channels.email!.send({ to: 'plain@example.ge', subject: 'Code', text: 'Your code: 123456', locale: 'en' });
    const received = (await mailbox.waitFor(before + 1))[before];
    expect(received.text.trim()).toBe('Your code: 123456');
    expect(received.html).toBeUndefined();
  });

  it('a permanent refusal (5xx) is not retried; a temporary one (4xx) is, each with the SMTP code', async () => {
    const mail = { to: 'buyer@example.ge', subject: 'S', text: 'T', locale: 'en' as const };
    mailbox.refuse = true;
    const permanent = await failureOf(channels.email!.send(mail));
    expect(permanent).toMatchObject({ retry: false, code: '550', noBalance: false });

    mailbox.refuse = 451;
    const temporary = await failureOf(channels.email!.send(mail));
    expect(temporary).toMatchObject({ retry: true, code: '451', noBalance: false });
  });

  it('is created without an SMTP server; a send to one that is down fails, worth retrying', async () => {
    const port = await closedPort();
    const down = createChannels(settings({ smtpUrl: `smtp://user:pass@127.0.0.1:${port}` }), capturedLog().log);
    expect(down.email?.transport).toBe('smtp');
    const failure = await failureOf(
      down.email!.send({ to: 'buyer@example.ge', subject: 'S', text: 'T', locale: 'ka' }),
    );
    expect(failure.retry).toBe(true);
    expect(failure.code).toBeTruthy();
    await down.close();
  });
});

describe('SMS through smsoffice.ge (a local fake of its API v2)', () => {
  let gateway: SmsGateway;
  let channels: Channels;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    channels = createChannels(
      settings({
        smsProvider: 'smsoffice',
        smsApiKey: 'office-key',
        smsSender: 'Developer',
        smsBaseUrl: gateway.baseUrl,
        smsTimeoutMs: 1_500,
      }),
      capturedLog().log,
    );
  });
  afterEach(() => {
    gateway.mode = 'ok';
    gateway.requests.length = 0;
  });
  afterAll(() => gateway.close());

  it('sends key, destination, sender, Georgian content intact and urgent; reads the id, counts segments', async () => {
    expect(georgian100).toHaveLength(100);
    expect(channels.sms?.transport).toBe('smsoffice');
    const result = await channels.sms!.send({ to: '995599123456', text: georgian100, urgent: true });
    expect(gateway.requests).toEqual([
      {
        provider: 'smsoffice',
        key: 'office-key',
        destination: '995599123456',
        content: georgian100,
        sender: 'Developer',
        urgent: true,
        raw: expect.objectContaining({ key: 'office-key', urgent: 'true' }),
      },
    ]);
    expect(result).toEqual({ providerMessageId: expect.stringMatching(/^so-\d+$/), code: '0', segments: 2 });
  });

  it('a message that is not urgent says urgent=false; Latin text of 160 characters is one segment', async () => {
    const result = await channels.sms!.send({ to: '995599123456', text: 'A'.repeat(160) });
    expect(gateway.requests[0]).toMatchObject({ urgent: false, content: 'A'.repeat(160) });
    expect(result.segments).toBe(1);
  });

  it('no balance (ErrorCode 20) is noBalance and not retried', async () => {
    gateway.mode = 'no_balance';
    const failure = await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }));
    expect(failure).toMatchObject({ noBalance: true, retry: false, code: '20' });
  });

  it('a refusal of the request (incorrect key, ErrorCode 80) is neither retried nor a balance problem', async () => {
    gateway.mode = 'reject';
    const failure = await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }));
    expect(failure).toMatchObject({ noBalance: false, retry: false, code: '80' });
  });

  it('503 is retried', async () => {
    gateway.mode = 'unavailable';
    const failure = await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }));
    expect(failure).toMatchObject({ retry: true, noBalance: false, code: 'http_503' });
  });

  it('no answer within SMS_TIMEOUT_MS is retried', async () => {
    gateway.mode = 'timeout';
    const started = Date.now();
    const failure = await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }));
    expect(failure).toMatchObject({ retry: true, code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(gateway.requests).toHaveLength(1);
  });

  it('a gateway that cannot be reached is retried', async () => {
    const port = await closedPort();
    const down = createChannels(
      settings({ smsProvider: 'smsoffice', smsApiKey: 'k', smsSender: 'S', smsBaseUrl: `http://127.0.0.1:${port}` }),
      capturedLog().log,
    );
    const failure = await failureOf(down.sms!.send({ to: '995599123456', text: 'x' }));
    expect(failure.retry).toBe(true);
  });
});

describe('SMS through gosms.ge (a local fake of its API)', () => {
  let gateway: SmsGateway;
  let channels: Channels;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    channels = createChannels(
      settings({
        smsProvider: 'gosms',
        smsApiKey: 'go-key',
        smsSender: 'GOSMS.GE',
        smsBaseUrl: `${gateway.baseUrl}/`,
        smsTimeoutMs: 1_500,
      }),
      capturedLog().log,
    );
  });
  afterEach(() => {
    gateway.mode = 'ok';
    gateway.requests.length = 0;
  });
  afterAll(() => gateway.close());

  it('posts api_key, from, to, Georgian text intact and urgent; reads messageId and counts segments', async () => {
    expect(channels.sms?.transport).toBe('gosms');
    const result = await channels.sms!.send({ to: '995599123456', text: georgian100, urgent: true });
    expect(gateway.requests).toEqual([
      {
        provider: 'gosms',
        key: 'go-key',
        destination: '995599123456',
        content: georgian100,
        sender: 'GOSMS.GE',
        urgent: true,
        raw: { api_key: 'go-key', from: 'GOSMS.GE', to: '995599123456', text: georgian100, urgent: true },
      },
    ]);
    expect(result).toEqual({ providerMessageId: expect.stringMatching(/^\d+$/), segments: 2 });
  });

  it('insufficient balance (errorCode 102) is noBalance and not retried', async () => {
    gateway.mode = 'no_balance';
    const failure = await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }));
    expect(failure).toMatchObject({ noBalance: true, retry: false, code: '102' });
  });

  it('an invalid key (errorCode 100) is not retried', async () => {
    gateway.mode = 'reject';
    const failure = await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }));
    expect(failure).toMatchObject({ noBalance: false, retry: false, code: '100' });
  });

  it('reads the delivery report of a message from checksms: delivered, failed for good, or not known yet', async () => {
    const { providerMessageId } = await channels.sms!.send({ to: '995599123456', text: 'report' });
    const id = providerMessageId!;
    expect(await channels.sms!.deliveryOf!(id)).toBe('pending');
    expect(gateway.reportRequests.at(-1)).toEqual({ api_key: 'go-key', messageId: id });
    for (const [state, report] of [
      ['delivered', 'delivered'],
      ['DELIVERED', 'delivered'],
      ['undelivered', 'failed'],
      ['Rejected', 'failed'],
      ['expired', 'failed'],
      ['sent', 'pending'],
    ] as const) {
      gateway.reports.set(id, state);
      expect(await channels.sms!.deliveryOf!(id), state).toBe(report);
    }
    // a message the gateway does not know (errorCode 104) or a gateway that is down answers no report
    expect(await failureOf(channels.sms!.deliveryOf!('999999'))).toMatchObject({ code: '104' });
    gateway.mode = 'unavailable';
    expect(await failureOf(channels.sms!.deliveryOf!(id))).toMatchObject({ code: 'http_503' });
  });

  it('503 and no answer in time are retried', async () => {
    gateway.mode = 'unavailable';
    expect(await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }))).toMatchObject({ retry: true });
    gateway.mode = 'timeout';
    expect(await failureOf(channels.sms!.send({ to: '995599123456', text: 'x' }))).toMatchObject({
      retry: true,
      code: 'timeout',
    });
  });
});

describe('normalisePhone', () => {
  it.each([
    ['599 12 34 56', '995599123456'],
    ['+995 599123456', '995599123456'],
    ['+995 (599) 12-34-56', '995599123456'],
    ['00995599123456', '995599123456'],
    ['995599123456', '995599123456'],
    ['+7 916 123-45-67', '79161234567'],
    ['+1 202 555 0143', '12025550143'],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });

  it.each(['', 'abc', '12', '+995 599 12 34 5', '599 12 34 56 78 90'])('%j is not a number', (raw) => {
    expect(normalisePhone(raw)).toBeNull();
  });
});

describe('smsSegments', () => {
  it.each([
    ['', 1],
    ['Hello', 1],
    ['a'.repeat(160), 1],
    ['a'.repeat(161), 2],
    ['a'.repeat(306), 2],
    ['a'.repeat(307), 3],
    ['€'.repeat(80), 1], // an extension character takes two GSM places
    ['€'.repeat(81), 2],
    ['ა'.repeat(70), 1],
    ['ა'.repeat(71), 2],
    ['ა'.repeat(134), 2],
    ['ა'.repeat(135), 3],
    [georgian100, 2],
    ['Здравствуйте! Ваш платёж получен.', 1],
    ['я'.repeat(71), 2],
    ['a'.repeat(69) + 'ა', 1], // one Georgian letter makes the whole text UCS-2
    ['a'.repeat(70) + 'ა', 2],
  ])('%j → %i', (text, segments) => {
    expect(smsSegments(text)).toBe(segments);
  });
});

describe('missingChannelVariables', () => {
  const production = (channels: Partial<ChannelsConfig>) => ({ production: true, channels: settings(channels) });
  const smtpUrl = 'smtp://user:pass@mail.example.ge:587';

  it('names SMTP_URL in production without it', () => {
    expect(missingChannelVariables(production({}))).toEqual(['SMTP_URL']);
    expect(missingChannelVariables(loadConfig({ NODE_ENV: 'production' }))).toEqual(['SMTP_URL']);
  });

  it('names SMS_API_KEY when SMS_PROVIDER is set without a key', () => {
    expect(missingChannelVariables(production({ smtpUrl, smsProvider: 'smsoffice', smsSender: 'Dev' }))).toEqual([
      'SMS_API_KEY',
    ]);
    expect(
      missingChannelVariables(
        loadConfig({ NODE_ENV: 'production', SMTP_URL: smtpUrl, SMS_PROVIDER: 'gosms', SMS_SENDER: 'Dev' }),
      ),
    ).toEqual(['SMS_API_KEY']);
  });

  it('names SMS_PROVIDER when it names an unknown gateway, and SMS_SENDER when a gateway has no sender', () => {
    expect(missingChannelVariables(production({ smtpUrl, smsProvider: 'twilio', smsApiKey: 'k' }))).toEqual([
      'SMS_PROVIDER',
    ]);
    expect(missingChannelVariables(production({ smtpUrl, smsProvider: 'gosms', smsApiKey: 'k' }))).toEqual([
      'SMS_SENDER',
    ]);
  });

  it('is empty when production is configured (SMS optional) and outside production', () => {
    expect(missingChannelVariables(production({ smtpUrl }))).toEqual([]);
    expect(
      missingChannelVariables(production({ smtpUrl, smsProvider: 'smsoffice', smsApiKey: 'k', smsSender: 'Dev' })),
    ).toEqual([]);
    expect(missingChannelVariables({ production: false, channels: settings() })).toEqual([]);
    expect(missingChannelVariables(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });
});

describe('the log channel', () => {
  it('outside production, an unconfigured channel writes one info line per message and answers {}', async () => {
    const { log, lines } = capturedLog();
    const channels = createChannels(settings({ logFallback: true }), log);
    expect(channels.email?.transport).toBe('log');
    expect(channels.sms?.transport).toBe('log');

    expect(
      await channels.email!.send({
        to: 'buyer@example.ge',
        subject: 'კოდი',
        text: 'თქვენი კოდი: 123456',
        locale: 'ka',
      }),
    ).toEqual({});
    expect(await channels.sms!.send({ to: '995599123456', text: 'კოდი: 123456' })).toEqual({});

    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      channel: 'email',
      to: 'buyer@example.ge',
      subject: 'კოდი',
      text: 'თქვენი კოდი: 123456',
    });
    expect(lines[1]).toMatchObject({ level: 30, channel: 'sms', to: '995599123456', text: 'კოდი: 123456' });
    expect(lines[1]).not.toHaveProperty('subject');
    await channels.close();
  });

  it('is what the default configuration outside production gives', () => {
    const channels = createChannels(loadConfig({ NODE_ENV: 'test' }).channels, capturedLog().log);
    expect(channels.email?.transport).toBe('log');
    expect(channels.sms?.transport).toBe('log');
  });

  it('without logFallback an unconfigured channel is undefined', () => {
    const { log, lines } = capturedLog();
    const channels = createChannels(settings({ logFallback: false, smsProvider: 'smsoffice' }), log);
    expect(channels.email).toBeUndefined();
    expect(channels.sms).toBeUndefined();
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1); // SMS_PROVIDER without SMS_API_KEY is warned about
  });
});
