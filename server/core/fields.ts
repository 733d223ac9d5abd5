import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../../domain/inventory';
import { ibanError, normaliseIban } from '../../domain/iban';
import { fromMinor, MAX_AMOUNT } from '../../domain/money';
import { phoneNumber } from '../../domain/phone';
import { normaliseWebsite, URL_MESSAGE } from '../../domain/url';
import {
  EMAIL_PATTERN,
  isoDate,
  MAX_ID,
  percentValue,
  PERSONAL_NUMBER_PATTERN,
  recordId,
  NAME_PATTERN,
  V,
} from '../../domain/validation';
import { nestedDeeperThan } from './jsonDepth';

/**
 * The request-field rules every module shares, on top of domain/validation. Forms send text ('' for an empty box),
 * JSON sends numbers or null: both read the same. Messages are catalogue keys.
 */

/** An empty field means null: '' (or only blanks) clears the value. Written once; every module uses it. */
export const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** An empty field that must be given reads as a missing one ('required field'). */
export const blankIsMissing = (value: unknown) => blankIsNull(value) ?? undefined;

export { MAX_ID };

/** A number from JSON or form text; a missing one is 'required field', anything unreadable 'wrong value type'. */
const number = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim().replace(/,/g, '')) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? V.required : V.invalidType) })
      .refine(Number.isFinite, { error: V.invalidType, abort: true }),
  );

const idNumber = () =>
  z.number().int({ error: V.invalidType }).positive({ error: V.invalidType }).max(MAX_ID, { error: V.invalidType });

/** A record id that must be given. */
export const requiredId = () => z.preprocess(blankIsMissing, number().pipe(idNumber()));

/** A record id that may be left empty (null clears it). */
export const optionalId = () => z.preprocess(blankIsNull, number().pipe(idNumber()).nullable()).optional();

/** A record id in a query string or a body field read as text: a positive whole number up to MAX_ID. */
export const queryId = recordId;

/** A record id in the path: one beyond MAX_ID cannot exist, so it answers 404 (the error handler reads this key). */
export const pathId = (message?: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: 'server.not_found' });

/** The `:id` of a record's path, the same in every route. */
export const idParams = z.object({ id: pathId() });

/** A decimal with at most two digits after the point, below the bound of its numeric column. */
const decimal = (max: number, rule: 'positive' | 'not_negative') =>
  number().pipe(
    z
      .number()
      .refine((n) => (rule === 'positive' ? n > 0 : n >= 0), {
        error: rule === 'positive' ? V.positive : 'units.not_negative',
        abort: true,
      })
      .refine((n) => n < max, { error: 'units.too_large', abort: true })
      .refine((n) => hasAtMostTwoDecimals(n), { error: 'units.two_decimals' }),
  );

/** A percent (domain's percentValue: 0 up to but not including 100, two decimals); empty is 0. */
export const percent = () => z.preprocess((v) => blankIsNull(v) ?? 0, percentValue());

/** m², above zero (numeric(10,2)). */
export const area = () => z.preprocess(blankIsMissing, decimal(1e8, 'positive'));

/** Money in major units, above zero, at most `MAX_AMOUNT` (numeric(14,2)). */
export const positiveMoney = () => z.preprocess(blankIsMissing, decimal(fromMinor(MAX_AMOUNT + 1), 'positive'));

/** Money in major units, zero or more; empty is null. */
export const optionalMoney = () =>
  z.preprocess(blankIsNull, decimal(fromMinor(MAX_AMOUNT + 1), 'not_negative').nullable()).optional();

/** A whole number within the bounds of its smallint column. */
const whole = (min: number, max: number) =>
  number().pipe(
    z
      .number()
      .int({ error: V.invalidType })
      .min(min, { error: 'units.out_of_range' })
      .max(max, { error: 'units.out_of_range' }),
  );

/** A whole number of a list filter (a floor, a number of rooms or days): within its column's bounds. */
export const queryWhole = (min = -MAX_ID - 1, max = MAX_ID) => whole(min, max);

export const requiredWhole = (min: number, max: number) => z.preprocess(blankIsMissing, whole(min, max));

export const optionalWhole = (min: number, max: number) =>
  z.preprocess(blankIsNull, whole(min, max).nullable()).optional();

/** Text that may be left empty (stored as null); a field left out of the body keeps what is stored. */
export const optionalText = (max = 255) =>
  z
    .preprocess(blankIsNull, z.string({ error: V.invalidType }).trim().max(max, { error: V.tooLong }).nullable())
    .optional();

/** A name that may be left empty (stored as null): the letters, digits and marks of `NAME_PATTERN`. */
export const optionalName = (max = 255) =>
  z
    .preprocess(
      blankIsNull,
      z
        .string({ error: V.invalidType })
        .trim()
        .max(max, { error: V.tooLong })
        .regex(NAME_PATTERN, { error: V.invalidName })
        .nullable(),
    )
    .optional();

/** One value of a vocabulary. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: V.invalidValue });

export const optionalOneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankIsNull, oneOf(values).nullable()).optional();

export { listOf as listFilter } from '../../domain/validation';

/** A date that must be given (YYYY-MM-DD). */
export const requiredDate = () =>
  z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).pipe(isoDate());
/** A date that may be left empty (null clears it). */
export const optionalDate = () => z.preprocess(blankIsNull, isoDate().nullable()).optional();

export const optionalPhone = () =>
  z
    .preprocess(
      blankIsNull,
      // checked and written in international form by domain/phone.ts (+995 when typed without a code)
      phoneNumber().nullable(),
    )
    .optional();

/** The URL check of domain/url.ts, empty allowed (null); kept with a protocol: 'example.ge' → 'https://example.ge'. */
export const optionalWebsite = () =>
  z
    .preprocess(
      blankIsNull,
      z
        .string({ error: V.invalidType })
        .trim()
        .max(2000, { error: V.tooLong })
        .transform((raw, ctx) => {
          const website = normaliseWebsite(raw);
          if (website === null) {
            ctx.addIssue({ code: 'custom', message: URL_MESSAGE });
            return z.NEVER;
          }
          return website;
        })
        .nullable(),
    )
    .optional();

/** An IBAN as typed (spaces, lower case) is kept in its electronic form and checked (domain/iban); empty means none. */
export const optionalIban = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? normaliseIban(v) || null : v),
      z
        .string({ error: V.invalidType })
        .nullable()
        .superRefine((value, ctx) => {
          const error = value === null ? undefined : ibanError(value);
          if (error) ctx.addIssue({ code: 'custom', message: error });
        }),
    )
    .optional();

/** A personal number is exactly 11 digits; here it may be left empty. */
export const optionalPersonalNumber = () =>
  z
    .preprocess(
      blankIsNull,
      z.string({ error: V.invalidType }).trim().regex(PERSONAL_NUMBER_PATTERN, { error: V.personalNumber }).nullable(),
    )
    .optional();

/** An optional email: empty allowed (stored as null), otherwise the email rule. */
export const optionalEmailOrNull = () =>
  z
    .preprocess(
      blankIsNull,
      z.union(
        [z.null(), z.string().trim().max(255, { error: V.tooLong }).regex(EMAIL_PATTERN, { error: V.invalidEmail })],
        { error: V.invalidEmail },
      ),
    )
    .optional();

/**
 * A multipart form carries nested values (blocks, the state titles) as JSON text; a JSON body carries them as they are.
 */
export const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    if (nestedDeeperThan(v)) {
      ctx.addIssue({ code: 'custom', message: V.tooDeep });
      return z.NEVER;
    }
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);
