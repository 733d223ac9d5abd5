import { useCallback } from 'react';
import { format } from 'date-fns';
import { enUS, ka, ru } from 'date-fns/locale';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney, toMinor } from '../../domain/money';

/**
 * Numbers and times as the user's language writes them: English 1,242,000.00 and 10:15 PM; Georgian and
 * Russian 1 242 000,00 (a no-break space between thousands) and 22:15. Printed documents keep one rule
 * (`formatAmount`: 1,242,000.00 whatever the language).
 */
const NBSP = '\u00a0';

/**
 * A minor-units-exact amount ('1234567.5' or 1234567.5) in the locale's digits; text that is not an amount stays as is.
 */
export const formatLocaleAmount = (value: unknown, locale: string, currency?: unknown): string => {
  if (value == null || value === '') return '';
  if (typeof value !== 'number' && typeof value !== 'string') return String(value);
  let amount: string;
  try {
    amount = formatMoney(toMinor(value));
  } catch {
    return String(value);
  }
  if (locale !== 'en') amount = amount.replace(/[,.]/g, (c) => (c === ',' ? NBSP : ','));
  return currency ? `${amount} ${String(currency)}` : amount;
};

/** A count or a ratio in the locale's digits ('1 242' or '12,5' in Georgian and Russian); not a number stays as is. */
export const formatLocaleNumber = (value: unknown, locale: string, fractionDigits = 0): string => {
  if (value == null || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const fixed = n.toFixed(fractionDigits);
  const [whole, fraction] = fixed.replace('-', '').split('.');
  const sep = locale === 'en' ? ',' : NBSP;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return `${n < 0 && Number(fixed) !== 0 ? '-' : ''}${grouped}${fraction ? `${locale === 'en' ? '.' : ','}${fraction}` : ''}`;
};

/** The decimals a number is written with: its own, within the bounds asked (at most 3 unless told). */
export interface DecimalBounds {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** A currency rate as NBG gives it, up to six decimals; an area in square metres, with two. */
export const RATE_DECIMALS: DecimalBounds = { maximumFractionDigits: 6 };
export const AREA_DECIMALS: DecimalBounds = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * An area, a rate or a share with the decimals it holds, within `bounds`, in the locale's digits: a rate stored as
 * '2.769500' reads '2,7695' in Georgian, one of 1 reads '1'.
 */
export const formatLocaleDecimal = (value: unknown, locale: string, bounds: DecimalBounds = {}): string => {
  const own = (String(Number(value)).split('.')[1] ?? '').length;
  const most = bounds.maximumFractionDigits ?? 3;
  return formatLocaleNumber(value, locale, Math.max(bounds.minimumFractionDigits ?? 0, Math.min(most, own)));
};

/**
 * The user's date-fns locale, weeks starting on Monday (Georgia's and Russia's calendars; English too here). Month and
 * weekday names come from it, never from the browser's Intl data, which lacks Georgian in some builds.
 */
const DATE_LOCALES = { ka, en: enUS, ru } as const;
export const mondayFirst = (locale: string) => {
  const base = DATE_LOCALES[locale as keyof typeof DATE_LOCALES] ?? enUS;
  return { ...base, options: { ...base.options, weekStartsOn: 1 as const } };
};

/** Hours and minutes of a moment: 24-hour in Georgian and Russian, 12-hour in English. */
export const formatLocaleTime = (moment: Date | string, locale: string): string => {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return '';
  return format(date, locale === 'en' ? 'h:mm a' : 'HH:mm', { locale: mondayFirst(locale) });
};

/**
 * '2026-03' as the month's name and year in the user's language ('მარტი 2026', 'март 2026', 'March 2026'); `short`
 * for a chart's axis ('მარ 2026', 'мар 2026', 'Mar 2026').
 */
export const formatLocaleMonth = (month: string, locale: string, short = false): string =>
  formatMonth(month, locale, short ? 'LLL yyyy' : 'LLLL yyyy');

/** '2026-03' by a date-fns pattern in the user's language; text that is not a month stays as is. */
const formatMonth = (month: string, locale: string, pattern: string): string => {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return format(new Date(y, m - 1, 1), pattern, { locale: mondayFirst(locale) });
};

/**
 * Months along a chart's axis, short: without their year when all of them share one ('მარ'), so each keeps its label;
 * with it when the period crosses a new year ('დეკ 2026', 'იან 2027').
 */
export const formatAxisMonths = (months: readonly string[], locale: string): string[] => {
  const oneYear = new Set(months.map((month) => month.slice(0, 4))).size === 1;
  return months.map((month) => formatMonth(month, locale, oneYear ? 'LLL' : 'LLL yyyy'));
};

/** Words for a thousand, a million and a billion, short, as the catalogue writes them. */
export interface CompactUnits {
  thousands: string;
  millions: string;
  billions: string;
}

/** A number shortened for a chart's axis: 1,2 მლნ, 250 ათ., 1.2M. */
export const formatCompactNumber = (value: unknown, locale: string, units: CompactUnits): string => {
  if (value == null || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const size = Math.abs(n);
  const [divisor, unit] =
    size >= 1e9
      ? [1e9, units.billions]
      : size >= 1e6
        ? [1e6, units.millions]
        : size >= 1e3
          ? [1e3, units.thousands]
          : [1, ''];
  const short = n / divisor;
  const digits = divisor > 1 && Math.abs(short) < 10 && !Number.isInteger(Number(short.toFixed(1))) ? 1 : 0;
  const text = formatLocaleNumber(short, locale, digits);
  if (!unit) return text;
  return locale === 'en' ? `${text}${unit}` : `${text} ${unit}`;
};

/** The formatters bound to the user's language. */
export function useLocaleFormat() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const amount = useCallback(
    (value: unknown, currency?: unknown) => formatLocaleAmount(value, locale, currency),
    [locale],
  );
  const time = useCallback((moment: Date | string) => formatLocaleTime(moment, locale), [locale]);
  const number = useCallback(
    (value: unknown, fractionDigits?: number) => formatLocaleNumber(value, locale, fractionDigits),
    [locale],
  );
  const decimal = useCallback(
    (value: unknown, bounds?: DecimalBounds) => formatLocaleDecimal(value, locale, bounds),
    [locale],
  );
  const compact = useCallback(
    (value: unknown) =>
      formatCompactNumber(value, locale, {
        thousands: translate('app.thousands_short'),
        millions: translate('app.millions_short'),
        billions: translate('app.billions_short'),
      }),
    [locale, translate],
  );
  /** A file's size in the language's digits and units: '512 B', '2,4 KB', '1,3 MB'. */
  const fileSize = useCallback(
    (bytes: number) => {
      const [value, unit] =
        bytes < 1024
          ? [bytes, 'bytes']
          : bytes < 1024 * 1024
            ? [bytes / 1024, 'kilobytes']
            : [bytes / 1048576, 'megabytes'];
      return `${formatLocaleNumber(value, locale, unit === 'bytes' ? 0 : 1)} ${translate(`app.${unit}_short`)}`;
    },
    [locale, translate],
  );
  /** A share in hundredths with its sign, in the language's digits ("83,34%"); "—" for none. */
  const percent = useCallback(
    (value: number | null | undefined, fractionDigits = 2) =>
      value === null || value === undefined ? '—' : `${formatLocaleNumber(value, locale, fractionDigits)}%`,
    [locale],
  );
  return { amount, time, number, decimal, compact, fileSize, percent, locale };
}
