import { describe, it, expect } from 'vitest';
import { formatMoney, fromMinor, toDecimalString, toMinor } from '../../domain/money';

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

describe('formatMoney (SPEC §9)', () => {
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
