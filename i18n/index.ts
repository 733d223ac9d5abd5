import { en, type Catalogue } from './en';
import { ka } from './ka';
import { ru } from './ru';

export const LOCALES = ['ka', 'en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ka';

export const catalogues: Record<Locale, Catalogue> = { ka, en, ru };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Reads a Content-Language or Accept-Language value ('en-US,en;q=0.9'); anything else is Georgian. */
export const pickLocale = (header: string | undefined): Locale => {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
};

/** The text at a dotted key of a catalogue, or undefined. */
export const lookup = (catalogue: unknown, key: string): string | undefined => {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      catalogue,
    );
  return typeof value === 'string' ? value : undefined;
};

/** Polyglot-style lookup for the server: 'validation.required', {name} fills %{name}. Unknown keys come back as given. */
export const translate = (locale: Locale, key: string, params: Record<string, string | number> = {}): string => {
  const text = lookup(catalogues[locale], key) ?? lookup(en, key) ?? key;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
};

/** Whether a text is a key of the catalogue (a zod message of ours) rather than a library's own English. */
export const isCatalogueKey = (text: string): boolean =>
  /^[a-z_]+(\.[a-z0-9_]+)+$/.test(text) && lookup(en, text) !== undefined;
