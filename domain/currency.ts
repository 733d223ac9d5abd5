import type { Currency, Minor } from './money';

/**
 * Conversion between GEL, USD and EUR through NBG's official rates (GEL per unit of a currency).
 * Rates are read as decimal text with up to 6 places and multiplied as integers, so a conversion is exact
 * up to the one half-up rounding at the cent.
 */
export type GelRates = Partial<Record<Currency, string | number>>;

const SCALE = 1_000_000n;

/** '2.7135' → 2713500n (millionths of a lari). */
export function rateUnits(rate: string | number): bigint {
  const text = typeof rate === 'number' ? rate.toFixed(6) : rate.trim();
  const match = /^(\d+)(?:\.(\d{1,6})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`not a rate: ${rate}`);
  return BigInt(match[1]) * SCALE + BigInt(((match[2] ?? '') + '000000').slice(0, 6));
}

const gelUnits = (currency: Currency, rates: GelRates) => {
  if (currency === 'GEL') return SCALE;
  const rate = rates[currency];
  if (rate === undefined || rate === null || rate === '') throw new MissingRateError(currency);
  const units = rateUnits(rate);
  if (units <= 0n) throw new MissingRateError(currency);
  return units;
};

export class MissingRateError extends Error {
  constructor(readonly currency: Currency) {
    super(`no rate for ${currency}`);
  }
}

/** Half-up division of non-negative big integers. */
const divideHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** `amount` of `from` in `to`, rounded half-up at the cent. Throws MissingRateError when a needed rate is absent. */
export function convert(amount: Minor, from: Currency, to: Currency, rates: GelRates): Minor {
  if (from === to) return amount;
  const sign = amount < 0 ? -1 : 1;
  const value = divideHalfUp(BigInt(Math.abs(amount)) * gelUnits(from, rates), gelUnits(to, rates));
  return sign * Number(value);
}

/** The factor applied: units of `to` per unit of `from`, to 8 places (kept on a payment for the record). */
export function conversionRate(from: Currency, to: Currency, rates: GelRates): string {
  if (from === to) return '1.00000000';
  const factor = divideHalfUp(gelUnits(from, rates) * 100_000_000n, gelUnits(to, rates));
  const whole = factor / 100_000_000n;
  const fraction = (factor % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}
