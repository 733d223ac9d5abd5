import { z } from 'zod';
import { hasAtMostTwoDecimals } from './inventory';

/**
 * The field rules (required, personal number, percent, email, min. 4 characters, dates, min/max and the rest),
 * written once for the server's request schemas and the browser's forms.
 * Messages are catalogue keys (i18n/en.ts `validation.*`); each side translates them.
 */
export const V = {
  required: 'validation.required',
  personalNumber: 'validation.personal_number',
  positive: 'validation.positive',
  percentage: 'validation.percentage',
  emailRequired: 'validation.email_required',
  invalidEmail: 'validation.invalid_email',
  min4: 'validation.min4',
  wrongFormat: 'validation.wrong_format',
  noSuchDate: 'validation.no_such_date',
  invalidName: 'validation.invalid_name',
  invalidType: 'validation.invalid_type',
  tooLong: 'validation.too_long',
  unknownField: 'validation.unknown_field',
  invalidValue: 'validation.invalid_value',
  minMax: 'validation.min_max',
  dateRange: 'validation.date_range',
  tooDeep: 'validation.too_deep',
} as const;

/** The largest id a record can have (PostgreSQL integer). */
export const MAX_ID = 2147483647;
/** A record id read from JSON or text: a positive whole number up to MAX_ID. */
export const recordId = () =>
  z.coerce
    .number({ error: V.invalidType })
    .int({ error: V.invalidType })
    .positive({ error: V.invalidType })
    .max(MAX_ID, { error: V.invalidType });

/** An email: word characters, @, a domain, a suffix of 2 to 6 characters. */
export const EMAIL_PATTERN = /^[\w.+-]+@(?:[\w-]+\.)+[A-Za-z]{2,6}$/;
export const PERSONAL_NUMBER_PATTERN = /^\d{11}$/;

export const requiredText = (max = 255) =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

/**
 * A person's or company's name in any language: letters of any script (with their marks), digits, spaces, hyphens,
 * apostrophes, dots, quotes and ampersands ("შპს „ბილდ & კო“", "O'Brien", "Анна-Мария"); an emoji or a symbol is not.
 */
export const NAME_PATTERN = /^[\p{L}\p{M}\p{N} \-‐–'’ʼ`."“”„«»&]*$/u;
export const isName = (value: string) => NAME_PATTERN.test(value);

export const requiredName = (max = 255) => requiredText(max).regex(NAME_PATTERN, { error: V.invalidName });

/** The variant of 'required' that accepts '0' (numbers arrive as text from forms). */
export const requiredAllowZero = () => z.union([z.number(), requiredText()], { error: V.required });

export const requiredArray = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: V.required }).min(1, { error: V.required });

export const personalNumber = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required, abort: true })
    .regex(PERSONAL_NUMBER_PATTERN, { error: V.personalNumber });

export const positiveNumber = () => z.coerce.number({ error: V.invalidType }).gt(0, { error: V.positive });

/**
 * A percent (an agent's fee, a sale's agent fee and minimum income, the sales filter's paid share): from 0 up to but
 * not including 100, with at most two decimals (a third would be rounded by the database, 99.995 to 100.00).
 */
export const percentValue = () =>
  z.coerce
    .number({ error: V.percentage })
    .refine(Number.isFinite, { error: V.percentage, abort: true })
    .refine((n) => n >= 0 && n < 100, { error: V.percentage, abort: true })
    .refine(hasAtMostTwoDecimals, { error: 'units.two_decimals' });

/** A percent that may be left empty ('' or null). */
export const percentage = () =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), percentValue().nullable()).optional();

/** The percent rule as a form validator: empty passes (required is another rule), else the message key. */
export const percentRule = (value: unknown): string | undefined => {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const checked = percentValue().safeParse(typeof value === 'string' ? value.trim() : value);
  return checked.success ? undefined : checked.error.issues[0].message;
};

export const email = () =>
  z
    .string({ error: V.emailRequired })
    .trim()
    .min(1, { error: V.emailRequired, abort: true })
    .max(255, { error: V.tooLong })
    .regex(EMAIL_PATTERN, { error: V.invalidEmail });

export const optionalEmail = () =>
  z
    .union(
      [z.literal(''), z.string().trim().max(255, { error: V.tooLong }).regex(EMAIL_PATTERN, { error: V.invalidEmail })],
      { error: V.invalidEmail },
    )
    .optional();

export const minFour = () =>
  z.string({ error: V.required }).trim().min(4, { error: V.min4 }).max(255, { error: V.tooLong });

/** Passwords are checked untrimmed: spaces count. */
export const password = () =>
  z.string({ error: V.required }).min(8, { error: 'validation.password_min' }).max(200, { error: V.tooLong });

/**
 * The years a date of the business may fall in: a later one is a typing slip, and a schedule from it would run past
 * 9999.
 */
export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '2199-12-31';

/** YYYY-MM-DD in shape, whether or not such a day exists (31 February has the shape). */
const ISO_DAY_SHAPE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const isoDate = () =>
  z.iso
    .date({
      error: (issue) =>
        typeof issue.input === 'string' && ISO_DAY_SHAPE.test(issue.input) ? V.noSuchDate : V.wrongFormat,
      abort: true,
    })
    .refine((day) => day >= FIRST_DATE && day <= LAST_DATE, { error: V.dateRange });

/** Min/max inputs: NaN becomes 0 and min may not exceed max. */
export const normaliseMinMax = (min: number | null, max: number | null) => {
  const clean = (n: number | null) => (n === null ? null : Number.isNaN(n) ? 0 : n);
  return { min: clean(min), max: clean(max) };
};
export const minMaxError = (min: number | null, max: number | null) =>
  min !== null && max !== null && min > max ? V.minMax : undefined;

/** Form values arrive as text from multipart bodies; these read them as what they mean. */
export const formBoolean = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: V.invalidType }),
  );

export const formIdList = () =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
    z.array(recordId()),
  );

export const formStringList = () =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
    z.array(z.string().trim().min(1)),
  );

/**
 * A filter given once (`status=free`), as a list (`status[]=free&status[]=booked`) or comma-separated; empty means off.
 */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
    z.array(item).optional(),
  );
