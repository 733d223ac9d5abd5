import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { formatMoney, toMinor } from '../../domain/money';

/**
 * Numbers and times as the user's language writes them (issue 16): English 1,242,000.00 and 10:15 PM; Georgian and
 * Russian 1 242 000,00 (a no-break space between thousands) and 22:15. Printed documents keep SPEC §9's one rule
 * (`formatAmount`: 1,242,000.00 whatever the language).
 */
const NBSP = '\u00a0';

/** A minor-units-exact amount ('1234567.5' or 1234567.5) in the locale's digits; text that is not an amount stays as is. */
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

/** Hours and minutes of a moment: 24-hour in Georgian and Russian, 12-hour in English. */
export const formatLocaleTime = (moment: Date | string, locale: string): string => {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: locale === 'en' ? 'h12' : 'h23',
  }).format(date);
};

/** The two formatters bound to the user's language. */
export function useLocaleFormat() {
  const [locale] = useLocaleState();
  const amount = useCallback(
    (value: unknown, currency?: unknown) => formatLocaleAmount(value, locale, currency),
    [locale],
  );
  const time = useCallback((moment: Date | string) => formatLocaleTime(moment, locale), [locale]);
  const number = useCallback(
    (value: unknown, fractionDigits?: number) => formatLocaleNumber(value, locale, fractionDigits),
    [locale],
  );
  return { amount, time, number, locale };
}
