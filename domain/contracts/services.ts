import { z } from 'zod';
import { SERVICE_UNITS } from '../services';

/** A service's price in one complex (`building_id`) or in every complex (null). */
export const servicePriceSchema = z.object({
  building_id: z.number().nullable(),
  building_name: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
});
export type ServicePrice = z.infer<typeof servicePriceSchema>;

/** One service of GET /services, GET /services/{id} and POST /services. */
export const serviceSchema = z.object({
  id: z.number(),
  /** The name in the language asked for (Georgian when that one is blank). */
  name: z.string(),
  name_ka: z.string(),
  name_en: z.string().nullable(),
  name_ru: z.string().nullable(),
  unit: z.enum(SERVICE_UNITS),
  active: z.boolean(),
  prices: z.array(servicePriceSchema),
  /** Whether a container holds it (then it can only be deactivated, not deleted). */
  in_use: z.boolean(),
  created_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;
