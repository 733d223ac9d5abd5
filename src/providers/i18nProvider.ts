import polyglotI18nProvider from 'ra-i18n-polyglot';
import { createContext } from 'react';
import { resolveBrowserLocale, type I18nProvider, type TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_NAMES, LOCALES, type Locale } from '../../i18n/locales';

export const LOCALE_KEY = 'locale';

/** Each language's texts in a chunk of its own: the first page carries only the language it shows. */
const loaders: Record<Locale, () => Promise<TranslationMessages>> = {
  ka: () => import('./messages/ka').then((m) => m.messages),
  en: () => import('./messages/en').then((m) => m.messages),
  ru: () => import('./messages/ru').then((m) => m.messages),
};
const loaded: Partial<Record<Locale, TranslationMessages>> = {};

/** Loads a language's texts once; the app waits for the user's language before its first render (main.tsx). */
export async function loadMessages(locale: Locale): Promise<TranslationMessages> {
  return (loaded[locale] ??= await loaders[locale]());
}

/** A language's texts, loaded before (loadMessages). */
export const messagesFor = (locale: Locale): TranslationMessages => {
  const messages = loaded[locale];
  if (!messages) throw new Error(`the ${locale} texts are not loaded`);
  return messages;
};

/** The locale lives in local storage; Georgian unless the user chose otherwise. */
export const storedLocale = (): Locale => {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
};

/** The i18n provider on the loaded texts of `initial`; another language loads when the user switches to it. */
export const createI18nProvider = (initial: Locale = storedLocale()) =>
  polyglotI18nProvider(
    (locale) => {
      const wanted = isLocale(locale) ? locale : DEFAULT_LOCALE;
      return loaded[wanted] ?? loadMessages(wanted);
    },
    initial,
    LOCALES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    { allowMissing: false },
  );

/**
 * The same provider under a new identity. react-admin shows a new language by remounting the whole app (its
 * I18nContextProvider changes its key), which threw away what every open form held; handing <Admin> a renewed
 * provider instead renders each translating component again in place (LanguageSwitcher).
 */
export const renewedI18nProvider = (provider: I18nProvider): I18nProvider => ({ ...provider });

/** Renews the app's i18nProvider after its locale changed (App); absent outside the app. */
export const I18nRenewal = createContext<(() => void) | undefined>(undefined);

export { LOCALES, resolveBrowserLocale };
