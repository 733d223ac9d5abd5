import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { propertyFeatureGroups, propertyFeatures } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { likePattern, listPage, totalCount, type ListQuery } from '../../core/paging';
import { localName } from './names';

export interface NamesInput {
  name_ka: string;
  name_en?: string | null;
  name_ru?: string | null;
}
export interface FeatureInput extends NamesInput {
  group_id?: number | null;
}

type GroupRow = typeof propertyFeatureGroups.$inferSelect;
type FeatureRow = typeof propertyFeatures.$inferSelect;

const names = (input: Partial<NamesInput>) => ({
  ...(input.name_ka !== undefined && { nameKa: input.name_ka }),
  ...(input.name_en !== undefined && { nameEn: input.name_en || null }),
  ...(input.name_ru !== undefined && { nameRu: input.name_ru || null }),
});

const matches = (q: string | undefined, columns: { nameKa: AnyColumn; nameEn: AnyColumn; nameRu: AnyColumn }) => {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(columns.nameKa, pattern), ilike(columns.nameEn, pattern), ilike(columns.nameRu, pattern));
};

/** How many units carry each feature: the delete confirmation says what is lost. */
const unitsCarrying = sql<number>`cast((select count(*) from property_feature_links l where l.feature_id = "property_features"."id") as integer)`;

/** Feature groups and features (SPEC §7): names in ka (required), en and ru; answered with the name in the request's language. */
export function createFeaturesRepository(db: Db) {
  const presentFeature = (
    row: FeatureRow,
    locale: Locale,
    extra: { group_name?: string | null; properties_count?: number } = {},
  ) => ({
    id: row.id,
    group_id: row.groupId,
    name: localName(row, locale),
    name_ka: row.nameKa,
    name_en: row.nameEn,
    name_ru: row.nameRu,
    ...extra,
  });

  const presentGroup = (row: GroupRow, locale: Locale, features: ReturnType<typeof presentFeature>[]) => ({
    id: row.id,
    name: localName(row, locale),
    name_ka: row.nameKa,
    name_en: row.nameEn,
    name_ru: row.nameRu,
    features,
  });

  /** Groups with their features, for the /features page; features outside a group come under the last, null group. */
  async function listGroups(q: ListQuery, locale: Locale) {
    const where = matches(q.query, propertyFeatureGroups);
    const { rows, meta } = await listPage(
      q,
      {
        columns: {
          id: propertyFeatureGroups.id,
          name_ka: propertyFeatureGroups.nameKa,
          name_en: propertyFeatureGroups.nameEn,
          name_ru: propertyFeatureGroups.nameRu,
        },
        fallback: 'id',
        then: asc(propertyFeatureGroups.id),
      },
      ({ orderBy, limit, offset }) =>
        db
          .select({ group: propertyFeatureGroups, total: totalCount })
          .from(propertyFeatureGroups)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => db.$count(propertyFeatureGroups, where),
    );
    const ids = rows.map((r) => r.group.id);
    const features = ids.length
      ? await db
          .select({ feature: propertyFeatures, count: unitsCarrying })
          .from(propertyFeatures)
          .where(inArray(propertyFeatures.groupId, ids))
          .orderBy(asc(propertyFeatures.id))
      : [];
    return {
      data: rows.map((r) =>
        presentGroup(
          r.group,
          locale,
          features
            .filter((f) => f.feature.groupId === r.group.id)
            .map((f) => presentFeature(f.feature, locale, { properties_count: f.count })),
        ),
      ),
      meta,
    };
  }

  async function findGroup(id: number) {
    const [row] = await db.select().from(propertyFeatureGroups).where(eq(propertyFeatureGroups.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function getGroup(id: number, locale: Locale) {
    const row = await findGroup(id);
    const features = await db
      .select({ feature: propertyFeatures, count: unitsCarrying })
      .from(propertyFeatures)
      .where(eq(propertyFeatures.groupId, id))
      .orderBy(asc(propertyFeatures.id));
    return presentGroup(
      row,
      locale,
      features.map((f) => presentFeature(f.feature, locale, { properties_count: f.count })),
    );
  }

  /** The same Georgian name twice would be two identical ticks on the unit form. */
  async function assertGroupNameFree(nameKa: string, exceptId?: number) {
    const [same] = await db
      .select({ id: propertyFeatureGroups.id })
      .from(propertyFeatureGroups)
      .where(
        and(
          sql`lower(${propertyFeatureGroups.nameKa}) = lower(${nameKa})`,
          exceptId ? ne(propertyFeatureGroups.id, exceptId) : undefined,
        ),
      );
    if (same) throw invalid({ name_ka: ['units.group_name_taken'] });
  }

  async function createGroup(input: NamesInput, locale: Locale) {
    await assertGroupNameFree(input.name_ka);
    const [row] = await db
      .insert(propertyFeatureGroups)
      .values({ nameKa: input.name_ka, ...names(input) })
      .returning();
    return presentGroup(row, locale, []);
  }

  async function updateGroup(id: number, input: Partial<NamesInput>, locale: Locale) {
    await findGroup(id);
    if (input.name_ka !== undefined) await assertGroupNameFree(input.name_ka, id);
    await db
      .update(propertyFeatureGroups)
      .set({ ...names(input), updatedAt: new Date() })
      .where(eq(propertyFeatureGroups.id, id));
    return getGroup(id, locale);
  }

  /** A group goes with its features, and they leave the units that carried them. */
  async function removeGroup(id: number) {
    const [row] = await db
      .delete(propertyFeatureGroups)
      .where(eq(propertyFeatureGroups.id, id))
      .returning({ id: propertyFeatureGroups.id });
    if (!row) throw notFound();
  }

  async function listFeatures(q: ListQuery & { group_id?: number }, locale: Locale) {
    const filters: Array<SQL | undefined> = [matches(q.query, propertyFeatures)];
    if (q.group_id !== undefined) filters.push(eq(propertyFeatures.groupId, q.group_id));
    const { rows, meta } = await listPage(
      q,
      {
        columns: {
          id: propertyFeatures.id,
          name_ka: propertyFeatures.nameKa,
          name_en: propertyFeatures.nameEn,
          name_ru: propertyFeatures.nameRu,
          group_id: propertyFeatures.groupId,
        },
        fallback: 'id',
        then: asc(propertyFeatures.id),
      },
      ({ orderBy, limit, offset }) =>
        db
          .select({ feature: propertyFeatures, group: propertyFeatureGroups, count: unitsCarrying, total: totalCount })
          .from(propertyFeatures)
          .leftJoin(propertyFeatureGroups, eq(propertyFeatureGroups.id, propertyFeatures.groupId))
          .where(and(...filters))
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      () => db.$count(propertyFeatures, and(...filters)),
    );
    return {
      data: rows.map((r) =>
        presentFeature(r.feature, locale, {
          group_name: r.group ? localName(r.group, locale) : null,
          properties_count: r.count,
        }),
      ),
      meta,
    };
  }

  async function getFeature(id: number, locale: Locale) {
    const [row] = await db
      .select({ feature: propertyFeatures, group: propertyFeatureGroups, count: unitsCarrying })
      .from(propertyFeatures)
      .leftJoin(propertyFeatureGroups, eq(propertyFeatureGroups.id, propertyFeatures.groupId))
      .where(eq(propertyFeatures.id, id));
    if (!row) throw notFound();
    return presentFeature(row.feature, locale, {
      group_name: row.group ? localName(row.group, locale) : null,
      properties_count: row.count,
    });
  }

  async function checkFeature(input: Partial<FeatureInput>, groupId: number | null, exceptId?: number) {
    if (input.group_id != null) {
      const [group] = await db
        .select({ id: propertyFeatureGroups.id })
        .from(propertyFeatureGroups)
        .where(eq(propertyFeatureGroups.id, input.group_id));
      if (!group) throw invalid({ group_id: ['units.unknown_group'] });
    }
    if (input.name_ka === undefined) return;
    const [same] = await db
      .select({ id: propertyFeatures.id })
      .from(propertyFeatures)
      .where(
        and(
          sql`lower(${propertyFeatures.nameKa}) = lower(${input.name_ka})`,
          groupId === null ? isNull(propertyFeatures.groupId) : eq(propertyFeatures.groupId, groupId),
          exceptId ? ne(propertyFeatures.id, exceptId) : undefined,
        ),
      );
    if (same) throw invalid({ name_ka: ['units.feature_name_taken'] });
  }

  async function createFeature(input: FeatureInput, locale: Locale) {
    await checkFeature(input, input.group_id ?? null);
    const [row] = await db
      .insert(propertyFeatures)
      .values({ nameKa: input.name_ka, ...names(input), groupId: input.group_id ?? null })
      .returning();
    return getFeature(row.id, locale);
  }

  async function updateFeature(id: number, input: Partial<FeatureInput>, locale: Locale) {
    const [current] = await db.select().from(propertyFeatures).where(eq(propertyFeatures.id, id));
    if (!current) throw notFound();
    const groupId = input.group_id !== undefined ? input.group_id : current.groupId;
    await checkFeature(
      { ...input, name_ka: input.name_ka ?? (input.group_id !== undefined ? current.nameKa : undefined) },
      groupId,
      id,
    );
    await db
      .update(propertyFeatures)
      .set({ ...names(input), ...(input.group_id !== undefined && { groupId: input.group_id }), updatedAt: new Date() })
      .where(eq(propertyFeatures.id, id));
    return getFeature(id, locale);
  }

  /** The feature leaves every unit that carried it (the links cascade). */
  async function removeFeature(id: number) {
    const [row] = await db
      .delete(propertyFeatures)
      .where(eq(propertyFeatures.id, id))
      .returning({ id: propertyFeatures.id });
    if (!row) throw notFound();
  }

  return {
    listGroups,
    getGroup,
    createGroup,
    updateGroup,
    removeGroup,
    listFeatures,
    getFeature,
    createFeature,
    updateFeature,
    removeFeature,
  };
}

export type FeaturesRepository = ReturnType<typeof createFeaturesRepository>;
