import { z } from 'zod';

/** The paging meta of every list (DESIGN §4, server/core/paging.ts). */
export const pageMetaSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
  per_page: z.number(),
});
export type PageMetaContract = z.infer<typeof pageMetaSchema>;
