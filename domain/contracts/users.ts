import { z } from 'zod';

/** One of GET /users/responsible-managers. */
export const responsibleManagerSchema = z.object({ id: z.number(), full_name: z.string() });
export type ResponsibleManager = z.infer<typeof responsibleManagerSchema>;

/** One of GET /role-permission/roles. */
export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  built_in: z.boolean(),
  permissions: z.array(z.string()),
  users_count: z.number(),
});
export type Role = z.infer<typeof roleSchema>;

/** One of GET /role-permission/permissions: a permission and the group the grid shows it under. */
export const permissionEntrySchema = z.object({ name: z.string(), group: z.string() });
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;

/** POST /users/check-password-reset-token. */
export const resetTokenCheckSchema = z.object({ valid: z.boolean() });
export type ResetTokenCheck = z.infer<typeof resetTokenCheckSchema>;

/** Answers that carry only a translated message (POST /users/reset-password). */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;
