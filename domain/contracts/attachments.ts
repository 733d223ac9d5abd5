import { z } from 'zod';

/** One comment of GET /comments/{model}/{id}; `can_edit`: the reader wrote it. */
export const commentRowSchema = z.object({
  id: z.number(),
  body: z.string(),
  user_id: z.number(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
});
export type CommentRow = z.infer<typeof commentRowSchema>;

/** One file of GET /{agents|barter|sales}/{id}/files. */
export const ownerFileSchema = z.object({
  id: z.number(),
  original_name: z.string(),
  title: z.string().nullable(),
  mimetype: z.string(),
  size: z.number(),
  active: z.boolean(),
  created_at: z.string(),
  url: z.string().nullable(),
});
export type OwnerFile = z.infer<typeof ownerFileSchema>;
