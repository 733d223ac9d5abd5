import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BonusBase, BonusKind, BonusTier } from '../../../domain/bonuses';
import { overlappingTier, sortedTiers, tierLabel } from '../../../domain/bonuses';
import type { BonusSchema, BonusTierRow } from '../../../domain/contracts/bonuses';
import { toDecimalString, toMinor } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';
import { bonusItems, bonusSchemas } from '../../db/schema';
import { AppError } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import { createSaleTargets, monthOf } from './targets';

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

/** Bonus schemas with their tiers, and the monthly sale targets (targets.ts): every query of both. */
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
  async function addTier(bonusId: number, input: TierInput, record: RecordWrite) {
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
      // a schema belongs to no complex; the line names the schema, as the path does
      await record(tx, { recordId: bonusId, buildingId: null });
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

  return {
    list,
    find,
    save,
    remove,
    addTier,
    removeTier,
    coveringMonth,
    ...createSaleTargets(db),
  };
}

export type BonusesRepository = ReturnType<typeof createBonusesRepository>;
