import { isValidPhoneNumber } from '../../domain/phone';
import { isPublicWebsite, URL_MESSAGE } from '../../domain/url';
import { V } from '../../domain/validation';

/**
 * A react-admin validator for a phone field: empty passes (required is another rule), anything else must be
 * a valid number by domain/phone.ts, +995 when typed without a code; the server then stores it in international form.
 */
export const phoneRule = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '' || isValidPhoneNumber(String(value))
    ? undefined
    : V.wrongFormat;

/** The URL check for a website field (domain/url.ts): empty passes; a local or private address is refused. */
export const websiteRule = (value: unknown) =>
  value === null || value === undefined || String(value).trim() === '' || isPublicWebsite(String(value))
    ? undefined
    : URL_MESSAGE;
