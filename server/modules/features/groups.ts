import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { propertyFeatureGroups, propertyFeatures } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { listPage, totalCount, type ListQuery } from '../../core/paging';
import { localName, matches, names, type NamesInput } from './names';
import { presentFeature, unitsCarrying } from './present';

type GroupRow = typeof propertyFeatureGroups.$inferSelect;

/** Feature groups: the /features page lists them with their features; deleting one deletes its features. */
export function createFeatureGroupsRepository(db: Db) {
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

  return { listGroups, getGroup, createGroup, updateGroup, removeGroup };
}
