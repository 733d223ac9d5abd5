import { z } from 'zod';

/** One of GET /countries. */
export const countrySchema = z.object({
  /** ISO 3166-1 numeric code: stable across releases, so a customer's country keeps its meaning. */
  id: z.number().int(),
  name_en: z.string(),
  name_ka: z.string(),
  name_ru: z.string(),
  code_iso2: z.string(),
  code_iso3: z.string(),
  code_phone: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

/** GET /customers/{id}/related: what else the customer is party to. */
export const customerRelatedSchema = z.object({
  reservations: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      hold_until: z.string(),
      property_no: z.string(),
      building_name: z.string(),
    }),
  ),
  bookings: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      period_from: z.string(),
      period_to: z.string(),
      price: z.number(),
      currency: z.string(),
      property_no: z.string(),
      building_name: z.string(),
    }),
  ),
  barters: z.array(
    z.object({
      id: z.number(),
      counterparty: z.string(),
      value: z.number(),
      currency: z.string(),
      agreed_on: z.string(),
      status: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      amount: z.number(),
      currency: z.string(),
      paid_on: z.string(),
      property_no: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.number(),
      original_name: z.string(),
      title: z.string().nullable(),
      url: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type CustomerRelated = z.infer<typeof customerRelatedSchema>;
