import { z } from 'zod';

/** A unit feature; `name` is in the request's language, `properties_count` how many units carry it. */
export const featureSchema = z.object({
  id: z.number(),
  group_id: z.number().nullable(),
  name: z.string(),
  name_ka: z.string(),
  name_en: z.string().nullable(),
  name_ru: z.string().nullable(),
  /** Given where the feature is read on its own, not inside its group. */
  group_name: z.string().nullable().optional(),
  properties_count: z.number().optional(),
});
export type Feature = z.infer<typeof featureSchema>;

/** A group of features, with its features. */
export const featureGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  name_ka: z.string(),
  name_en: z.string().nullable(),
  name_ru: z.string().nullable(),
  features: z.array(featureSchema),
});
export type FeatureGroup = z.infer<typeof featureGroupSchema>;
