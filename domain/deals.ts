import type { PropertyStatus } from './inventory';

/**
 * The deals that hold a unit and the status each gives it. Pure rules, used by the server and
 * the browser alike: which pre-sale booking status may follow which, and which statuses keep the unit held.
 */
export const PRE_SALE_BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'converted'] as const;
export type PreSaleBookingStatus = (typeof PRE_SALE_BOOKING_STATUSES)[number];

/** The allowed changes, one row per status; an empty row is a final status. */
export const PRE_SALE_BOOKING_CHANGES: Readonly<Record<PreSaleBookingStatus, readonly PreSaleBookingStatus[]>> = {
  pending: ['approved', 'rejected', 'expired'],
  approved: ['converted', 'expired', 'rejected'],
  rejected: [],
  expired: [],
  converted: [],
};

export const canChange = (from: PreSaleBookingStatus, to: PreSaleBookingStatus) =>
  PRE_SALE_BOOKING_CHANGES[from].includes(to);

/** The statuses a pre-sale booking can move to from here (for the action buttons). */
export const nextStatuses = (from: PreSaleBookingStatus) => PRE_SALE_BOOKING_CHANGES[from];

export const isFinal = (status: PreSaleBookingStatus) => PRE_SALE_BOOKING_CHANGES[status].length === 0;

/** A pending or approved pre-sale booking holds its unit (pre_booked); a converted one hands it to the sale. */
export const HOLDING_STATUSES: readonly PreSaleBookingStatus[] = ['pending', 'approved'];
export const holdsUnit = (status: PreSaleBookingStatus) => HOLDING_STATUSES.includes(status);

/** Moving to one of these lets the unit go back to free. */
export const releasesUnit = (from: PreSaleBookingStatus, to: PreSaleBookingStatus) =>
  holdsUnit(from) && (to === 'rejected' || to === 'expired');

export const BOOKING_STATUSES = ['active', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The unit status each kind of deal gives its unit while the deal is live. */
export const DEAL_UNIT_STATUS = {
  pre_sale_booking: 'pre_booked',
  booking: 'booked',
  barter: 'barter',
  sale: 'sold',
} as const satisfies Record<string, PropertyStatus>;
export type DealKind = keyof typeof DEAL_UNIT_STATUS;
export type HeldStatus = (typeof DEAL_UNIT_STATUS)[DealKind];

/** A hold ends when its last day has passed: hold_until earlier than today (ISO dates compare as text). */
export const holdHasExpired = (holdUntil: string, today: string) => holdUntil < today;
