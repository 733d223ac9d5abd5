import { z } from 'zod';

const bounds = z.object({ min: z.number(), max: z.number() }).nullable();

/** GET /properties/ranges: the smallest and largest area, price and floor of the units a user may see (null: none). */
export const propertyRangesSchema = z.object({ area: bounds, price: bounds, floor: bounds });
export type PropertyRanges = z.infer<typeof propertyRangesSchema>;
