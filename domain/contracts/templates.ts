import { z } from 'zod';
import { DOC_TEMPLATE_TYPES, TEMPLATE_LANGUAGES } from '../documentPlaceholders';

/** One document template of GET /doc-templates and GET/POST/PUT /doc-templates/{id}. */
export const docTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(DOC_TEMPLATE_TYPES),
  language: z.enum(TEMPLATE_LANGUAGES),
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocTemplate = z.infer<typeof docTemplateSchema>;

/** A placeholder the editor offers: its {name}, group and label in the caller's language. */
export const placeholderFieldSchema = z.object({ name: z.string(), group: z.string(), label: z.string() });
export type PlaceholderField = z.infer<typeof placeholderFieldSchema>;

/** GET /doc-templates/{id}?fields=1: the template and the placeholders it may use. */
export const docTemplateWithFieldsSchema = docTemplateSchema.extend({ fields: z.array(placeholderFieldSchema) });

/** GET /doc-templates/types. */
export const docTemplateTypeSchema = z.object({ id: z.enum(DOC_TEMPLATE_TYPES), name: z.string() });
export type DocTemplateTypeChoice = z.infer<typeof docTemplateTypeSchema>;

/** One Word template of GET/POST /word-templates. */
export const wordTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(DOC_TEMPLATE_TYPES),
  language: z.enum(TEMPLATE_LANGUAGES),
  original_name: z.string(),
  size: z.number(),
  tags: z.array(z.string()),
  url: z.string().nullable(),
  created_at: z.string(),
});
export type WordTemplate = z.infer<typeof wordTemplateSchema>;

/** A template the print dialog offers: rich-text (doc) or Word. */
export const printTemplateSchema = z.object({
  kind: z.enum(['word', 'doc']),
  id: z.number(),
  name: z.string(),
  type: z.enum(DOC_TEMPLATE_TYPES),
  language: z.enum(TEMPLATE_LANGUAGES),
});
export type PrintTemplate = z.infer<typeof printTemplateSchema>;

/** GET /sales/{id}/contracts/preview: the filled document and the placeholders that had no value. */
export const contractPreviewSchema = z.object({
  html: z.string(),
  missing: z.array(z.string()),
  unknown: z.array(z.string()),
});
export type ContractPreview = z.infer<typeof contractPreviewSchema>;

/** A printed contract (POST /sales/{id}/contracts, GET /sales/{id}/contracts): the kept file and how it was made. */
export const saleContractSchema = z.object({
  id: z.number(),
  sale_id: z.number(),
  document_id: z.number(),
  original_name: z.string(),
  mimetype: z.string(),
  size: z.number(),
  url: z.string().nullable(),
  template_kind: z.enum(['word', 'doc']),
  template_id: z.number(),
  template_name: z.string(),
  type: z.enum(DOC_TEMPLATE_TYPES),
  locale: z.enum(TEMPLATE_LANGUAGES),
  missing: z.array(z.string()),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  pdf_url: z.string().nullable(),
});
export type SaleContract = z.infer<typeof saleContractSchema>;

/** POST /sales/{id}/contracts/{contractId}/pdf. */
export const contractPdfSchema = z.object({ url: z.string() });
export type ContractPdf = z.infer<typeof contractPdfSchema>;

/** GET /sales/{id}/contracts: the templates to print from, the earlier prints, whether PDF works on this server. */
export const contractOptionsSchema = z.object({
  templates: z.array(printTemplateSchema),
  contracts: z.array(saleContractSchema),
  contract_language: z.enum(TEMPLATE_LANGUAGES).nullable(),
  pdf_available: z.boolean(),
});
export type ContractOptions = z.infer<typeof contractOptionsSchema>;

/**
 * POST /doc-templates/images: the editor's uploaded image, at an address that lasts as long as the template uses it;
 * bare, not in {data}, as rich-text editors' upload adapters expect ({url}, or {error: {message}} on a refusal).
 */
export const templateImageSchema = z.object({ url: z.string() });
export type TemplateImage = z.infer<typeof templateImageSchema>;

/**
 * Its refusal (413, 422): the message, repeated under `error` for the editor; a refusal before the upload is read
 * (a field's text, the body's size) has the message only.
 */
export const templateImageRefusalSchema = z.looseObject({
  message: z.string(),
  error: z.object({ message: z.string() }).optional(),
});
