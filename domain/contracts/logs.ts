import { z } from 'zod';

/**
 * One entry of POST /logs: who, when, which record (and its page), the action, and the fields the write sent. For an
 * update, `old_values` holds what those fields were before, where the write recorded it (null otherwise).
 */
export const activityLogSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  record_type: z.string(),
  record_id: z.string().nullable(),
  /** What the record goes by on its own screens (a sale's contract number, a customer's name); null when none. */
  record_name: z.string().nullable(),
  link: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  old_values: z.record(z.string(), z.unknown()).nullable(),
  status_code: z.number(),
  created_at: z.string(),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

/** GET /logs/types: the record types the log holds and the actions, named in the request's language. */
export const logTypesSchema = z.object({
  record_types: z.array(z.object({ id: z.string(), name: z.string() })),
  actions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type LogTypes = z.infer<typeof logTypesSchema>;
