import { z } from 'zod';
import { pageMetaSchema } from './paging';

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

/** A user as the users calls answer it: roles by name, complexes by id, a signed avatar URL. */
export const userSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  active: z.boolean(),
  avatar_url: z.string().nullable(),
  roles: z.array(z.string()),
  buildings: z.array(z.number()),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /users: a page with its meta, or with `onlyLatest` the newest users without it. */
export const usersAnswerSchema = z.union([
  z.object({ data: z.array(userSchema), meta: pageMetaSchema }),
  z.object({ data: z.array(userSchema) }),
]);

/** GET /user (and POST /login's `user`): the signed-in user and what the browser needs to decide what to show. */
export const signedInUserSchema = userSchema.extend({
  /** Where the sign-in code goes (the profile page's choice). */
  otp_channel: z.enum(['email', 'sms']),
  permissions: z.array(z.string()),
  view_only: z.boolean(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** POST /login: the bearer token and the user it signs in. */
export const loginSchema = z.object({ token: z.string(), user: signedInUserSchema });
export type LoginAnswer = z.infer<typeof loginSchema>;

/** GET /users/user-permissions: the signed-in user's permissions, roles and complexes. */
export const userPermissionsSchema = z.object({
  permissions: z.array(z.string()),
  roles: z.array(z.string()),
  buildings: z.array(z.number()),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;
