import { describe, expect, it } from 'vitest';
import { formatIban, ibanBankCode, ibanError, isGeorgianIban, normaliseIban } from '../../domain/iban';
import { en } from '../../i18n/en';

/** ISO 13616 check digits worked out here independently of the code under test (BigInt mod 97). */
const checkDigits = (bban: string) => {
  const digits = `${bban}GE00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return String(98n - (BigInt(digits) % 97n)).padStart(2, '0');
};
const georgianIban = (bankCode: string, account: string) => `GE${checkDigits(bankCode + account)}${bankCode}${account}`;

describe('Georgian IBAN', () => {
  it('accepts the IBAN registry example and IBANs built with the right check digits', () => {
    expect(isGeorgianIban('GE29NB0000000101904917')).toBe(true);
    expect(isGeorgianIban(georgianIban('TB', '0000000000000001'))).toBe(true);
    expect(isGeorgianIban(georgianIban('BG', '1234567890123456'))).toBe(true);
  });

  it('reads what people type: spaces and lower case', () => {
    expect(isGeorgianIban('ge29 nb00 0000 0101 9049 17')).toBe(true);
    expect(normaliseIban(' ge29 nb00 0000 0101 9049 17 ')).toBe('GE29NB0000000101904917');
    expect(formatIban('GE29NB0000000101904917')).toBe('GE29 NB00 0000 0101 9049 17');
    expect(ibanBankCode('ge29 nb00 0000 0101 9049 17')).toBe('NB');
  });

  it('refuses wrong check digits with its own message', () => {
    expect(ibanError('GE28NB0000000101904917')).toBe('sites.iban_checksum');
    // One digit of the account changed: the check digits no longer fit.
    expect(ibanError('GE29NB0000000101904918')).toBe('sites.iban_checksum');
  });

  it.each([
    ['too short', 'GE29NB000000010190491'],
    ['too long', 'GE29NB00000001019049170'],
    ['another country', 'DE89370400440532013000'],
    ['digits for the bank code', 'GE2912' + '0000000101904917'],
    ['a letter in the account', 'GE29NB00000001019049A7'],
    ['empty', ''],
  ])('refuses the wrong shape (%s)', (_case, iban) => {
    expect(ibanError(iban)).toBe('sites.iban_format');
  });

  it('has English messages that say what a Georgian IBAN looks like', () => {
    expect(en.sites.iban_format).toMatch(/22/);
    expect(en.sites.iban_checksum).toMatch(/check digits/);
    expect(en.sites.iban_bank_mismatch).toContain('%{bank}');
  });
});
