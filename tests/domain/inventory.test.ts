import { describe, expect, it } from 'vitest';
import {
  DEAL_STATUSES,
  hasAtMostTwoDecimals,
  isInDeal,
  isManualStatus,
  MANUAL_STATUSES,
  PROPERTY_STATUSES,
  priceForArea,
  pricePerM2For,
  remainingSplitArea,
  STATUS_COLOURS,
} from '../../domain/inventory';

describe('the price of a unit: area × price per m², half-up at the cent', () => {
  it.each<[number | string, number | string, number]>([
    ['45.55', '1234.57', 5623466], // 56234.6635 → 56234.66
    [45.55, 1234.57, 5623466],
    ['64.30', '1200', 7716000],
    ['10.01', '0.05', 50], // 0.5005 → 0.50
    ['10.10', '0.05', 51], // 0.505 → 0.51: the half goes up
    ['0.01', '0.01', 0], // 0.0001 → 0.00
    ['1', '0.005', 1], // the price per m² itself rounds half-up first
    // 10820926049.6655: the product passes 2^53 on the way, so it is kept as a BigInt
    ['123.45', '87654321.99', 1082092604967],
    ['120', 0, 0],
  ])('%s m² × %s → %i minor units', (area, perM2, expected) => {
    expect(priceForArea(area, perM2)).toBe(expected);
  });

  it('repeated small areas do not drift: 0.1 + 0.2 m² at 1000 is exactly 300.00', () => {
    expect(priceForArea(0.1 + 0.2, 1000)).toBe(30000);
  });
});

describe('price per m² from a total price', () => {
  it('divides half-up at the cent', () => {
    expect(pricePerM2For('100000', '64.30')).toBe(155521); // 1555.209… → 1555.21
    expect(pricePerM2For('1000', '3')).toBe(33333); // 333.333… → 333.33
    expect(pricePerM2For('1', '0.08')).toBe(1250);
    expect(pricePerM2For('0.05', '10')).toBe(1); // 0.005 → 0.01
  });
  it('has no answer for a zero area', () => {
    expect(pricePerM2For('1000', 0)).toBeNull();
  });
});

describe('areas and amounts keep two decimals', () => {
  it.each<[number | string, boolean]>([
    ['45', true],
    ['45.5', true],
    ['45.55', true],
    [45.55, true],
    ['45.555', false],
    [0.1 + 0.2, false],
    ['45.', true],
    ['abc', false],
    ['1e3', true],
    ['1e-3', false],
  ])('%s → %s', (value, expected) => {
    expect(hasAtMostTwoDecimals(value)).toBe(expected);
  });
});

describe('the area left to hand out while splitting a unit', () => {
  it('is exact to the hundredth, so 33.33 + 33.33 + 33.34 of 100 leaves 0', () => {
    expect(remainingSplitArea('100', ['33.33', '33.33', '33.34'])).toBe(0);
    expect(remainingSplitArea(100, [33.33, 33.33, 33.33])).toBe(1);
  });
  it('goes negative when the parts take more than the unit has, and skips empty or unreadable rows', () => {
    expect(remainingSplitArea('80.50', ['40.25', '40.26'])).toBe(-1);
    expect(remainingSplitArea('80.50', ['40.25', '', null, undefined, 'abc'])).toBe(4025);
  });
});

describe('statuses', () => {
  it('lets only free and not-for-sale be set by hand; the deal statuses are never set by hand or price list', () => {
    expect([...MANUAL_STATUSES]).toEqual(['free', 'not_for_sale']);
    expect(PROPERTY_STATUSES.filter((s) => isManualStatus(s))).toEqual(['free', 'not_for_sale']);
    expect(PROPERTY_STATUSES.filter((s) => isInDeal(s))).toEqual([...DEAL_STATUSES]);
    expect(PROPERTY_STATUSES.filter((s) => !isInDeal(s) && !isManualStatus(s))).toEqual([]);
    expect(isManualStatus('sold')).toBe(false);
  });
  it('has a distinct colour per status', () => {
    const colours = PROPERTY_STATUSES.map((s) => STATUS_COLOURS[s]);
    expect(new Set(colours).size).toBe(PROPERTY_STATUSES.length);
  });
});
