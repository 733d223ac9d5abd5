import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, signInCodeFailures } from '../../db/schema';
import { AppError } from '../../core/errors';

/**
 * Wrong sign-in codes counted across codes: a new code every few tries does not give a guesser more of them. The wrong
 * code that reaches the limit locks signing in with a code for a while and ends the code under way.
 */
export function createCodeLock(db: Db, rule: { lockAfterWrongCodes: number; lockMinutes: number }) {
  const locked = (until: Date) =>
    new AppError(429, 'server.code_locked', {
      minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)),
    });

  async function refuseWhileLocked(userId: number) {
    const [lock] = await db
      .select({ until: signInCodeFailures.lockedUntil })
      .from(signInCodeFailures)
      .where(and(eq(signInCodeFailures.userId, userId), gt(signInCodeFailures.lockedUntil, new Date())));
    if (lock?.until) throw locked(lock.until);
  }

  /** One more wrong code; throws the lock's refusal when this one reached the limit. */
  async function countWrongCode(userId: number) {
    const reached = sql`sign_in_code_failures.wrong_codes + 1 >= ${rule.lockAfterWrongCodes}`;
    const [counted] = await db
      .insert(signInCodeFailures)
      .values({ userId, wrongCodes: 1 })
      .onConflictDoUpdate({
        target: signInCodeFailures.userId,
        set: {
          wrongCodes: sql`case when ${reached} then 0 else sign_in_code_failures.wrong_codes + 1 end`,
          lockedUntil: sql`case when ${reached} then now() + ${rule.lockMinutes} * interval '1 minute'
            else sign_in_code_failures.locked_until end`,
        },
      })
      .returning({ wrongCodes: signInCodeFailures.wrongCodes, lockedUntil: signInCodeFailures.lockedUntil });
    if (counted.wrongCodes !== 0 || !counted.lockedUntil) return;
    await db
      .update(loginChallenges)
      .set({ closedAt: new Date() })
      .where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.closedAt)));
    throw locked(counted.lockedUntil);
  }

  /** A code that was right: the wrong ones before it no longer count. */
  const forgetWrongCodes = (userId: number) =>
    db.update(signInCodeFailures).set({ wrongCodes: 0 }).where(eq(signInCodeFailures.userId, userId));

  return { refuseWhileLocked, countWrongCode, forgetWrongCodes };
}
