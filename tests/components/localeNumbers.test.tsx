import { describe, expect, it } from 'vitest';
import { AREA_DECIMALS, formatLocaleNumber, NumberField, RATE_DECIMALS } from '../../src/widgets';
import { formatLocaleDecimal } from '../../src/widgets/localeFormat';
import { renderWithAdmin } from './render';
import { cellText } from '../../src/pages/reports/cells';
import type { ReportColumn } from '../../src/pages/reports/definitions';

const NBSP = '\u00a0';
const translate = (key: string) => key;
const cell = (kind: string, value: unknown, locale: string) =>
  cellText({ key: 'v', kind } as unknown as ReportColumn, { v: value }, translate, locale);

describe('report cells in the user language', () => {
  it('writes money, areas, counts and percents as Russian and Georgian write them', () => {
    expect(cell('money', 1242000, 'ru')).toBe(`1${NBSP}242${NBSP}000,00`);
    expect(cell('money', '1242000', 'ka')).toBe(`1${NBSP}242${NBSP}000,00`);
    expect(cell('area', 51.5, 'ru')).toBe('51,50');
    expect(cell('count', 12345, 'ru')).toBe(`12${NBSP}345`);
    expect(cell('percent', 0.125, 'ka')).toBe('12,5%');
  });

  it('keeps English digits in English', () => {
    expect(cell('money', 1242000, 'en')).toBe('1,242,000.00');
    expect(cell('count', 12345, 'en')).toBe('12,345');
    expect(cell('percent', 0.125, 'en')).toBe('12.5%');
  });

  it('formats plain numbers with the given decimals, negatives and empties', () => {
    expect(formatLocaleNumber(-1234.56, 'ru', 1)).toBe(`-1${NBSP}234,6`);
    expect(formatLocaleNumber(999, 'en')).toBe('999');
    expect(formatLocaleNumber(null, 'ka')).toBe('');
    expect(formatLocaleNumber('abc', 'ka')).toBe('abc');
  });

  it('writes a rate with the decimals it holds, up to six, and an area with two', () => {
    expect(formatLocaleDecimal('2.769500', 'ka', RATE_DECIMALS)).toBe('2,7695');
    expect(formatLocaleDecimal('0.370370', 'ru', RATE_DECIMALS)).toBe('0,37037');
    expect(formatLocaleDecimal('1.000000', 'ka', RATE_DECIMALS)).toBe('1');
    expect(formatLocaleDecimal('2.769500', 'en', RATE_DECIMALS)).toBe('2.7695');
    expect(formatLocaleDecimal('33.5', 'ka', AREA_DECIMALS)).toBe('33,50');
  });
});

describe('NumberField in the user language', () => {
  it('writes an area as Georgian and Russian do, and as English does', () => {
    const area = (locale: 'ka' | 'ru' | 'en') => {
      const { container, unmount } = renderWithAdmin(
        <NumberField record={{ id: 1, area: 1289.3 }} source="area" options={{ minimumFractionDigits: 2 }} />,
        { locale },
      );
      const text = container.textContent?.replace(/\s/g, ' ');
      unmount();
      return text;
    };
    expect(area('ka')).toBe('1 289,30');
    expect(area('ru')).toBe('1 289,30');
    expect(area('en')).toBe('1,289.30');
  });

  it('writes a number with its own decimals, at most three, and nothing for no value', () => {
    const shown = (value: unknown, locale: 'ka' | 'en', options?: { maximumFractionDigits?: number }) => {
      const { container, unmount } = renderWithAdmin(
        <NumberField record={{ id: 1, v: value }} source="v" options={options} />,
        { locale },
      );
      const text = container.textContent?.replace(/\s/g, ' ');
      unmount();
      return text;
    };
    expect(shown(12, 'ka')).toBe('12');
    expect(shown(2.5, 'ka')).toBe('2,5');
    expect(shown('45.25', 'en')).toBe('45.25');
    expect(shown(1 / 3, 'en')).toBe('0.333');
    expect(shown(1 / 3, 'en', { maximumFractionDigits: 1 })).toBe('0.3');
    expect(shown(-12345, 'ka')).toBe('-12 345');
    expect(shown(null, 'en')).toBe('');
    expect(shown('n/a', 'ka')).toBe('n/a');
  });
});
