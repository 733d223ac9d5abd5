import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/**
 * A Georgian IBAN is GE, 2 check digits, the bank's 2-letter code and 16 digits (22 characters),
 * with ISO 13616's mod-97 check digits (computed by ibantools).
 */
export const GEORGIAN_IBAN_PATTERN = /^GE\d{2}[A-Z]{2}\d{16}$/;

export const IBAN_MESSAGES = {
  format: 'sites.iban_format',
  checksum: 'sites.iban_checksum',
  bankMismatch: 'sites.iban_bank_mismatch',
} as const;

/** What people type: spaces and lower case are fine ('ge29 nb00 ...'). */
export const normaliseIban = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** The catalogue key of what is wrong with a Georgian IBAN, or undefined when it is valid. */
export const ibanError = (text: string): string | undefined => {
  const iban = normaliseIban(text);
  if (!GEORGIAN_IBAN_PATTERN.test(iban)) return IBAN_MESSAGES.format;
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return undefined;
  return errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum) ? IBAN_MESSAGES.checksum : IBAN_MESSAGES.format;
};

export const isGeorgianIban = (text: string) => ibanError(text) === undefined;

/** The 2-letter bank code inside a Georgian IBAN (GE29 NB 00...: 'NB'). */
export const ibanBankCode = (text: string) => normaliseIban(text).slice(4, 6);

/** Groups of four for reading: GE29 NB00 0000 0101 9049 17. */
export const formatIban = (text: string) => normaliseIban(text).replace(/(.{4})(?=.)/g, '$1 ');
