import { en, type Catalogue } from './en';
import { ka } from './ka';
import { ru } from './ru';
import { lookup, type Locale } from './locales';

export * from './locales';

/** Every language's catalogue: the server's, the tests'. The browser loads only the one it shows (src/providers/i18nProvider.ts). */
export const catalogues: Record<Locale, Catalogue> = { ka, en, ru };

/** Polyglot-style lookup for the server: 'validation.required', {name} fills %{name}. Unknown keys come back as given. */
export const translate = (locale: Locale, key: string, params: Record<string, string | number> = {}): string => {
  const text = lookup(catalogues[locale], key) ?? lookup(en, key) ?? key;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
};

/** Whether a text is a key of the catalogue (a zod message of ours) rather than a library's own English. */
export const isCatalogueKey = (text: string): boolean =>
  /^[a-z_]+(\.[a-z0-9_]+)+$/.test(text) && lookup(en, text) !== undefined;
