import { z } from 'zod';

/** GET /company (null before it is first saved) and POST /company. */
export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  identification_code: z.string().nullable(),
  director: z.string().nullable(),
  director_pid: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** POST /company: the company saved (201 when it was first created) and a message saying so. */
export const companySavedSchema = z.object({ data: companySchema, message: z.string() });
