import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { activeUserByEmail } from './accounts';
import type { ServerConfig } from '../../config';
import { passwordResets, sessions, users } from '../../db/schema';
import { hashPassword, randomToken, sha256 } from '../../core/crypto';
import { AppError } from '../../core/errors';
import { translate, type Locale } from '../../../i18n';
import type { Channels } from '../channels';

/** Password-reset links: one live link per user, the newest; a used link is dead. */
export function createPasswordResets(db: Db, config: ServerConfig, log: FastifyBaseLogger, channels: Channels) {
  /** A reset link goes out only for a known, active address; issuing it replaces the user's earlier link. */
  async function requestReset(email: string, locale: Locale) {
    const user = await activeUserByEmail(db, email);
    if (!user) return;
    const token = randomToken();
    const live = {
      tokenHash: sha256(token),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + config.resetTokenTtlMinutes * 60_000),
    };
    await db
      .insert(passwordResets)
      .values({ userId: user.id, ...live })
      .onConflictDoUpdate({ target: passwordResets.userId, targetWhere: isNull(passwordResets.usedAt), set: live });
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    if (config.otp.logCodes) log.info({ email: user.email }, `password reset link for ${user.email}: ${link}`);
    if (!channels.email || channels.email.transport === 'log') return;
    try {
      await channels.email.send({
        to: user.email,
        subject: translate(locale, 'auth_mail.reset_subject'),
        text: translate(locale, 'auth_mail.reset_body', {
          link,
          minutes: config.resetTokenTtlMinutes,
          name: user.fullName,
        }),
        locale,
      });
    } catch (error) {
      // the answer stays the same for every address; the failure is the operator's to see
      log.error({ err: error, userId: user.id }, 'the password reset link could not be sent');
    }
  }

  const live = (token: string) =>
    and(
      eq(passwordResets.tokenHash, sha256(token)),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, new Date()),
    );

  const usableReset = async (token: string) => {
    const [reset] = await db.select().from(passwordResets).where(live(token));
    return reset;
  };

  async function confirmReset(token: string, password: string) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [used] = await tx.update(passwordResets).set({ usedAt: new Date() }).where(live(token)).returning();
      if (!used) throw new AppError(422, 'server.reset_invalid', {}, { token: ['server.reset_invalid'] });
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, used.userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
    });
  }

  return { requestReset, usableReset, confirmReset };
}
