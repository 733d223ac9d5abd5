/** Money is integer minor units (tetri, cents) in code; these convert at the edges, rounding half-up at the cent. */

export type Minor = number;

/** The most a money column (numeric(14,2)) holds, in minor units: 999,999,999,999.99. */
export const MAX_AMOUNT: Minor = 1e14 - 1;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** '1234.565' → 123457; numbers are read through their shortest decimal text, so 1.005 → 101. */
export const toMinor = (amount: number | string): Minor => {
  const text = typeof amount === 'number' ? String(amount) : amount.trim().replace(/,/g, '');
  const expanded = /e/i.test(text) ? Number(text).toFixed(10) : text;
  const match = DECIMAL.exec(expanded);
  if (!match) throw new RangeError(`not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const minor = cents + roundUp;
  return sign === '-' ? -minor : minor;
};

/** 123457 → '1234.57', the form stored in numeric(14,2) columns. */
export const toDecimalString = (minor: Minor): string => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export const fromMinor = (minor: Minor): number => Number(toDecimalString(minor));

/** Thousands separated by commas, always two decimals: 1234567.5 → '1,234,567.50'. */
export const formatMoney = (minor: Minor): string => {
  const [whole, cents] = toDecimalString(minor).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '');
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

export const CURRENCIES = ['GEL', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * `total` minor units split in proportion to `weights` so that the shares add up to it exactly (the largest remainder
 * method): each share is rounded down, then the units left go one each to the largest remainders (ties: the larger
 * weight, then the earlier). Negative weights count as none; when no weight is positive, the shares are equal.
 */
export function splitByLargestRemainder(total: Minor, weights: readonly number[]): Minor[] {
  if (!weights.length) return [];
  const positive = weights.map((w) => Math.max(0, w));
  const used = positive.some((w) => w > 0) ? positive : positive.map(() => 1);
  // exact in BigInt: a total of 10^14 minor units times a weight as large overflows a double's integers
  const whole = BigInt(total);
  const sum = used.reduce((a, w) => a + BigInt(w), 0n);
  const parts = used.map((w, index) => ({
    index,
    weight: w,
    share: (whole * BigInt(w)) / sum,
    remainder: (whole * BigInt(w)) % sum,
  }));
  let left = whole - parts.reduce((a, p) => a + p.share, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (b.remainder > a.remainder ? 1 : -1) : b.weight - a.weight || a.index - b.index,
  );
  for (const part of order) {
    if (left <= 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p.share));
}
