import type { Locale } from '../../../i18n';

/** A feature's or group's name in the request's language, Georgian when that one is not filled in. */
export const localName = (row: { nameKa: string; nameEn: string | null; nameRu: string | null }, locale: Locale) =>
  (locale === 'en' ? row.nameEn : locale === 'ru' ? row.nameRu : null) || row.nameKa;
