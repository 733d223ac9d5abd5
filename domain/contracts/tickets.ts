import { z } from 'zod';
import { TICKET_STATUSES } from '../work';

/** A file attached to a ticket's message, served through a signed URL. */
export const ticketAttachmentSchema = z.object({
  id: z.number(),
  original_name: z.string(),
  mimetype: z.string(),
  size: z.number(),
  url: z.string().nullable(),
});

/** One message of a ticket's conversation. */
export const ticketItemSchema = z.object({
  id: z.number(),
  ticket_id: z.number(),
  user_id: z.number(),
  user_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});

/** One ticket of GET /tickets; GET /tickets/{id} adds its conversation. */
export const ticketSchema = z.object({
  id: z.number(),
  subject: z.string(),
  category: z.string(),
  category_name: z.string(),
  status: z.enum(TICKET_STATUSES),
  author_id: z.number(),
  author_name: z.string().nullable(),
  assignee_id: z.number().nullable(),
  assignee_name: z.string().nullable(),
  rating: z.number().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the signed-in user may do: write, close, rate (the author, once closed), change, delete. */
  can_reply: z.boolean(),
  can_close: z.boolean(),
  can_rate: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketDetailSchema = ticketSchema.extend({ items: z.array(ticketItemSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;
export type TicketItem = z.infer<typeof ticketItemSchema>;

/** GET /ticket-categories, named in the request's language. */
export const ticketCategorySchema = z.object({ id: z.string(), name: z.string() });
export type TicketCategoryChoice = z.infer<typeof ticketCategorySchema>;
