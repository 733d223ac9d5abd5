import { z } from 'zod';
import { CUSTOM_FIELD_RECORD_KINDS, CUSTOM_FIELD_TYPES } from '../customFields';

/** One field of GET /custom-fields, GET/POST/PUT /custom-fields/{id}. */
export const customFieldSchema = z.object({
  id: z.number(),
  /** The placeholder a template writes: {name}. */
  name: z.string(),
  /** The label in the caller's language (the Georgian one when that is empty). */
  label: z.string(),
  label_ka: z.string(),
  label_en: z.string().nullable(),
  label_ru: z.string().nullable(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  record_kind: z.enum(CUSTOM_FIELD_RECORD_KINDS),
  choices: z.array(z.string()),
  /** How many records hold a value: a field in use keeps its type and record kind. */
  values_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** One field with one record's value: GET and PUT /custom-fields/values/{recordKind}/{recordId}. */
export const customFieldValueSchema = z.object({
  field_id: z.number(),
  name: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  choices: z.array(z.string()),
  /** As a form holds it: a number, a boolean for yes/no, text otherwise; null when empty. */
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  /** As a page prints it (a date in the company's format, yes/no in the caller's language); '' when empty. */
  display: z.string(),
});
export type CustomFieldValueEntry = z.infer<typeof customFieldValueSchema>;
