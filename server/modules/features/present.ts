import { sql } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import type { propertyFeatures } from '../../db/schema';
import { localName } from './names';

type FeatureRow = typeof propertyFeatures.$inferSelect;

/** How many units carry each feature: the delete confirmation says what is lost. */
export const unitsCarrying = sql<number>`cast((select count(*) from property_feature_links l
  where l.feature_id = "property_features"."id") as integer)`;

/** A feature as the pages show it: its names, the one in the reader's language, and what the list adds. */
export const presentFeature = (
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
