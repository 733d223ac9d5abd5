import { describe, it, expect } from 'vitest';
import { formatMoney, fromMinor, splitByLargestRemainder, toDecimalString, toMinor } from '../../domain/money';

describe('toMinor: half-up at the cent', () => {
  it.each<[number | string, number]>([
    [1.005, 101],
    ['1.005', 101],
    ['1234.565', 123457],
    ['1234.564', 123456],
    ['0.004', 0],
    ['0.005', 1],
    [0.125, 13],
    ['-1.005', -101],
    [-1.004, -100],
    ['1,234.50', 123450],
    ['1,234,567.89', 123456789],
    [0.1 + 0.2, 30],
    [1.1 + 2.2, 330],
    [0.07 * 100, 700],
    [100, 10000],
    ['7', 700],
    ['7.5', 750],
    ['  12.30  ', 1230],
    ['+3.00', 300],
    ['1e3', 100000],
    [1e-7, 0],
    ['2.999', 300],
  ])('%s → %i', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  it.each<number | string>(['', 'abc', '1.2.3', '12a', '1 000', '--1', '$5', NaN, Infinity, -Infinity, '1e'])(
    'rejects %s with RangeError',
    (input) => {
      expect(() => toMinor(input)).toThrow(RangeError);
    },
  );
});

describe('toDecimalString / fromMinor', () => {
  it.each<[number, string]>([
    [123457, '1234.57'],
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [-123450, '-1234.50'],
    [100, '1.00'],
  ])('%i → %s', (minor, text) => {
    expect(toDecimalString(minor)).toBe(text);
  });

  it('round trips with toMinor', () => {
    for (const minor of [0, 1, 99, 100, 101, 123456789, -1, -250]) expect(toMinor(toDecimalString(minor))).toBe(minor);
  });

  it('fromMinor gives the number', () => {
    expect(fromMinor(123457)).toBe(1234.57);
    expect(fromMinor(-5)).toBe(-0.05);
  });
});

describe('formatMoney', () => {
  it.each<[number, string]>([
    [123456789, '1,234,567.89'],
    [0, '0.00'],
    [-5, '-0.05'],
    [100, '1.00'],
    [99999, '999.99'],
    [100000, '1,000.00'],
    [-123456789, '-1,234,567.89'],
    [100000000000, '1,000,000,000.00'],
  ])('%i → %s', (minor, text) => {
    expect(formatMoney(minor)).toBe(text);
  });

  it('formats what toMinor parsed', () => {
    expect(formatMoney(toMinor('1234567.5'))).toBe('1,234,567.50');
    expect(formatMoney(toMinor(1.005))).toBe('1.01');
  });
});

describe('splitByLargestRemainder', () => {
  it('splits in proportion, the units left to the largest remainders, adding up exactly', () => {
    // 877.49 by 10,000.00, 13,250.00 and 5,999.70: 300.00, 397.50, 179.99
    expect(splitByLargestRemainder(87_749, [1_000_000, 1_325_000, 599_970])).toEqual([30_000, 39_750, 17_999]);
    // three equal weights: the cent left goes to the first
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByLargestRemainder(10_000, [1_000_000, 1_325_000, 599_970])).toEqual([3_419, 4_530, 2_051]);
  });

  it('gives nothing to a weight of nothing, equal shares when no weight is positive, and none of nothing', () => {
    expect(splitByLargestRemainder(1_000, [0, 3, 1])).toEqual([0, 750, 250]);
    expect(splitByLargestRemainder(1_000, [0, -5, 0])).toEqual([334, 333, 333]);
    expect(splitByLargestRemainder(0, [4, 5])).toEqual([0, 0]);
    expect(splitByLargestRemainder(500, [])).toEqual([]);
  });

  it('stays exact where the products pass a double’s integers', () => {
    const total = 99_999_999_999_999;
    const shares = splitByLargestRemainder(total, [99_999_999_999_999, 1, 33_333_333_333_333]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
    expect(shares[1]).toBe(1);
  });
});
