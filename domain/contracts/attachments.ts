import { z } from 'zod';

/** One comment of GET /comments/{model}/{id}, and what its writes answer; `can_edit`: the reader wrote it. */
export const commentRowSchema = z.object({
  id: z.number(),
  model: z.string(),
  model_id: z.number(),
  body: z.string(),
  user_id: z.number(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
});
export type CommentRow = z.infer<typeof commentRowSchema>;

/** One file of GET /{agents|barter|sales|containers}/{id}/files, and what a file's writes answer. */
export const ownerFileSchema = z.object({
  id: z.number(),
  owner_type: z.string(),
  owner_id: z.number(),
  original_name: z.string(),
  title: z.string().nullable(),
  mimetype: z.string(),
  size: z.number(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  url: z.string().nullable(),
});
export type OwnerFile = z.infer<typeof ownerFileSchema>;

/** One row of GET /documents: a file with its owner's name (agent, contract number or counterparty). */
export const documentRowSchema = ownerFileSchema.extend({ owner_name: z.string().nullable() });
export type DocumentRow = z.infer<typeof documentRowSchema>;
