import { format as formatDate, isValid, parse } from 'date-fns';

/** The 15 date format choices. DATE_PICKER shows a calendar; the others are typed. */
export const DATE_FORMATS = [
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
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export type TypedDateFormat = Exclude<DateFormat, 'DATE_PICKER'>;

export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';
export const ISO_FORMAT: TypedDateFormat = 'YYYY-MM-DD';

const toDateFns = (f: TypedDateFormat) => f.replace('YYYY', 'yyyy').replace(/D/g, 'd');
const separatorOf = (f: TypedDateFormat) => f.replace(/[DMY]/g, '')[0];

/** The date-fns pattern a date is shown in for the format `f` (the calendar mode shows DD/MM/YYYY). */
export const dateFnsPatternOf = (f: DateFormat) => toDateFns(f === 'DATE_PICKER' ? DEFAULT_DATE_FORMAT : f);

export const isDateFormat = (value: unknown): value is DateFormat =>
  typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);

/** Formats an ISO date (YYYY-MM-DD) for display; the calendar mode shows DD/MM/YYYY. */
export const formatIsoDate = (iso: string | null | undefined, f: DateFormat): string => {
  if (!iso) return '';
  const date = parse(iso.slice(0, 10), 'yyyy-MM-dd', new Date(2000, 0, 1));
  if (!isValid(date)) return iso;
  return formatDate(date, dateFnsPatternOf(f));
};

export type TypedDateResult =
  | { ok: true; iso: string }
  | { ok: false; error: 'validation.required' | 'validation.wrong_format' | 'validation.no_such_date' };

/** A typed date is required, has three parts, a four-digit year, and is a real calendar day. */
export const parseTypedDate = (text: string, f: TypedDateFormat): TypedDateResult => {
  const value = text.trim();
  if (!value) return { ok: false, error: 'validation.required' };
  const parts = value.split(separatorOf(f));
  const shape = f.split(separatorOf(f));
  if (parts.length !== 3) return { ok: false, error: 'validation.wrong_format' };
  const fits = parts.every((part, i) =>
    shape[i] === 'YYYY' ? /^\d{4}$/.test(part) : /^\d{1,2}$/.test(part) && (shape[i].length === 1 || part.length === 2),
  );
  if (!fits) return { ok: false, error: 'validation.wrong_format' };
  const date = parse(value, toDateFns(f), new Date(2000, 0, 1));
  if (!isValid(date)) {
    const number = (letter: string) => Number(parts[shape.findIndex((p) => p.startsWith(letter))]);
    const month = number('M');
    const day = number('D');
    // a day and month that could be (31/02/1990) are a date the calendar lacks; a 13th month is a typing slip
    const plausible = month >= 1 && month <= 12 && day >= 1 && day <= 31;
    return { ok: false, error: plausible ? 'validation.no_such_date' : 'validation.wrong_format' };
  }
  return { ok: true, iso: formatDate(date, 'yyyy-MM-dd') };
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A whole day as the API writes it (2026-12-03), whether or not the calendar has it. */
export const isIsoDay = (text: string) => ISO_DAY.test(text);

/** A whole day or moment as the API writes them (2026-12-03, 2026-12-03T08:00:00.000Z), nothing before or after. */
export const isIsoMoment = (text: string) => ISO_DAY.test(text) || ISO_TIMESTAMP.test(text);

/**
 * The date-range rule: a period whose end comes before its start is swapped, not refused. Only two whole days
 * (YYYY-MM-DD) are compared: a date still being typed is left alone.
 */
export const orderedPeriod = <T extends string | null | undefined>(from: T, to: T): [T, T] =>
  from && to && ISO_DAY.test(from) && ISO_DAY.test(to) && from > to ? [to, from] : [from, to];
