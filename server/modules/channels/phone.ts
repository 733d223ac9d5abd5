import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone as the gateways want it: digits only with the country code, Georgian by default
 * ('599 12 34 56' → '995599123456', '+995 599123456' → '995599123456', '+7 916 123-45-67' → '79161234567');
 * null when libphonenumber-js says it is not a valid number.
 */
export function normalisePhone(raw: string): string | null {
  const phone = parsePhoneNumberFromString(raw.trim(), 'GE');
  if (!phone?.isValid()) return null;
  return phone.number.slice(1);
}
