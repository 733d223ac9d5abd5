import { describe, expect, it } from 'vitest';
import { formatLocaleAmount, formatLocaleTime } from '../../src/widgets';

/** Numbers and times in the user's language. */

describe("numbers and times in the user's language", () => {
  it('Russian and Georgian write 1 242 000,00 and 22:15; English 1,242,000.00 and 10:15 PM', () => {
    const evening = new Date(2026, 0, 5, 22, 15);
    expect(formatLocaleAmount(1242000, 'ru', 'USD')).toBe('1\u00a0242\u00a0000,00 USD');
    expect(formatLocaleAmount('1242000.5', 'ka')).toBe('1\u00a0242\u00a0000,50');
    expect(formatLocaleAmount(1242000, 'en', 'GEL')).toBe('1,242,000.00 GEL');
    expect(formatLocaleTime(evening, 'ru')).toBe('22:15');
    expect(formatLocaleTime(evening, 'ka')).toBe('22:15');
    expect(formatLocaleTime(evening, 'en')).toBe('10:15 PM');
  });
});
