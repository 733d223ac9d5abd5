import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { propertyFeatureGroups, propertyFeatures } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { listPage, totalCount, type ListQuery } from '../../core/paging';
import { createFeatureGroupsRepository } from './groups';
import { localName, matches, names, type NamesInput } from './names';
import { presentFeature, unitsCarrying } from './present';

export interface FeatureInput extends NamesInput {
  group_id?: number | null;
}

/**
 * Feature groups and features: names in ka (required), en and ru; answered with the name in the request's language.
 */
export function createFeaturesRepository(db: Db) {
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
    ...createFeatureGroupsRepository(db),
    listFeatures,
    getFeature,
    createFeature,
    updateFeature,
    removeFeature,
  };
}

export type FeaturesRepository = ReturnType<typeof createFeaturesRepository>;
