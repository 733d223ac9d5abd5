import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { DateField, DATE_FORMAT_KEY } from '../../src/widgets';
import {
  formatAxisMonths,
  formatCompactNumber,
  formatLocaleMonth,
  formatLocaleTime,
} from '../../src/widgets/localeFormat';
import { messagesFor } from '../../src/providers/i18nProvider';
import { renderWithAdmin } from './render';

const NBSP = '\u00a0';
const units = {
  ka: { thousands: 'ათ.', millions: 'მლნ', billions: 'მლრდ' },
  ru: { thousands: 'тыс.', millions: 'млн', billions: 'млрд' },
  en: { thousands: 'K', millions: 'M', billions: 'B' },
};

describe('months, times and short numbers from the product’s own locale data', () => {
  it('names months in Georgian and Russian whatever the browser knows, long and short', () => {
    expect(formatLocaleMonth('2026-03', 'ka')).toBe('მარტი 2026');
    expect(formatLocaleMonth('2026-12', 'ru')).toBe('декабрь 2026');
    expect(formatLocaleMonth('2026-12', 'en')).toBe('December 2026');
    expect(formatLocaleMonth('2026-12', 'ka', true)).toMatch(/^დეკ\.? 2026$/);
    // a chart's months: the year only when the period crosses one
    expect(formatAxisMonths(['2026-01', '2026-02'], 'ka')).toEqual(['იან', 'თებ']);
    expect(formatAxisMonths(['2026-12', '2027-01'], 'en')).toEqual(['Dec 2026', 'Jan 2027']);
    expect(formatLocaleMonth('not a month', 'ka')).toBe('not a month');
  });

  it('writes times on the 24-hour clock in Georgian and Russian, 12-hour in English', () => {
    const moment = new Date(2026, 10, 28, 13, 7, 35);
    expect(formatLocaleTime(moment, 'ka')).toBe('13:07');
    expect(formatLocaleTime(moment, 'ru')).toBe('13:07');
    expect(formatLocaleTime(moment, 'en')).toBe('1:07 PM');
  });

  it('shortens a chart axis’s numbers in the user’s language', () => {
    expect(formatCompactNumber(1_200_000, 'ka', units.ka)).toBe('1,2 მლნ');
    expect(formatCompactNumber(250_000, 'ka', units.ka)).toBe('250 ათ.');
    expect(formatCompactNumber(4_607_000, 'ru', units.ru)).toBe('4,6 млн');
    expect(formatCompactNumber(2_000_000_000, 'ru', units.ru)).toBe('2 млрд');
    expect(formatCompactNumber(1_200_000, 'en', units.en)).toBe('1.2M');
    expect(formatCompactNumber(-12_500, 'en', units.en)).toBe('-13K');
    expect(formatCompactNumber(950, 'ka', units.ka)).toBe('950');
    expect(formatCompactNumber(1_234_567, 'ka', units.ka)).toBe('1,2 მლნ');
    expect(formatCompactNumber(12_345_678, 'ka', units.ka)).toBe(`12 მლნ`);
    expect(formatCompactNumber(123_456_789, 'ka', units.ka)).toBe(`123 მლნ`);
    expect(formatCompactNumber(1_234_567_890_000, 'ka', units.ka)).toBe(`1${NBSP}235 მლრდ`);
  });
});

describe('DateField with its time', () => {
  it('shows a timestamp in the user’s date format and the 24-hour clock in Georgian', () => {
    localStorage.setItem(DATE_FORMAT_KEY, 'DD.MM.YYYY');
    const stamp = new Date(2026, 11, 10, 13, 7).toISOString();
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, modified_at: stamp }}>
        <DateField source="modified_at" showTime />
      </RecordContextProvider>,
      { locale: 'ka' },
    );
    expect(screen.getByText('10.12.2026 13:07')).toBeTruthy();
  });
});

describe('texts react-admin and its editor would show in English', () => {
  it('has the pickers’ empty text and the editor’s levels in every language', () => {
    for (const [locale, normal] of [
      ['ka', 'ჩვეულებრივი'],
      ['en', 'Normal'],
      ['ru', 'Обычный'],
    ] as const) {
      const messages = messagesFor(locale) as unknown as {
        ra: { tiptap: Record<string, string> };
        app: Record<string, string>;
      };
      expect(messages.ra.tiptap.paragraph).toBe(normal);
      expect(Object.keys(messages.ra.tiptap)).toHaveLength(27);
      expect(messages.app.no_options).toBeTruthy();
    }
    expect((messagesFor('ka') as unknown as { app: Record<string, string> }).app.no_options).not.toBe('No options');
  });
});
