import { describe, expect, it } from 'vitest';
import { conversionRate, convert, MissingRateError, rateUnits } from '../../domain/currency';

const rates = { USD: '2.7135', EUR: '3.1427' };

describe('converting between GEL, USD and EUR at NBG rates', () => {
  it('reads rates as exact decimals', () => {
    expect(rateUnits('2.7135')).toBe(2_713_500n);
    expect(rateUnits(2.7)).toBe(2_700_000n);
    expect(rateUnits('0.018214')).toBe(18_214n);
    expect(() => rateUnits('abc')).toThrow(RangeError);
  });

  it('converts through the lari, rounding half-up once at the cent', () => {
    expect(convert(100_00, 'USD', 'GEL', rates)).toBe(271_35);
    expect(convert(271_35, 'GEL', 'USD', rates)).toBe(100_00);
    expect(convert(1, 'GEL', 'USD', rates)).toBe(0);
    expect(convert(2, 'GEL', 'USD', rates)).toBe(1);
    // 100 EUR = 314.27 GEL = 115.8172… USD
    expect(convert(100_00, 'EUR', 'USD', rates)).toBe(115_82);
    expect(convert(123_45, 'USD', 'USD', {})).toBe(123_45);
    expect(convert(-100_00, 'USD', 'GEL', rates)).toBe(-271_35);
  });

  it('keeps the factor applied to 8 places', () => {
    expect(conversionRate('USD', 'GEL', rates)).toBe('2.71350000');
    expect(conversionRate('GEL', 'USD', rates)).toBe('0.36852773');
    expect(conversionRate('EUR', 'USD', rates)).toBe('1.15817210');
    expect(conversionRate('EUR', 'EUR', {})).toBe('1.00000000');
  });

  it('a missing or zero rate is MissingRateError naming the currency', () => {
    expect(() => convert(100, 'EUR', 'GEL', { USD: '2.7' })).toThrow(MissingRateError);
    try {
      convert(100, 'GEL', 'USD', { USD: '0' });
    } catch (error) {
      expect((error as MissingRateError).currency).toBe('USD');
    }
    expect.assertions(2);
  });
});
