/**
 * Amounts and numbers in words for contracts: Georgian, English and Russian, for GEL, USD and
 * EUR, from 0 to 999,999,999,999.99 (the most a price or payment may be, `MAX_AMOUNT`). Written by hand: the npm
 * packages follow other conventions (to-words writes 137 as "ერთი ასი ოცდაათი შვიდი"). The conventions, also in
 * docs/decisions.md ("Amounts in words"):
 * - every language writes the minor units in words, and always writes them, 0 included ("და ნული თეთრი",
 *   "and zero cents", "ноль тетри");
 * - Georgian is vigesimal (ოცდა-, ორმოცდა-, სამოცდა-, ოთხმოცდა-; 90 ოთხმოცდაათი); ასი/ათასი/მილიონი/მილიარდი lose
 *   their final ი when more follows (ას ერთი, ორი ათას ორი, ერთი მილიონ ერთი); a bare 1000 is ათასი, not ერთი ათასი;
 *   nouns after a numeral stay singular; lari and tetri are joined by და;
 * - English is US style without "and" inside the number (one thousand two hundred thirty-four), with the units joined
 *   by "and" (dollars and forty-five cents);
 * - Russian agrees in gender (одна тысяча, две тысячи) and number (пять тысяч, два миллиона, пять долларов США);
 *   лари, тетри and евро do not decline; the units follow each other without a conjunction, as сумма прописью does.
 */

import { MAX_AMOUNT } from './money';

export type WordsLocale = 'ka' | 'en' | 'ru';
export type WordsCurrency = 'GEL' | 'USD' | 'EUR';

export const WORDS_LOCALES = ['ka', 'en', 'ru'] as const satisfies readonly WordsLocale[];
export const WORDS_CURRENCIES = ['GEL', 'USD', 'EUR'] as const satisfies readonly WordsCurrency[];

export const MAX_WORDS_MINOR = MAX_AMOUNT;
export const MAX_WORDS_NUMBER = Math.floor(MAX_AMOUNT / 100);

const assertRange = (n: number, max: number) => {
  if (!Number.isSafeInteger(n) || n < 0 || n > max) throw new RangeError(`not a whole number from 0 to ${max}: ${n}`);
};

// ---------------------------------------------------------------- Georgian

const KA_UNITS = [
  'ნული',
  'ერთი',
  'ორი',
  'სამი',
  'ოთხი',
  'ხუთი',
  'ექვსი',
  'შვიდი',
  'რვა',
  'ცხრა',
  'ათი',
  'თერთმეტი',
  'თორმეტი',
  'ცამეტი',
  'თოთხმეტი',
  'თხუთმეტი',
  'თექვსმეტი',
  'ჩვიდმეტი',
  'თვრამეტი',
  'ცხრამეტი',
];
/** 20, 40, 60, 80 with their final ი; before და- they drop it. */
const KA_SCORES = ['', 'ოცი', 'ორმოცი', 'სამოცი', 'ოთხმოცი'];
/** 100..900 without the final ი (ას, ორას, ... ცხრაას). */
const KA_HUNDREDS = ['', 'ას', 'ორას', 'სამას', 'ოთხას', 'ხუთას', 'ექვსას', 'შვიდას', 'რვაას', 'ცხრაას'];

const dropI = (word: string) => (word.endsWith('ი') ? word.slice(0, -1) : word);

/** 1..99 */
const kaBelow100 = (n: number): string => {
  if (n < 20) return KA_UNITS[n];
  const score = Math.floor(n / 20);
  const rest = n % 20;
  return rest === 0 ? KA_SCORES[score] : `${dropI(KA_SCORES[score])}და${KA_UNITS[rest]}`;
};

/** 1..999 */
const kaBelow1000 = (n: number): string => {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return kaBelow100(rest);
  return rest === 0 ? `${KA_HUNDREDS[hundreds]}ი` : `${KA_HUNDREDS[hundreds]} ${kaBelow100(rest)}`;
};

const kaNumber = (n: number): string => {
  if (n === 0) return KA_UNITS[0];
  const billions = Math.floor(n / 1_000_000_000);
  const millions = Math.floor(n / 1_000_000) % 1000;
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (billions) parts.push(`${kaBelow1000(billions)} ${millions || thousands || rest ? 'მილიარდ' : 'მილიარდი'}`);
  if (millions) parts.push(`${kaBelow1000(millions)} ${thousands || rest ? 'მილიონ' : 'მილიონი'}`);
  if (thousands) {
    const word = rest ? 'ათას' : 'ათასი';
    parts.push(thousands === 1 ? word : `${kaBelow1000(thousands)} ${word}`);
  }
  if (rest) parts.push(kaBelow1000(rest));
  return parts.join(' ');
};

// ---------------------------------------------------------------- English

const EN_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

const enBelow1000 = (n: number): string => {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${EN_UNITS[hundreds]} hundred`);
  if (rest >= 20) {
    const unit = rest % 10;
    parts.push(unit ? `${EN_TENS[Math.floor(rest / 10)]}-${EN_UNITS[unit]}` : EN_TENS[rest / 10]);
  } else if (rest) parts.push(EN_UNITS[rest]);
  return parts.join(' ');
};

const enNumber = (n: number): string => {
  if (n === 0) return EN_UNITS[0];
  const groups: Array<[number, string]> = [
    [Math.floor(n / 1_000_000_000), ' billion'],
    [Math.floor(n / 1_000_000) % 1000, ' million'],
    [Math.floor(n / 1000) % 1000, ' thousand'],
    [n % 1000, ''],
  ];
  return groups
    .filter(([value]) => value > 0)
    .map(([value, scale]) => enBelow1000(value) + scale)
    .join(' ');
};

// ---------------------------------------------------------------- Russian

type Gender = 'm' | 'f';
/** [one, few (2-4), many (5-20, 0)] */
type RuForms = readonly [string, string, string];

const RU_UNITS = [
  'ноль',
  'один',
  'два',
  'три',
  'четыре',
  'пять',
  'шесть',
  'семь',
  'восемь',
  'девять',
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const RU_TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const RU_HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];
const RU_THOUSAND: RuForms = ['тысяча', 'тысячи', 'тысяч'];
const RU_MILLION: RuForms = ['миллион', 'миллиона', 'миллионов'];
const RU_BILLION: RuForms = ['миллиард', 'миллиарда', 'миллиардов'];

/** The form a noun takes after n: 1, 21, 101 → one; 2-4, 22-24 → few; 0, 5-20, 11-14, 25-30 → many. */
export const ruPlural = (n: number, forms: RuForms): string => {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
};

const ruUnit = (n: number, gender: Gender) => {
  if (gender === 'f' && n === 1) return 'одна';
  if (gender === 'f' && n === 2) return 'две';
  return RU_UNITS[n];
};

const ruBelow1000 = (n: number, gender: Gender): string => {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(RU_HUNDREDS[hundreds]);
  if (rest >= 20) {
    parts.push(RU_TENS[Math.floor(rest / 10)]);
    if (rest % 10) parts.push(ruUnit(rest % 10, gender));
  } else if (rest) parts.push(ruUnit(rest, gender));
  return parts.join(' ');
};

const ruNumber = (n: number, gender: Gender = 'm'): string => {
  if (n === 0) return RU_UNITS[0];
  const billions = Math.floor(n / 1_000_000_000);
  const millions = Math.floor(n / 1_000_000) % 1000;
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (billions) parts.push(`${ruBelow1000(billions, 'm')} ${ruPlural(billions, RU_BILLION)}`);
  if (millions) parts.push(`${ruBelow1000(millions, 'm')} ${ruPlural(millions, RU_MILLION)}`);
  if (thousands) parts.push(`${ruBelow1000(thousands, 'f')} ${ruPlural(thousands, RU_THOUSAND)}`);
  if (rest) parts.push(ruBelow1000(rest, gender));
  return parts.join(' ');
};

// ---------------------------------------------------------------- public

/** A whole number 0..999,999,999,999 in words (Russian in the masculine: один, два). */
export function numberInWords(n: number, locale: WordsLocale): string {
  assertRange(n, MAX_WORDS_NUMBER);
  if (locale === 'ka') return kaNumber(n);
  if (locale === 'en') return enNumber(n);
  return ruNumber(n);
}

type UnitNames = Record<WordsLocale, { major: RuForms; minor: RuForms }>;

/** English [singular, plural, plural]; Georgian nouns stay singular after a numeral; Russian [1, 2-4, 5+]. */
const CURRENCY_WORDS: Record<WordsCurrency, UnitNames> = {
  GEL: {
    ka: { major: ['ლარი', 'ლარი', 'ლარი'], minor: ['თეთრი', 'თეთრი', 'თეთრი'] },
    en: { major: ['lari', 'lari', 'lari'], minor: ['tetri', 'tetri', 'tetri'] },
    ru: { major: ['лари', 'лари', 'лари'], minor: ['тетри', 'тетри', 'тетри'] },
  },
  USD: {
    ka: { major: ['აშშ დოლარი', 'აშშ დოლარი', 'აშშ დოლარი'], minor: ['ცენტი', 'ცენტი', 'ცენტი'] },
    en: { major: ['dollar', 'dollars', 'dollars'], minor: ['cent', 'cents', 'cents'] },
    ru: { major: ['доллар США', 'доллара США', 'долларов США'], minor: ['цент', 'цента', 'центов'] },
  },
  EUR: {
    ka: { major: ['ევრო', 'ევრო', 'ევრო'], minor: ['ევროცენტი', 'ევროცენტი', 'ევროცენტი'] },
    en: { major: ['euro', 'euros', 'euros'], minor: ['cent', 'cents', 'cents'] },
    ru: { major: ['евро', 'евро', 'евро'], minor: ['евроцент', 'евроцента', 'евроцентов'] },
  },
};

const unitName = (n: number, forms: RuForms, locale: WordsLocale) =>
  locale === 'ru' ? ruPlural(n, forms) : n === 1 ? forms[0] : forms[1];

/**
 * An amount in minor units (tetri, cents; 0..99,999,999,999,999) in words with its currency:
 * 35680 GEL ka → "სამას ორმოცდათექვსმეტი ლარი და ოთხმოცი თეთრი".
 */
export function amountInWords(minor: number, currency: WordsCurrency, locale: WordsLocale): string {
  assertRange(minor, MAX_WORDS_MINOR);
  const names = CURRENCY_WORDS[currency]?.[locale];
  if (!names) throw new RangeError(`unknown currency or language: ${currency} ${locale}`);
  const major = Math.floor(minor / 100);
  const cents = minor % 100;
  const majorText = `${numberInWords(major, locale)} ${unitName(major, names.major, locale)}`;
  const minorText = `${numberInWords(cents, locale)} ${unitName(cents, names.minor, locale)}`;
  if (locale === 'ka') return `${majorText} და ${minorText}`;
  if (locale === 'en') return `${majorText} and ${minorText}`;
  return `${majorText} ${minorText}`;
}
