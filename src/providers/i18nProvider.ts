import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { createContext } from 'react';
import { mergeTranslations, resolveBrowserLocale, type I18nProvider, type TranslationMessages } from 'react-admin';
import { catalogues, DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../i18n';
import { raKa } from '../../i18n/ra-ka';
import { raRuMissing } from '../../i18n/ra-ru-missing';
import { raTiptap } from '../../i18n/ra-tiptap';
import { en } from '../../i18n/en';

export const LOCALE_KEY = 'locale';

const reactAdmin: Record<Locale, TranslationMessages> = {
  ka: mergeTranslations(raKa as TranslationMessages, raTiptap.ka),
  en: mergeTranslations(englishMessages, raTiptap.en),
  ru: mergeTranslations(russianMessages as TranslationMessages, raRuMissing as TranslationMessages, raTiptap.ru),
};

export const messagesFor = (locale: Locale): TranslationMessages =>
  mergeTranslations(reactAdmin[locale], catalogues[locale] as unknown as TranslationMessages);

/** SPEC §3 Settings: the locale lives in local storage; Georgian unless the user chose otherwise. */
export const storedLocale = (): Locale => {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
};

export const createI18nProvider = (initial: Locale = storedLocale()) =>
  polyglotI18nProvider(
    (locale) => messagesFor(isLocale(locale) ? locale : DEFAULT_LOCALE),
    initial,
    [
      { locale: 'ka', name: en.languages.ka },
      { locale: 'en', name: en.languages.en },
      { locale: 'ru', name: en.languages.ru },
    ],
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
