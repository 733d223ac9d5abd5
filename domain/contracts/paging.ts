import { z } from 'zod';

/** The paging meta of every list (server/core/paging.ts). */
export const pageMetaSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
  /** true when `total` is the database's estimate (a list of more than 10,000 matching rows): "about N". */
  total_estimated: z.literal(true).optional(),
  per_page: z.number(),
});
export type PageMetaContract = z.infer<typeof pageMetaSchema>;
