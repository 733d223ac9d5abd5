import { isValidPhoneNumber } from '../../domain/phone';
import { V } from '../../domain/validation';

/**
 * A react-admin validator for a phone field (issue 16): empty passes (required is another rule), anything else must be
 * a valid number by domain/phone.ts, +995 when typed without a code; the server then stores it in international form.
 */
export const phoneRule = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '' || isValidPhoneNumber(String(value))
    ? undefined
    : V.wrongFormat;
