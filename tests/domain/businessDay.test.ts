import { describe, expect, it } from 'vitest';
import { businessDayEnd, businessDayStart, businessToday } from '../../domain/businessDay';

describe('the business day is the day in Tbilisi (UTC+4)', () => {
  it('turns at 20:00 UTC, not at midnight UTC', () => {
    expect(businessToday(new Date('2026-11-23T19:59:59Z'))).toBe('2026-11-23');
    expect(businessToday(new Date('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
    expect(businessToday(new Date('2026-12-31T21:30:00Z'))).toBe('2027-01-01');
  });

  it('keeps UTC+4 in summer too (no daylight saving)', () => {
    expect(businessToday(new Date('2026-07-01T19:59:00Z'))).toBe('2026-07-01');
    expect(businessToday(new Date('2026-07-01T20:01:00Z'))).toBe('2026-07-02');
  });

  it('bounds a day of a period filter by its Tbilisi midnight', () => {
    expect(businessDayStart('2026-11-24').toISOString()).toBe('2026-11-23T20:00:00.000Z');
    expect(businessDayEnd('2026-11-24').toISOString()).toBe('2026-11-24T20:00:00.000Z');
  });
});
