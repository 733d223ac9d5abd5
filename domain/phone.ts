import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { V } from './validation';

/**
 * Phone numbers: checked and written one way by libphonenumber-js, Georgian (+995) when typed without a
 * country code. '555 12 34 56' → '+995 555 12 34 56'; '+7 916 123-45-67' → '+7 916 123 45 67'; '555 12 34 5' → null.
 * The server's request fields and the forms' validators both use it, so a number is stored as it is printed.
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'GE';

/** The number in international form, or null when it is not a valid number. */
export function normalisePhoneNumber(raw: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const text = raw.trim();
  if (!text || text.length > 40 || !/^\+?[\d\s().-]+$/.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, country);
  return phone?.isValid() ? phone.formatInternational() : null;
}

/** Whether a typed number is a valid one (an empty field is the caller's business). */
export const isValidPhoneNumber = (raw: string) => normalisePhoneNumber(raw) !== null;

/** The number for a tel: link and the gateways: '+995555123456'. */
export function phoneForDialling(raw: string): string | null {
  const phone = parsePhoneNumberFromString(raw.trim(), DEFAULT_PHONE_COUNTRY);
  return phone?.isValid() ? phone.number : null;
}

/** A phone number: valid by libphonenumber-js, +995 when typed without a code, kept in international form. */
export const phoneNumber = () =>
  z
    .string({ error: V.invalidType })
    .trim()
    .max(40, { error: V.tooLong })
    .transform((raw, ctx) => {
      const phone = normalisePhoneNumber(raw);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: V.wrongFormat });
        return z.NEVER;
      }
      return phone;
    });
