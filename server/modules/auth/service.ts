import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { activeUserByEmail } from './accounts';
import type { ServerConfig } from '../../config';
import { loginChallenges, sessions, users } from '../../db/schema';
import {
  decoyPasswordHash,
  hashPassword,
  hmac,
  randomToken,
  sha256,
  sixDigitCode,
  verifyPassword,
} from '../../core/crypto';
import { AppError, invalid } from '../../core/errors';
import { translate, type Locale } from '../../../i18n';
import { normalisePhone, type Channels } from '../channels';
import { createCodeLock } from './codeLock';

type User = typeof users.$inferSelect;

const badCredentials = () =>
  new AppError(
    422,
    'server.bad_credentials',
    {},
    { email: ['server.bad_credentials'], password: ['server.bad_credentials'] },
  );
const invalidCode = (key = 'server.invalid_code') => new AppError(422, key, {}, { code: [key] });
const seconds = (n: number) => n * 1000;

/**
 * The code goes by SMS when the user chose it on the profile page and has a number SMS can reach, else by email,
 * in the language the user signs in with. Outside production it is also written to the log, where the log channel
 * adds nothing. A send that fails answers 503: only someone who knows the password gets that far.
 */
function createCodeDelivery(otp: ServerConfig['otp'], log: FastifyBaseLogger, channels: Channels) {
  return async function deliverCode(user: User, code: string, locale: Locale) {
    if (otp.logCodes) log.info({ email: user.email, code }, `sign-in code for ${user.email}: ${code}`);
    const minutes = Math.round(otp.ttlSeconds / 60);
    const phone = user.otpChannel === 'sms' && user.phone ? normalisePhone(user.phone) : null;
    try {
      if (phone && channels.sms) {
        if (channels.sms.transport !== 'log')
          await channels.sms.send({
            to: phone,
            text: translate(locale, 'auth_mail.code_sms', { code, minutes }),
            urgent: true,
          });
        return;
      }
      if (channels.email && channels.email.transport !== 'log')
        await channels.email.send({
          to: user.email,
          subject: translate(locale, 'auth_mail.code_subject', { code }),
          text: translate(locale, 'auth_mail.code_body', { code, minutes, name: user.fullName }),
          locale,
        });
    } catch (error) {
      log.error({ err: error, userId: user.id }, 'the sign-in code could not be sent');
      throw new AppError(503, 'server.code_not_sent');
    }
  };
}

/** The same answer, after the same work, for an unknown email and a wrong password. */
async function userByPassword(db: Db, email: string, password: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !ok) throw badCredentials();
  if (!user.active) throw new AppError(403, 'server.inactive_user');
  return user;
}

/** Sign-in: password, then a 6-digit one-time code, then a bearer token. */
export function createAuthService(
  db: Db,
  config: ServerConfig,
  secret: string,
  log: FastifyBaseLogger,
  channels: Channels,
) {
  const codeHash = (userId: number, code: string) => hmac(secret, `${userId}:${code}`);
  const lock = createCodeLock(db, config.otp);
  const deliverCode = createCodeDelivery(config.otp, log, channels);
  const checkPassword = (email: string, password: string) => userByPassword(db, email, password);

  async function preAuth(email: string, password: string, locale: Locale) {
    const user = await checkPassword(email, password);
    await lock.refuseWhileLocked(user.id);
    const code = sixDigitCode();
    await db.transaction(async (tx) => {
      await tx
        .update(loginChallenges)
        .set({ closedAt: new Date() })
        .where(and(eq(loginChallenges.userId, user.id), isNull(loginChallenges.closedAt)));
      await tx.insert(loginChallenges).values({
        userId: user.id,
        codeHash: codeHash(user.id, code),
        expiresAt: new Date(Date.now() + seconds(config.otp.ttlSeconds)),
      });
    });
    await deliverCode(user, code, locale);
  }

  const openChallenge = async (userId: number) => {
    const [challenge] = await db
      .select()
      .from(loginChallenges)
      .where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.closedAt)))
      .orderBy(desc(loginChallenges.id))
      .limit(1);
    return challenge;
  };

  /** A new code for the attempt under way, not before OTP_RESEND_SECONDS; wrong tries still count. */
  async function resend(email: string, locale: Locale) {
    const user = await activeUserByEmail(db, email);
    const challenge = user && (await openChallenge(user.id));
    if (!user || !challenge) return;
    const wait = Math.ceil((challenge.sentAt.getTime() + seconds(config.otp.resendSeconds) - Date.now()) / 1000);
    if (wait > 0) throw new AppError(429, 'server.resend_wait', { seconds: wait });
    let code = sixDigitCode();
    // The code sent before stops working, so the new one is never the same.
    while (codeHash(user.id, code) === challenge.codeHash) code = sixDigitCode();
    await db
      .update(loginChallenges)
      .set({
        codeHash: codeHash(user.id, code),
        sentAt: new Date(),
        expiresAt: new Date(Date.now() + seconds(config.otp.ttlSeconds)),
      })
      .where(eq(loginChallenges.id, challenge.id));
    await deliverCode(user, code, locale);
  }

  /**
   * One more try of the user's open code, counted before the code is compared, in one statement that also refuses
   * past the tries allowed: guesses sent at once cannot get more tries than that between them.
   */
  const countTry = async (userId: number) => {
    const [tried] = await db
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(
        and(
          eq(
            loginChallenges.id,
            sql`(select max(id) from login_challenges where user_id = ${userId} and closed_at is null)`,
          ),
          gt(loginChallenges.expiresAt, new Date()),
          lt(loginChallenges.attempts, config.otp.maxAttempts),
        ),
      )
      .returning({ id: loginChallenges.id, codeHash: loginChallenges.codeHash, attempts: loginChallenges.attempts });
    return tried;
  };

  const closeChallenge = (id: number) =>
    db
      .update(loginChallenges)
      .set({ closedAt: new Date() })
      .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.closedAt)))
      .returning({ id: loginChallenges.id });

  async function login(email: string, password: string, code: string, locale: Locale) {
    const user = await checkPassword(email, password);
    await lock.refuseWhileLocked(user.id);
    const tried = await countTry(user.id);
    if (!tried) {
      const open = await openChallenge(user.id);
      if (open && open.attempts >= config.otp.maxAttempts) {
        await closeChallenge(open.id);
        throw invalidCode('server.code_attempts');
      }
      throw invalidCode();
    }
    if (tried.codeHash !== codeHash(user.id, code)) {
      const lastTry = tried.attempts >= config.otp.maxAttempts;
      if (lastTry) await closeChallenge(tried.id);
      await lock.countWrongCode(user.id);
      throw invalidCode(lastTry ? 'server.code_attempts' : 'server.invalid_code');
    }
    const [closed] = await closeChallenge(tried.id);
    if (!closed) throw invalidCode();
    await lock.forgetWrongCodes(user.id);
    const token = randomToken();
    // the language of the mail the user gets from now on: the one they sign in with
    if (user.locale !== locale) await db.update(users).set({ locale }).where(eq(users.id, user.id));
    await db.insert(sessions).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + config.tokenTtlHours * 3600_000),
    });
    return { token, userId: user.id };
  }

  async function logout(sessionId: number) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** The signed-in user's own password: the change and its log line (`record`) in one transaction. */
  async function changePassword(
    userId: number,
    sessionId: number,
    passwords: { current: string; next: string },
    record: RecordWrite,
  ) {
    const { current, next } = passwords;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user || !(await verifyPassword(current, user.passwordHash)))
      throw invalid({ current_password: ['validation.wrong_password'] });
    const passwordHash = await hashPassword(next);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.id} <> ${sessionId}`));
      await record(tx, { recordId: userId, buildingId: null, before });
    });
  }

  return { preAuth, resend, login, logout, changePassword };
}
