import path from 'node:path';
import type { ClientConfig, ModuleFlags } from '../domain/config';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demo: boolean;
  production: boolean;
  /** Where uploaded files live (DATA_DIR/files by default). */
  filesDir: string;
  maxUploadBytes: number;
  /** What reading one uploaded workbook may take on its worker thread (IMPORT_MEMORY_MB, IMPORT_SECONDS). */
  sheetReading: { memoryMb: number; seconds: number };
  bodyLimitBytes: number;
  tokenTtlHours: number;
  otp: {
    ttlSeconds: number;
    /** Tries of one code. */
    maxAttempts: number;
    /** Wrong codes across codes that lock signing in with a code, and for how long. */
    lockAfterWrongCodes: number;
    lockMinutes: number;
    resendSeconds: number;
    logCodes: boolean;
  };
  resetTokenTtlMinutes: number;
  authRateLimit: { perAddress: number; perAccount: number; windowMs: number };
  redisUrl?: string;
  /** What the rate-limit keys in Redis start with (REDIS_PREFIX): apps or test runs sharing one Redis keep apart. */
  redisPrefix: string;
  /** Proxies whose X-Forwarded-For is believed: addresses or CIDR ranges; none by default. */
  trustProxy: string[] | false;
  /** Whether the server fetches NBG's rates itself (CURRENCY_FETCH; off in tests, which use a recorded answer). */
  currencyFetch: boolean;
  adminEmail?: string;
  adminPassword?: string;
  publicUrl: string;
  /** pg-boss on PostgreSQL (each scheduled run once across processes), in-process timers on PGlite. */
  jobQueue: 'pg-boss' | 'in-process';
  /** Where mail and SMS leave (server/modules/channels). */
  channels: ChannelsConfig;
  client: ClientConfig;
}

export interface ChannelsConfig {
  /** smtp://user:pass@host:587 (smtps:// for TLS on connect); unset: mail goes to the log outside production. */
  smtpUrl?: string;
  mailFrom: string;
  /** smsoffice or gosms; unset: SMS goes to the log outside production, and is not offered in production. */
  smsProvider?: string;
  smsApiKey?: string;
  smsSender?: string;
  /** The gateway's base address (tests point it at a local fake gateway). */
  smsBaseUrl?: string;
  smsTimeoutMs: number;
  /** The log channel: outside production only, where nothing else is configured. */
  logFallback: boolean;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());
const num = (value: string | undefined, fallback: number) =>
  value === undefined || value === '' ? fallback : Number(value);
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const flags: ModuleFlags = {
    saleType: flag(env.MODULE_SALE_TYPE, true),
    overdueLetters: flag(env.MODULE_OVERDUE_LETTERS, true),
    bonusModule: flag(env.MODULE_BONUS, true),
    services: flag(env.MODULE_SERVICES, true),
    saleAgentModule: flag(env.MODULE_SALE_AGENT, true),
    tasks: flag(env.MODULE_TASKS, true),
  };
  const port = num(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demo: flag(env.DEMO, !production),
    production,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    maxUploadBytes: num(env.MAX_UPLOAD_MB, 20) * 1024 * 1024,
    sheetReading: { memoryMb: num(env.IMPORT_MEMORY_MB, 1024), seconds: num(env.IMPORT_SECONDS, 120) },
    bodyLimitBytes: num(env.BODY_LIMIT_KB, 1024) * 1024,
    tokenTtlHours: num(env.TOKEN_TTL_HOURS, 12),
    otp: {
      ttlSeconds: 300,
      maxAttempts: 5,
      lockAfterWrongCodes: 10,
      lockMinutes: 15,
      resendSeconds: num(env.OTP_RESEND_SECONDS, 30),
      logCodes: !production,
    },
    resetTokenTtlMinutes: num(env.RESET_TOKEN_TTL_MINUTES, 60),
    authRateLimit: {
      perAddress: num(env.AUTH_RATE_LIMIT_PER_ADDRESS, 30),
      perAccount: num(env.AUTH_RATE_LIMIT_PER_ACCOUNT, 10),
      windowMs: 60_000,
    },
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'fastify-rate-limit-',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    currencyFetch: flag(env.CURRENCY_FETCH, env.NODE_ENV !== 'test'),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    jobQueue:
      env.JOB_QUEUE === 'in-process' || env.JOB_QUEUE === 'pg-boss'
        ? env.JOB_QUEUE
        : env.DATABASE_URL
          ? 'pg-boss'
          : 'in-process',
    channels: {
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || 'Back office <no-reply@localhost>',
      smsProvider: env.SMS_PROVIDER || undefined,
      smsApiKey: env.SMS_API_KEY || undefined,
      smsSender: env.SMS_SENDER || undefined,
      smsBaseUrl: env.SMS_BASE_URL || undefined,
      smsTimeoutMs: num(env.SMS_TIMEOUT_MS, 10_000),
      logFallback: !production,
    },
    client: {
      flags,
      idleMinutes: num(env.IDLE_MINUTES, 30),
      tokenStorage: env.TOKEN_STORAGE === 'session' ? 'session' : 'local',
      menuExclusions: list(env.MENU_EXCLUDE),
      tagline: env.TAGLINE ?? '',
      multilingual: flag(env.MULTILINGUAL, true),
      otpResendSeconds: num(env.OTP_RESEND_SECONDS, 30),
    },
  };
}

/** TRUST_PROXY: '127.0.0.1,10.0.0.0/8' (addresses or ranges); unset or empty trusts none. */
function trustedProxies(value: string | undefined): string[] | false {
  const proxies = (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && p !== 'false');
  return proxies.length ? proxies : false;
}
