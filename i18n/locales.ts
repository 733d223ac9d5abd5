/** The product's languages and how a request or a stored choice names one; no catalogue here, so the browser's first chunk stays small. */
export const LOCALES = ['ka', 'en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ka';

/** Each language by its own name, as the language switcher lists them. */
export const LANGUAGE_NAMES: Record<Locale, string> = { ka: 'ქართული', en: 'English', ru: 'Русский' };

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
