import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BonusBase, BonusKind, BonusTier } from '../../../domain/bonuses';
import { overlappingTier, sortedTiers, tierLabel } from '../../../domain/bonuses';
import type { BonusSchema, BonusTierRow, SaleTarget } from '../../../domain/contracts/bonuses';
import { fromMinor, toDecimalString, toMinor } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';
import { bonusItems, bonusSchemas, saleTargets, users } from '../../db/schema';
import { AppError, forbidden, isUniqueViolation } from '../../core/errors';

/** A month stored as its first day, read back as 'YYYY-MM'. */
const monthOf = (day: string | null) => (day === null ? null : day.slice(0, 7));
const num = (v: string | null) => (v === null ? null : Number(v));

export type SchemaRow = typeof bonusSchemas.$inferSelect;
type ItemRow = typeof bonusItems.$inferSelect;

export const presentTier = (item: ItemRow): BonusTierRow => ({
  id: item.id,
  bonus_id: item.bonusId,
  percent_from: Number(item.percentFrom),
  percent_to: num(item.percentTo),
  bonus_percent: num(item.bonusPercent),
  fixed_amount: item.fixedAmount === null ? null : Number(item.fixedAmount),
});

/** A tier as the domain rules read it (fixed amount in minor units). */
export const tierRule = (tier: BonusTierRow): BonusTier & BonusTierRow => ({
  ...tier,
  fixed_amount: tier.fixed_amount === null ? null : toMinor(tier.fixed_amount),
});

const presentSchema = (row: SchemaRow, items: ItemRow[]): BonusSchema => ({
  id: row.id,
  name: row.name,
  kind: row.kind as BonusKind,
  base: row.base as BonusBase,
  currency: row.currency,
  period_from: monthOf(row.periodFrom)!,
  period_to: monthOf(row.periodTo),
  items: sortedTiers(items.map(presentTier)),
  created_at: row.createdAt.toISOString(),
});

export interface SchemaInput {
  name: string;
  kind: BonusKind;
  base: BonusBase;
  currency: string;
  period_from: string;
  period_to?: string | null;
}

export interface TierInput {
  percent_from: number;
  percent_to?: number | null;
  bonus_percent?: number | null;
  fixed_amount?: number | null;
}

export interface TargetInput {
  user_id?: number | null;
  month: string;
  amount: number;
  currency: string;
}

/** Bonus schemas with their tiers, and the monthly sale targets: every query of both. */
export function createBonusesRepository(db: Db) {
  async function withItems(rowsIn: SchemaRow[], tx: Db | Tx = db): Promise<BonusSchema[]> {
    if (!rowsIn.length) return [];
    const items = await tx
      .select()
      .from(bonusItems)
      .where(
        inArray(
          bonusItems.bonusId,
          rowsIn.map((r) => r.id),
        ),
      );
    return rowsIn.map((r) =>
      presentSchema(
        r,
        items.filter((i) => i.bonusId === r.id),
      ),
    );
  }

  async function list(): Promise<BonusSchema[]> {
    return withItems(await db.select().from(bonusSchemas).orderBy(asc(bonusSchemas.periodFrom), asc(bonusSchemas.id)));
  }

  async function find(id: number, tx: Db | Tx = db): Promise<BonusSchema | null> {
    const found = await tx.select().from(bonusSchemas).where(eq(bonusSchemas.id, id));
    return found.length ? (await withItems(found, tx))[0] : null;
  }

  /** Creates a schema, or changes it when `id` names one. */
  async function save(userId: number, input: SchemaInput & { id?: number | null }) {
    const values = {
      name: input.name,
      kind: input.kind,
      base: input.base,
      currency: input.currency,
      periodFrom: `${input.period_from}-01`,
      periodTo: input.period_to ? `${input.period_to}-01` : null,
    };
    if (input.id) {
      const [row] = await db
        .update(bonusSchemas)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(bonusSchemas.id, input.id))
        .returning({ id: bonusSchemas.id });
      return row ? find(row.id) : null;
    }
    const [row] = await db
      .insert(bonusSchemas)
      .values({ ...values, createdBy: userId })
      .returning({ id: bonusSchemas.id });
    return find(row.id);
  }

  async function remove(id: number) {
    const gone = await db.delete(bonusSchemas).where(eq(bonusSchemas.id, id)).returning({ id: bonusSchemas.id });
    return gone.length > 0;
  }

  /**
   * Adds a tier; one overlapping an existing tier is refused (422 naming both). The schema row is locked, so two
   * tiers added at once cannot both slip past the check.
   */
  async function addTier(bonusId: number, input: TierInput) {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: bonusSchemas.id })
        .from(bonusSchemas)
        .where(eq(bonusSchemas.id, bonusId))
        .for('update');
      if (!locked) return null;
      const existing = (await tx.select().from(bonusItems).where(eq(bonusItems.bonusId, bonusId))).map(presentTier);
      const candidate = {
        percent_from: input.percent_from,
        percent_to: input.percent_to ?? null,
        bonus_percent: input.bonus_percent ?? null,
        fixed_amount: input.fixed_amount == null ? null : toMinor(input.fixed_amount),
      };
      const clash = overlappingTier(existing.map(tierRule), candidate);
      if (clash) {
        const params = { tier: tierLabel(candidate), other: tierLabel(clash) };
        throw new AppError(422, 'bonuses.tier_overlaps', params, {
          percent_from: [['bonuses.tier_overlaps', params]],
        });
      }
      const [item] = await tx
        .insert(bonusItems)
        .values({
          bonusId,
          percentFrom: String(input.percent_from),
          percentTo: input.percent_to == null ? null : String(input.percent_to),
          bonusPercent: input.bonus_percent == null ? null : String(input.bonus_percent),
          fixedAmount: input.fixed_amount == null ? null : toDecimalString(toMinor(input.fixed_amount)),
        })
        .returning();
      return presentTier(item);
    });
  }

  async function removeTier(bonusId: number, itemId: number) {
    const gone = await db
      .delete(bonusItems)
      .where(and(eq(bonusItems.id, itemId), eq(bonusItems.bonusId, bonusId)))
      .returning({ id: bonusItems.id });
    return gone.length > 0;
  }

  /** Schemas whose period covers the month. */
  async function coveringMonth(month: string, bonusId?: number) {
    const first = `${month}-01`;
    const found = await db
      .select()
      .from(bonusSchemas)
      .where(
        and(
          sql`${bonusSchemas.periodFrom} <= ${first}::date`,
          sql`(${bonusSchemas.periodTo} is null or ${bonusSchemas.periodTo} >= ${first}::date)`,
          bonusId ? eq(bonusSchemas.id, bonusId) : undefined,
        ),
      )
      .orderBy(asc(bonusSchemas.id));
    return withItems(found);
  }

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
  ): Promise<{ target: SaleTarget; created: boolean }> {
    try {
      return await writeTarget(userId, input, options);
    } catch (error) {
      // two people setting the same month's target at once: the second one finds the first and replaces it
      if (!isUniqueViolation(error)) throw error;
      return writeTarget(userId, input, options);
    }
  }

  async function writeTarget(userId: number, input: TargetInput, options: { mayReplace: boolean }) {
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

  return {
    list,
    find,
    save,
    remove,
    addTier,
    removeTier,
    coveringMonth,
    targets,
    saveTarget,
    removeTarget,
    userExists,
  };
}

export type BonusesRepository = ReturnType<typeof createBonusesRepository>;
