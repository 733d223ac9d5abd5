import { CONTRACT_PLACEHOLDERS, PLACEHOLDER_GROUPS, SCHEDULE_ROW_FIELDS } from '../../../domain/documentPlaceholders';
import { translate, type Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { listCustomFields } from '../customFields';

const groupOf = (name: string) =>
  Object.entries(PLACEHOLDER_GROUPS).find(([, names]) => (names as readonly string[]).includes(name))?.[0] ?? 'custom';

/**
 * Every placeholder a template may use, labelled in the caller's language: the built-in ones, then the custom fields.
 */
export async function placeholderFields(db: Db, locale: Locale) {
  const custom = await listCustomFields(db);
  return [
    ...CONTRACT_PLACEHOLDERS.map((name) => ({
      name,
      group: groupOf(name),
      label: translate(locale, `templates.placeholders.${name}`),
    })),
    ...custom.map((f) => ({
      name: f.name,
      group: 'custom',
      label: (locale === 'en' ? f.label_en : locale === 'ru' ? f.label_ru : null) || f.label_ka,
    })),
  ];
}

/** The names a template may use: the built-in placeholders and the custom fields' names. */
export async function knownPlaceholders(db: Db) {
  const custom = await listCustomFields(db);
  return { top: [...CONTRACT_PLACEHOLDERS, ...custom.map((f) => f.name)], row: [...SCHEDULE_ROW_FIELDS] };
}
