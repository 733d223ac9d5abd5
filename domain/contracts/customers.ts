import { z } from 'zod';
import { pageMetaSchema } from './paging';

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

/** A customer as GET /customers/{id} and the writes answer it; `name` is in the request's language. */
export const customerSchema = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  name_ka: z.string(),
  name_en: z.string().nullable(),
  name_ru: z.string().nullable(),
  personal_number: z.string().nullable(),
  company_code: z.string().nullable(),
  country: z.string().nullable(),
  citizenship: z.string().nullable(),
  gender: z.string().nullable(),
  birth_date: z.string().nullable(),
  address: z.string().nullable(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  website: z.string().nullable(),
  info_source: z.string().nullable(),
  no_marketing: z.boolean(),
  note: z.string().nullable(),
  responsible_user_id: z.number().nullable(),
  responsible_user_name: z.string().nullable(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A customer in a picker (GET /customers?shortMode=1). */
export const customerChoiceSchema = z.object({ id: z.number(), name: z.string() });
export type CustomerChoice = z.infer<typeof customerChoiceSchema>;

/**
 * GET /customers: a page with its meta; with `shortMode` the first 50 as choices, with `onlyLatest` the newest
 * customers, both without meta.
 */
export const customersAnswerSchema = z.union([
  z.object({ data: z.array(customerSchema), meta: pageMetaSchema }),
  z.object({ data: z.array(customerSchema) }),
  z.object({ data: z.array(customerChoiceSchema) }),
]);

/** One of GET /customers/grouped-by-country: how many customers live in a country (null: none given). */
export const customersOfCountrySchema = z.object({ country: z.string().nullable(), count: z.number() });
export type CustomersOfCountry = z.infer<typeof customersOfCountrySchema>;

/** GET /customers/{id}/related: the customer and what else it is party to. */
export const customerRelatedSchema = z.object({
  customer: customerSchema,
  reservations: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      hold_until: z.string(),
      property_id: z.number(),
      property_no: z.string(),
      building_name: z.string(),
      created_at: z.string(),
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
      paid: z.boolean(),
      property_id: z.number(),
      property_no: z.string(),
      building_name: z.string(),
      created_at: z.string(),
    }),
  ),
  barters: z.array(
    z.object({
      id: z.number(),
      counterparty: z.string(),
      description: z.string().nullable(),
      value: z.number(),
      currency: z.string(),
      agreed_on: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      amount: z.number(),
      currency: z.string(),
      paid_on: z.string(),
      note: z.string().nullable(),
      property_id: z.number().nullable(),
      property_no: z.string().nullable(),
      building_id: z.number().nullable(),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.number(),
      owner_type: z.string(),
      owner_id: z.number(),
      original_name: z.string(),
      title: z.string().nullable(),
      mimetype: z.string(),
      size: z.number(),
      active: z.boolean(),
      url: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type CustomerRelated = z.infer<typeof customerRelatedSchema>;
