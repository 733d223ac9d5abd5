/** Inventory vocabularies (DESIGN §5); labels live in the catalogues under `enums`. */

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
