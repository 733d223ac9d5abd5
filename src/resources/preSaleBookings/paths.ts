/** Where a unit is reserved; `property_id` prefills the form (the availability board links here). */
export const RESERVE_PATH = '/reservation/create';
export const reservePath = (propertyId: number) => `${RESERVE_PATH}?property_id=${propertyId}`;
