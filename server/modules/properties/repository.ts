import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { properties, propertyFeatureGroups, propertyFeatureLinks, propertyFeatures } from '../../db/schema';
import type { RecordWrite } from '../../core/activityLog';
import type { CurrentUser } from '../../core/types';
import { notFound } from '../../core/errors';
import type { PropertyInput, SplitPart } from './inputs';
import { createPropertiesList, present, withNames } from './list';
import { visibleUnit } from './unitChecks';
import { createUnit, removeUnit, splitUnit, updateUnit } from './writes';
import { localName } from '../features';

export type { PropertyFilters, PropertyInput, SplitPart } from './inputs';

export function createPropertiesRepository(db: Db) {
  const { list, ranges } = createPropertiesList(db);

  /** One unit as its page shows it: names of its complex and block, its features, and where a split left it. */
  async function get(user: CurrentUser, id: number, locale: Locale) {
    const [row] = await withNames(db).where(visibleUnit(user, id));
    if (!row) throw notFound();
    const [featureRows, parts, parent] = await Promise.all([
      db
        .select({ feature: propertyFeatures, group: propertyFeatureGroups })
        .from(propertyFeatureLinks)
        .innerJoin(propertyFeatures, eq(propertyFeatures.id, propertyFeatureLinks.featureId))
        .leftJoin(propertyFeatureGroups, eq(propertyFeatureGroups.id, propertyFeatures.groupId))
        .where(eq(propertyFeatureLinks.propertyId, id))
        .orderBy(asc(propertyFeatureGroups.id), asc(propertyFeatures.id)),
      db
        .select({ id: properties.id, no: properties.no, area: properties.area, status: properties.status })
        .from(properties)
        .where(eq(properties.parentId, id))
        .orderBy(asc(properties.id)),
      row.property.parentId
        ? db
            .select({ id: properties.id, no: properties.no })
            .from(properties)
            .where(eq(properties.id, row.property.parentId))
            .then((r) => r[0] ?? null)
        : Promise.resolve(null),
    ]);
    return {
      ...present(row),
      features: featureRows.map((f) => f.feature.id),
      feature_list: featureRows.map((f) => ({
        id: f.feature.id,
        name: localName(f.feature, locale),
        group_id: f.group?.id ?? null,
        group_name: f.group ? localName(f.group, locale) : null,
      })),
      parent,
      parts: parts.map((p) => ({ ...p, area: Number(p.area) })),
    };
  }

  return {
    list,
    ranges,
    get,
    /** A new unit, as its page shows it. */
    create: async (user: CurrentUser, input: PropertyInput, locale: Locale, record: RecordWrite) =>
      get(user, await createUnit(db, user, input, record), locale),
    /** Only the fields given change. The status moves here only between free and not for sale. */
    update: async (
      user: CurrentUser,
      id: number,
      input: Partial<PropertyInput>,
      locale: Locale,
      record: RecordWrite,
    ) => {
      await updateUnit(db, user, id, input, record);
      return get(user, id, locale);
    },
    remove: (user: CurrentUser, id: number, record: RecordWrite) => removeUnit(db, user, id, record),
    /** One unit into several; answers the unit, archived, with its parts. */
    split: async (user: CurrentUser, id: number, parts: SplitPart[], locale: Locale, record: RecordWrite) => {
      await splitUnit(db, user, id, parts, record);
      return get(user, id, locale);
    },
  };
}

export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;
