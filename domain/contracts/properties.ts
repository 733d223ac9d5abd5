import { z } from 'zod';

const bounds = z.object({ min: z.number(), max: z.number() }).nullable();

/** GET /properties/ranges: the smallest and largest area, price and floor of the units a user may see (null: none). */
export const propertyRangesSchema = z.object({ area: bounds, price: bounds, floor: bounds });
export type PropertyRanges = z.infer<typeof propertyRangesSchema>;

/** A unit as GET /properties lists it, with the names of its complex and block. */
export const propertySchema = z.object({
  id: z.number(),
  building_id: z.number(),
  building_name: z.string(),
  block_id: z.number().nullable(),
  block_name: z.string().nullable(),
  no: z.string(),
  floor: z.number(),
  area: z.number(),
  rooms: z.number().nullable(),
  type: z.string(),
  state: z.string(),
  view: z.string().nullable(),
  status: z.string(),
  price_per_m2: z.number().nullable(),
  price: z.number().nullable(),
  currency: z.string(),
  cad_code: z.string().nullable(),
  description: z.string().nullable(),
  parent_id: z.number().nullable(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Property = z.infer<typeof propertySchema>;

/**
 * GET /properties/{id} and what the writes answer: the unit with its features, the unit it was split from, its parts.
 */
export const propertyDetailSchema = propertySchema.extend({
  features: z.array(z.number()),
  feature_list: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      group_id: z.number().nullable(),
      group_name: z.string().nullable(),
    }),
  ),
  parent: z.object({ id: z.number(), no: z.string() }).nullable(),
  parts: z.array(z.object({ id: z.number(), no: z.string(), area: z.number(), status: z.string() })),
});
export type PropertyDetail = z.infer<typeof propertyDetailSchema>;

/** A price list: a price per m² for a complex, a block, a range of floors or one unit, and how many units it priced. */
export const priceListSchema = z.object({
  id: z.number(),
  building_id: z.number(),
  building_name: z.string(),
  block_id: z.number().nullable(),
  block_name: z.string().nullable(),
  floor_from: z.number().nullable(),
  floor_to: z.number().nullable(),
  property_id: z.number().nullable(),
  property_no: z.string().nullable(),
  price_per_m2: z.number(),
  currency: z.string(),
  note: z.string().nullable(),
  applied_at: z.string().nullable(),
  applied_count: z.number(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceList = z.infer<typeof priceListSchema>;

/** POST /prices and PUT /prices/{id}: the list, applied, and how many units it priced in words. */
export const priceListAppliedSchema = z.object({ data: priceListSchema, message: z.string() });
