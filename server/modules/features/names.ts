import { ilike, or, type AnyColumn } from 'drizzle-orm';
import type { Locale } from '../../../i18n';
import { likePattern } from '../../core/paging';

export interface NamesInput {
  name_ka: string;
  name_en?: string | null;
  name_ru?: string | null;
}

/** A feature's or group's name in the request's language, Georgian when that one is not filled in. */
export const localName = (row: { nameKa: string; nameEn: string | null; nameRu: string | null }, locale: Locale) =>
  (locale === 'en' ? row.nameEn : locale === 'ru' ? row.nameRu : null) || row.nameKa;

/** The name columns an input sets: an empty English or Russian name is none. */
export const names = (input: Partial<NamesInput>) => ({
  ...(input.name_ka !== undefined && { nameKa: input.name_ka }),
  ...(input.name_en !== undefined && { nameEn: input.name_en || null }),
  ...(input.name_ru !== undefined && { nameRu: input.name_ru || null }),
});

/** A search by name, in any of the three languages. */
export const matches = (
  q: string | undefined,
  columns: { nameKa: AnyColumn; nameEn: AnyColumn; nameRu: AnyColumn },
) => {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(columns.nameKa, pattern), ilike(columns.nameEn, pattern), ilike(columns.nameRu, pattern));
};
