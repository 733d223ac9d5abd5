import { z } from 'zod';

/** An agent as GET /agents lists it and its record and writes answer it. */
export const agentSchema = z.object({
  id: z.number(),
  name: z.string(),
  personal_number: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  fee_percent: z.number().nullable(),
  iban: z.string().nullable(),
  note: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;
