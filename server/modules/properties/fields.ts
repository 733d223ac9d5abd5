import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../../../domain/inventory';
import { V } from '../../../domain/validation';

/**
 * Request fields of the inventory calls, on top of domain/validation. Forms send text ('' for an empty box),
 * JSON sends numbers or null: both read the same. Messages are catalogue keys.
 */
const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const blankIsMissing = (value: unknown) => blankIsNull(value) ?? undefined;

/** A number from JSON or form text; a missing one is 'required field', anything unreadable 'wrong value type'. */
const number = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.trim().replace(/,/g, '')) : v),
    z.number({ error: (issue) => (issue.input === undefined ? V.required : V.invalidType) }).refine(Number.isFinite, { error: V.invalidType, abort: true }),
  );

/** A record id that must be given. */
export const requiredId = () => z.preprocess(blankIsMissing, number().pipe(z.number().int({ error: V.invalidType }).positive({ error: V.invalidType })));

/** A record id that may be left empty (null clears it). */
export const optionalId = () =>
  z.preprocess(blankIsNull, number().pipe(z.number().int({ error: V.invalidType }).positive({ error: V.invalidType })).nullable()).optional();

/** A decimal with at most two digits after the point, below the bound of its numeric column. */
const decimal = (max: number, rule: 'positive' | 'not_negative') =>
  number().pipe(
    z
      .number()
      .refine((n) => (rule === 'positive' ? n > 0 : n >= 0), { error: rule === 'positive' ? V.positive : 'units.not_negative', abort: true })
      .refine((n) => n < max, { error: 'units.too_large', abort: true })
      .refine((n) => hasAtMostTwoDecimals(n), { error: 'units.two_decimals' }),
  );

/** m², above zero (numeric(10,2)). */
export const area = () => z.preprocess(blankIsMissing, decimal(1e8, 'positive'));

/** Money in major units, above zero (numeric(14,2)). */
export const positiveMoney = () => z.preprocess(blankIsMissing, decimal(1e12, 'positive'));

/** Money in major units, zero or more; empty is null. */
export const optionalMoney = () => z.preprocess(blankIsNull, decimal(1e12, 'not_negative').nullable()).optional();

/** A whole number within the bounds of its smallint column. */
const whole = (min: number, max: number) =>
  number().pipe(z.number().int({ error: V.invalidType }).min(min, { error: 'units.out_of_range' }).max(max, { error: 'units.out_of_range' }));

export const requiredWhole = (min: number, max: number) => z.preprocess(blankIsMissing, whole(min, max));

export const optionalWhole = (min: number, max: number) => z.preprocess(blankIsNull, whole(min, max).nullable()).optional();

export const optionalText = (max: number) =>
  z.preprocess(blankIsNull, z.string({ error: V.invalidType }).trim().max(max, { error: V.tooLong }).nullable()).optional();

/** One value of a vocabulary. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: V.invalidValue });

export const optionalOneOf = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankIsNull, oneOf(values).nullable()).optional();

export { listOf as listFilter } from '../../../domain/validation';
