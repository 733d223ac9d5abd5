import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SaleTarget } from '../../../domain/contracts/bonuses';
import { fromMinor, toDecimalString, toMinor } from '../../../domain/money';
import type { Db } from '../../db/client';
import { saleTargets, users } from '../../db/schema';
import { forbidden, isUniqueViolation } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';

/** A month stored as its first day, read back as 'YYYY-MM'. */
export const monthOf = (day: string | null) => (day === null ? null : day.slice(0, 7));

export interface TargetInput {
  user_id?: number | null;
  month: string;
  amount: number;
  currency: string;
}

/**
 * The monthly sale targets of the managers and of the group: their reads and writes. A target belongs to no complex.
 */
export function createSaleTargets(db: Db) {
  const targetColumns = {
    id: saleTargets.id,
    userId: saleTargets.userId,
    userName: users.fullName,
    month: saleTargets.month,
    amount: saleTargets.amount,
    currency: saleTargets.currency,
  };
  type TargetRow = {
    id: number;
    userId: number | null;
    userName: string | null;
    month: string;
    amount: string;
    currency: string;
  };
  const presentTarget = (r: TargetRow): SaleTarget => ({
    id: r.id,
    user_id: r.userId,
    user_name: r.userName,
    month: monthOf(r.month)!,
    amount: fromMinor(toMinor(r.amount)),
    currency: r.currency,
  });

  /** Targets, newest month first; `ownOf` keeps one manager's and the group's only. */
  async function targets(filter: { month?: string; user_id?: number; ownOf?: number }) {
    const found = await db
      .select(targetColumns)
      .from(saleTargets)
      .leftJoin(users, eq(users.id, saleTargets.userId))
      .where(
        and(
          filter.month ? eq(saleTargets.month, `${filter.month}-01`) : undefined,
          filter.user_id ? eq(saleTargets.userId, filter.user_id) : undefined,
          filter.ownOf ? sql`(${saleTargets.userId} = ${filter.ownOf} or ${saleTargets.userId} is null)` : undefined,
        ),
      )
      .orderBy(sql`${saleTargets.month} desc`, asc(users.fullName));
    return found.map(presentTarget);
  }

  /** Sets a month's target of a manager (or of the group): a second one for the same month replaces the first. */
  async function saveTarget(
    userId: number,
    input: TargetInput,
    options: { mayReplace: boolean },
    recordAs: (status: 200 | 201) => RecordWrite,
  ): Promise<{ target: SaleTarget; created: boolean }> {
    try {
      return await writeTarget(userId, input, options, recordAs);
    } catch (error) {
      // two people setting the same month's target at once: the second one finds the first and replaces it
      if (!isUniqueViolation(error)) throw error;
      return writeTarget(userId, input, options, recordAs);
    }
  }

  /**
   * One try of `saveTarget`, recorded (201 for a new target, 200 for one replaced) in the transaction that wrote it.
   */
  async function writeTarget(
    userId: number,
    input: TargetInput,
    options: { mayReplace: boolean },
    recordAs: (status: 200 | 201) => RecordWrite,
  ) {
    return db.transaction(async (tx) => {
      const month = `${input.month}-01`;
      const who = input.user_id ? eq(saleTargets.userId, input.user_id) : isNull(saleTargets.userId);
      const amount = toDecimalString(toMinor(input.amount));
      const [existing] = await tx
        .select({ id: saleTargets.id })
        .from(saleTargets)
        .where(and(who, eq(saleTargets.month, month)))
        .for('update');
      let id: number;
      if (existing && !options.mayReplace) throw forbidden();
      if (existing) {
        await tx
          .update(saleTargets)
          .set({ amount, currency: input.currency, updatedAt: new Date() })
          .where(eq(saleTargets.id, existing.id));
        id = existing.id;
      } else {
        const [row] = await tx
          .insert(saleTargets)
          .values({ userId: input.user_id ?? null, month, amount, currency: input.currency, createdBy: userId })
          .returning({ id: saleTargets.id });
        id = row.id;
      }
      const [row] = await tx
        .select(targetColumns)
        .from(saleTargets)
        .leftJoin(users, eq(users.id, saleTargets.userId))
        .where(eq(saleTargets.id, id));
      await recordAs(existing ? 200 : 201)(tx, { recordId: id, buildingId: null });
      return { target: presentTarget(row), created: !existing };
    });
  }

  async function removeTarget(id: number) {
    const gone = await db.delete(saleTargets).where(eq(saleTargets.id, id)).returning({ id: saleTargets.id });
    return gone.length > 0;
  }

  /** Whether a user exists (a target names a real manager). */
  async function userExists(id: number) {
    return (await db.$count(users, eq(users.id, id))) > 0;
  }

  return { targets, saveTarget, removeTarget, userExists };
}
