/** Inventory vocabularies; labels live in the catalogues under `enums`. */
import { toMinor, type Minor } from './money';

export const PROPERTY_STATUSES = ['free', 'pre_booked', 'booked', 'sold', 'barter', 'not_for_sale'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** Statuses a price list may never touch: the unit is promised to someone. */
export const DEAL_STATUSES: readonly PropertyStatus[] = ['pre_booked', 'booked', 'sold', 'barter'];

export const PROPERTY_STATES = ['black_frame', 'white_frame', 'green_frame', 'renovated'] as const;
export type PropertyState = (typeof PROPERTY_STATES)[number];

export const PROPERTY_TYPES = ['apartment', 'commercial', 'office', 'parking', 'storage', 'penthouse'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_VIEWS = ['city', 'sea', 'mountain', 'park', 'yard', 'street'] as const;
export type PropertyView = (typeof PROPERTY_VIEWS)[number];

export const CONTRACT_TYPES = ['full_payment', 'installment', 'mortgage', 'barter'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** The availability board's colours, one per status, readable in light and dark themes. */
export const STATUS_COLOURS: Record<PropertyStatus, string> = {
  free: '#2e7d32',
  pre_booked: '#f9a825',
  booked: '#ef6c00',
  sold: '#c62828',
  barter: '#6a1b9a',
  not_for_sale: '#757575',
};

/** The lowest and highest floor a unit (or a price list's floor range) may be on. */
export const FLOOR_RANGE = [-20, 300] as const;
/** The fewest and most rooms a unit may have. */
export const ROOMS_RANGE = [0, 100] as const;

/** Statuses a unit may be given by hand (the form); deals move it through the others. */
export const MANUAL_STATUSES: readonly PropertyStatus[] = ['free', 'not_for_sale'];

export const isManualStatus = (status: string): status is PropertyStatus =>
  (MANUAL_STATUSES as readonly string[]).includes(status);

/** A unit in a deal cannot be deleted, split or repriced: it is promised to someone. */
export const isInDeal = (status: string) => (DEAL_STATUSES as readonly string[]).includes(status);

/**
 * The price of a unit: area (m², two decimals) × price per m², rounded half-up to the cent. Both are read
 * as exact decimals (domain/money's toMinor), multiplied as integers, so 45.55 × 1234.57 is exact.
 */
export const priceForArea = (area: number | string, pricePerM2: number | string): Minor => {
  const product = BigInt(toMinor(area)) * BigInt(toMinor(pricePerM2));
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const cents = Number((abs + 50n) / 100n);
  return negative ? -cents : cents;
};

/** The price per m² of a unit sold for `price`: price ÷ area, half-up to the cent (null for a zero area). */
export const pricePerM2For = (price: number | string, area: number | string): Minor | null => {
  const areaHundredths = BigInt(toMinor(area));
  if (areaHundredths <= 0n) return null;
  const numerator = BigInt(toMinor(price)) * 100n;
  return Number((numerator * 2n + areaHundredths) / (areaHundredths * 2n));
};

/** Whether a decimal has at most two digits after the point (areas and amounts are kept to the hundredth). */
export const hasAtMostTwoDecimals = (value: number | string) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (/e/i.test(text)) return Number.isInteger(Number(text));
  return /^[+-]?\d+(\.\d{0,2})?$/.test(text);
};

/**
 * A split's parts against the unit: the area (in hundredths of m²) still to hand out, negative when the parts
 * take more than the unit has. A split is valid only when this is exactly 0.
 */
export const remainingSplitArea = (
  area: number | string,
  partAreas: ReadonlyArray<number | string | null | undefined>,
): Minor =>
  toMinor(area) -
  partAreas.reduce<number>((sum, part) => {
    if (part === null || part === undefined || part === '') return sum;
    try {
      return sum + toMinor(part);
    } catch {
      return sum;
    }
  }, 0);

/** The fewest parts a unit splits into. */
export const MIN_SPLIT_PARTS = 2;
