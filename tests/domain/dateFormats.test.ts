import { describe, it, expect } from 'vitest';
import {
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  formatIsoDate,
  isDateFormat,
  isIsoDay,
  isIsoMoment,
  orderedPeriod,
  parseTypedDate,
  type TypedDateFormat,
} from '../../domain/dateFormats';

/** The 15 date format choices, in their order. */
const SPEC_FORMATS = [
  'DATE_PICKER',
  'DD/MM/YYYY',
  'D/M/YYYY',
  'MM/DD/YYYY',
  'M/D/YYYY',
  'DD-MM-YYYY',
  'D-M-YYYY',
  'MM-DD-YYYY',
  'M-D-YYYY',
  'DD.MM.YYYY',
  'D.M.YYYY',
  'MM.DD.YYYY',
  'M.D.YYYY',
  'YYYY-MM-DD',
  'YYYY-M-D',
];
const TYPED = DATE_FORMATS.filter((f): f is TypedDateFormat => f !== 'DATE_PICKER');

describe('DATE_FORMATS', () => {
  it('are exactly the 15 choices, in order', () => {
    expect(DATE_FORMATS).toHaveLength(15);
    expect([...DATE_FORMATS]).toEqual(SPEC_FORMATS);
  });

  it('isDateFormat accepts them and nothing else', () => {
    for (const f of SPEC_FORMATS) expect(isDateFormat(f)).toBe(true);
    for (const f of ['dd/mm/yyyy', 'YYYY/MM/DD', '', null, 3]) expect(isDateFormat(f)).toBe(false);
  });

  it('the default is a typed format from the list', () => {
    expect(DATE_FORMATS).toContain(DEFAULT_DATE_FORMAT);
  });
});

describe('formatIsoDate', () => {
  it.each<[string, string]>([
    ['DD/MM/YYYY', '05/03/2024'],
    ['D/M/YYYY', '5/3/2024'],
    ['MM/DD/YYYY', '03/05/2024'],
    ['M/D/YYYY', '3/5/2024'],
    ['DD-MM-YYYY', '05-03-2024'],
    ['M-D-YYYY', '3-5-2024'],
    ['DD.MM.YYYY', '05.03.2024'],
    ['D.M.YYYY', '5.3.2024'],
    ['YYYY-MM-DD', '2024-03-05'],
    ['YYYY-M-D', '2024-3-5'],
    ['DATE_PICKER', '05/03/2024'],
  ])('2024-03-05 as %s → %s', (f, text) => {
    expect(formatIsoDate('2024-03-05', f as (typeof DATE_FORMATS)[number])).toBe(text);
  });

  it('two-digit days and months stay whole in short formats', () => {
    expect(formatIsoDate('2024-12-31', 'D/M/YYYY')).toBe('31/12/2024');
    expect(formatIsoDate('2024-12-31', 'M.D.YYYY')).toBe('12.31.2024');
  });

  it('reads a timestamp by its date part', () => {
    expect(formatIsoDate('2024-03-05T23:59:00.000Z', 'DD.MM.YYYY')).toBe('05.03.2024');
  });

  it('empty input gives an empty string', () => {
    expect(formatIsoDate('', 'DD/MM/YYYY')).toBe('');
    expect(formatIsoDate(null, 'DD/MM/YYYY')).toBe('');
    expect(formatIsoDate(undefined, 'DD/MM/YYYY')).toBe('');
  });

  it('text that is not a date comes back unchanged', () => {
    expect(formatIsoDate('not a date', 'DD/MM/YYYY')).toBe('not a date');
  });
});

describe('parseTypedDate (required, three parts, a four-digit year, a real day)', () => {
  it('empty or blank → validation.required', () => {
    expect(parseTypedDate('', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.required' });
    expect(parseTypedDate('   ', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.required' });
  });

  it('two parts → validation.wrong_format', () => {
    expect(parseTypedDate('01/02', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('four parts → wrong format', () => {
    expect(parseTypedDate('01/02/2024/1', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it("another separator than the format's → wrong format", () => {
    expect(parseTypedDate('01-02-2024', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
    expect(parseTypedDate('01/02/2024', 'DD.MM.YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('a two-digit year → wrong format', () => {
    expect(parseTypedDate('01/02/24', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
    expect(parseTypedDate('1/2/24', 'D/M/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
    expect(parseTypedDate('24-03-05', 'YYYY-MM-DD')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('a five-digit year → wrong format', () => {
    expect(parseTypedDate('01/02/20245', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('a day the calendar lacks → no such date; a month or day out of range → wrong format', () => {
    const missing = { ok: false, error: 'validation.no_such_date' };
    expect(parseTypedDate('31/02/1990', 'DD/MM/YYYY')).toEqual(missing);
    expect(parseTypedDate('29/02/2023', 'DD/MM/YYYY')).toEqual(missing);
    expect(parseTypedDate('31/04/2024', 'DD/MM/YYYY')).toEqual(missing);
    expect(parseTypedDate('02/31/1990', 'MM/DD/YYYY')).toEqual(missing);
    expect(parseTypedDate('1990-2-31', 'YYYY-M-D')).toEqual(missing);
    expect(parseTypedDate('01/13/2024', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
    expect(parseTypedDate('00/01/2024', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('a leap day is accepted', () => {
    expect(parseTypedDate('29/02/2024', 'DD/MM/YYYY')).toEqual({ ok: true, iso: '2024-02-29' });
  });

  it('letters → wrong format', () => {
    expect(parseTypedDate('aa/bb/cccc', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
    expect(parseTypedDate('1a/02/2024', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('D/M/YYYY accepts one- and two-digit parts', () => {
    expect(parseTypedDate('1/2/2024', 'D/M/YYYY')).toEqual({ ok: true, iso: '2024-02-01' });
    expect(parseTypedDate('01/02/2024', 'D/M/YYYY')).toEqual({ ok: true, iso: '2024-02-01' });
    expect(parseTypedDate('31/12/2024', 'D/M/YYYY')).toEqual({ ok: true, iso: '2024-12-31' });
  });

  it('DD/MM/YYYY rejects one-digit parts', () => {
    expect(parseTypedDate('1/2/2024', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
    expect(parseTypedDate('01/2/2024', 'DD/MM/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('three-digit day or month → wrong format', () => {
    expect(parseTypedDate('001/2/2024', 'D/M/YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('YYYY-M-D accepts 2024-3-5', () => {
    expect(parseTypedDate('2024-3-5', 'YYYY-M-D')).toEqual({ ok: true, iso: '2024-03-05' });
  });

  it('month-first formats read the month first', () => {
    expect(parseTypedDate('03/05/2024', 'MM/DD/YYYY')).toEqual({ ok: true, iso: '2024-03-05' });
    expect(parseTypedDate('12.31.2024', 'M.D.YYYY')).toEqual({ ok: true, iso: '2024-12-31' });
    expect(parseTypedDate('31.12.2024', 'M.D.YYYY')).toEqual({ ok: false, error: 'validation.wrong_format' });
  });

  it('surrounding spaces are ignored', () => {
    expect(parseTypedDate('  05.03.2024 ', 'DD.MM.YYYY')).toEqual({ ok: true, iso: '2024-03-05' });
  });

  describe('format → parse round trip', () => {
    const dates = ['2024-03-05', '2024-12-31', '2000-01-01', '2024-02-29', '1999-10-09'];
    it.each(TYPED)('%s', (f) => {
      for (const iso of dates) expect(parseTypedDate(formatIsoDate(iso, f), f)).toEqual({ ok: true, iso });
    });
  });
});

describe('orderedPeriod (a reversed range is swapped)', () => {
  it('swaps two whole days in the wrong order and leaves the rest', () => {
    expect(orderedPeriod('2026-11-20', '2026-11-01')).toEqual(['2026-11-01', '2026-11-20']);
    expect(orderedPeriod('2026-11-01', '2026-11-20')).toEqual(['2026-11-01', '2026-11-20']);
    expect(orderedPeriod('2026-11-20', '01/1')).toEqual(['2026-11-20', '01/1']);
    expect(orderedPeriod('2026-11-20', null)).toEqual(['2026-11-20', null]);
  });
});

describe('isIsoDay and isIsoMoment (a whole day or moment as the API writes them)', () => {
  it('take a day, a moment with or without seconds and zone, and nothing around them', () => {
    expect(isIsoDay('2026-12-03')).toBe(true);
    expect(isIsoDay('2026-12-03T08:00')).toBe(false);
    for (const moment of ['2026-12-03', '2026-12-03T08:00', '2026-12-03T08:00:00.000Z', '2026-12-03 08:00:00+04:00'])
      expect(isIsoMoment(moment), moment).toBe(true);
    for (const text of ['2026-12', '03-12-2026', '2026-12-03 10:00 meeting', 'paid 2026-12-03', ''])
      expect(isIsoMoment(text), text).toBe(false);
  });
});
