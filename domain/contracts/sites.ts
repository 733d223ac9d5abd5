import { z } from 'zod';

/** A bank of GET /banks; `name` is its title in the request's language. */
export const bankSchema = z.object({
  id: z.number(),
  title: z.string(),
  title_en: z.string().nullable(),
  name: z.string(),
  code: z.string(),
  iban_code: z.string().nullable(),
  accounts_count: z.number(),
});
export type Bank = z.infer<typeof bankSchema>;

/** An account as GET /bank-accounts answers it: no block means the group titled 'general'. */
export const bankAccountSchema = z.object({
  id: z.number(),
  building_id: z.number(),
  building_name: z.string(),
  block_id: z.number().nullable(),
  block_name: z.string().nullable(),
  bank_id: z.number(),
  bank_name: z.string(),
  bank_code: z.string(),
  iban: z.string().nullable(),
  local_currency: z.string(),
  iban_usd: z.string().nullable(),
  iban_eur: z.string().nullable(),
  mediator_bank_usd: z.string().nullable(),
  mediator_bank_eur: z.string().nullable(),
  branch: z.string().nullable(),
  created_at: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** A block of a complex with how many live units it holds. */
export const blockSchema = z.object({
  id: z.number(),
  name: z.string(),
  floors: z.number().nullable(),
  properties_count: z.number(),
});
export type Block = z.infer<typeof blockSchema>;

/** A complex as GET /buildings lists it; `property_states` names each state of its units in the request's language. */
export const buildingSchema = z.object({
  id: z.number(),
  name: z.string(),
  cad_code: z.string().nullable(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  director: z.string().nullable(),
  director_pid: z.string().nullable(),
  manager_name: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  property_states: z.record(z.string(), z.string()),
  notifiable: z.boolean(),
  facsimile_url: z.string().nullable(),
  /** The same signed address under the original client's name. */
  facsimile_file_url: z.string().nullable(),
  blocks: z.array(blockSchema),
  blocks_count: z.number(),
  properties_count: z.number(),
  created_at: z.string(),
});
export type Building = z.infer<typeof buildingSchema>;

/** GET /buildings/{id} and the writes: the complex with its bank accounts. */
export const buildingDetailSchema = buildingSchema.extend({ bank_accounts: z.array(bankAccountSchema) });
export type BuildingDetail = z.infer<typeof buildingDetailSchema>;

/** A complex named for one who may not read complexes (the users form's picker). */
export const buildingBriefSchema = z.object({ id: z.number(), name: z.string() });
export type BuildingBrief = z.infer<typeof buildingBriefSchema>;
