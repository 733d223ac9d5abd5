import { z } from 'zod';
import { EMAIL_PATTERN, PERSONAL_NUMBER_PATTERN, V } from '../../../domain/validation';

/**
 * Form fields shared by the company, building and bank-account calls. A form sends '' for an empty input:
 * that clears the value (null); a field left out of the body keeps what is stored.
 */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const optionalText = (max = 255) => z.preprocess(blankToNull, z.string({ error: V.invalidType }).trim().max(max, { error: V.tooLong }).nullable()).optional();

export const optionalPhone = () =>
  z.preprocess(blankToNull, z.string({ error: V.invalidType }).trim().max(40, { error: V.tooLong }).regex(/^\+?[\d\s()-]{3,}$/, { error: V.wrongFormat }).nullable()).optional();

/** SPEC §5: a personal number is exactly 11 digits; here it may be left empty. */
export const optionalPersonalNumber = () =>
  z.preprocess(blankToNull, z.string({ error: V.invalidType }).trim().regex(PERSONAL_NUMBER_PATTERN, { error: V.personalNumber }).nullable()).optional();

/** SPEC §5's optional email: empty allowed (stored as null), otherwise the email rule. */
export const optionalEmailOrNull = () =>
  z
    .preprocess(blankToNull, z.union([z.null(), z.string().trim().max(255, { error: V.tooLong }).regex(EMAIL_PATTERN, { error: V.invalidEmail })], { error: V.invalidEmail }))
    .optional();

/** A multipart form carries nested values (blocks, the state titles) as JSON text; a JSON body carries them as they are. */
export const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);
