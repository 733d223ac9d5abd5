import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { catalogues, lookup, type Locale } from '../../i18n';
import { raKa } from '../../i18n/ra-ka';
import { raRuMissing } from '../../i18n/ra-ru-missing';

/**
 * The texts a browser test finds elements by (a button's name, a dialog's title, a status), read from the catalogues
 * the app shows in that language, so a renamed text changes the test with it.
 */

const reactAdmin: Record<Locale, unknown[]> = {
  ka: [raKa],
  en: [englishMessages],
  ru: [raRuMissing, russianMessages],
};

/** Which of a polyglot text's forms (separated by ||||) a count takes. */
const pluralForm = (locale: Locale, n: number): number => {
  if (locale === 'ka') return 0;
  if (locale === 'en') return n === 1 ? 0 : 1;
  const tens = n % 10;
  const hundreds = n % 100;
  if (tens === 1 && hundreds !== 11) return 0;
  return tens >= 2 && tens <= 4 && (hundreds < 10 || hundreds >= 20) ? 1 : 2;
};

/** The raw text of `key` in `locale`: the app's catalogue first, then react-admin's. */
function template(key: string, locale: Locale): string {
  const found = [catalogues[locale], ...reactAdmin[locale]].map((c) => lookup(c, key)).find((v) => v !== undefined);
  if (found === undefined) throw new Error(`no text for ${key} in ${locale}`);
  return found;
}

/** The text of `key` as the app shows it in `locale` (English unless said), with its %{name} parameters filled. */
export function text(key: string, params: Record<string, string | number> = {}, locale: Locale = 'en'): string {
  let raw = template(key, locale);
  if (raw.includes('||||')) {
    const forms = raw.split('||||').map((f) => f.trim());
    const count = Number(params.smart_count ?? 1);
    raw = forms[Math.min(pluralForm(locale, count), forms.length - 1)];
  }
  return raw.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern of `key`'s text whose unfilled parameters match anything: a text whose numbers the test does not know. */
export function textPattern(key: string, params: Record<string, string | number> = {}, locale: Locale = 'en'): RegExp {
  const filled = text(key, params, locale);
  return new RegExp(
    filled
      .split(/%\{\w+\}/)
      .map(escape)
      .join('.+'),
  );
}

/** Every text leaf of a catalogue, each of a plural's forms apart. */
const leaves = (catalogue: unknown): string[] =>
  typeof catalogue === 'string'
    ? catalogue.split('||||')
    : catalogue && typeof catalogue === 'object'
      ? Object.values(catalogue).flatMap(leaves)
      : [];

/** English a library writes on its own, outside the catalogues (MUI's pickers and pagination, the editor's styles). */
const LIBRARY_ENGLISH = ['No options', 'Rows per page', 'No results', 'Normal text', 'Heading 1', ' vs '];

/**
 * The English phrases of the app's and react-admin's catalogues (two words or more, Latin letters only, not also a
 * Georgian or Russian text), and the English libraries write by themselves: any of them on a Georgian or Russian
 * screen is a text left untranslated.
 */
export const englishPhrases: readonly string[] = (() => {
  const elsewhere = new Set([
    ...leaves(catalogues.ka),
    ...leaves(raKa),
    ...leaves(catalogues.ru),
    ...leaves(raRuMissing),
  ]);
  const phrases = [...leaves(catalogues.en), ...leaves(englishMessages)]
    .flatMap((leaf) => leaf.split(/%\{\w+\}/))
    .map((fragment) => fragment.trim().replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, ''))
    .filter((fragment) => /^[A-Za-z][A-Za-z' ]*[A-Za-z]$/.test(fragment) && fragment.includes(' '))
    .filter((fragment) => fragment.length >= 8 && !elsewhere.has(fragment));
  return [...new Set([...phrases, ...LIBRARY_ENGLISH])];
})();
