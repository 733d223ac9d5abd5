import { describe, expect, it } from 'vitest';
import {
  canChange,
  DEAL_UNIT_STATUS,
  holdHasExpired,
  holdsUnit,
  isFinal,
  nextStatuses,
  PRE_SALE_BOOKING_STATUSES,
  releasesUnit,
} from '../../domain/deals';

describe('the pre-sale booking status table', () => {
  it('lets a pending hold be approved, rejected or expire', () => {
    expect(canChange('pending', 'approved')).toBe(true);
    expect(canChange('pending', 'rejected')).toBe(true);
    expect(canChange('pending', 'expired')).toBe(true);
    expect(canChange('pending', 'converted')).toBe(false);
    expect(canChange('pending', 'pending')).toBe(false);
  });

  it('lets an approved hold become a sale, expire or be rejected, but not go back to pending', () => {
    expect(nextStatuses('approved')).toEqual(['converted', 'expired', 'rejected']);
    expect(canChange('approved', 'pending')).toBe(false);
  });

  it('keeps rejected, expired and converted final', () => {
    for (const from of ['rejected', 'expired', 'converted'] as const) {
      expect(isFinal(from)).toBe(true);
      for (const to of PRE_SALE_BOOKING_STATUSES) expect(canChange(from, to)).toBe(false);
    }
  });

  it('holds the unit while pending or approved; rejecting or expiring frees it, converting gives it to a sale', () => {
    expect(PRE_SALE_BOOKING_STATUSES.filter(holdsUnit)).toEqual(['pending', 'approved']);
    expect(releasesUnit('pending', 'rejected')).toBe(true);
    expect(releasesUnit('approved', 'expired')).toBe(true);
    expect(releasesUnit('approved', 'converted')).toBe(false);
    expect(releasesUnit('pending', 'approved')).toBe(false);
  });

  it('gives each kind of deal its unit status', () => {
    expect(DEAL_UNIT_STATUS).toEqual({
      pre_sale_booking: 'pre_booked',
      booking: 'booked',
      barter: 'barter',
      sale: 'sold',
    });
  });

  it('expires a hold only after its last day', () => {
    expect(holdHasExpired('2026-03-01', '2026-03-01')).toBe(false);
    expect(holdHasExpired('2026-02-28', '2026-03-01')).toBe(true);
  });
});
