/** Staff's work items: tasks (with participants) and support tickets (messages, attachments, a rating). */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { TaskPriority, TaskStatus, TicketStatus } from '../../../domain/work';
import { createdAt, updatedAt } from './columns';
import { customers } from './customers';
import { sales } from './sales';
import { buildings } from './sites';
import { properties } from './units';
import { users } from './users';

/**
 * A task: created and changed through one call. `buildingId` is the complex of its sale or unit, kept
 * so building scope is one column (a task about no sale or unit has none and is seen by whoever takes part).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    priority: text('priority').$type<TaskPriority>().notNull().default('normal'),
    dueDate: date('due_date'),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    assigneeId: integer('assignee_id').references(() => users.id),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    buildingId: integer('building_id').references(() => buildings.id),
    createdAt: createdAt(),
    modifiedAt: updatedAt(),
  },
  (t) => [
    index('tasks_assignee_idx')
      .on(t.assigneeId)
      .where(sql`${t.status} <> 'done'`),
    index('tasks_author_idx').on(t.authorId),
    index('tasks_sale_idx').on(t.saleId),
    index('tasks_customer_idx').on(t.customerId),
  ],
);

/** The users who take part in a task besides its author and assignee. */
export const taskParticipants = pgTable(
  'task_participants',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('task_participants_user_idx').on(t.userId)],
);

/** A support ticket: a category (domain/work.ts), a status (open, answered, closed), its messages and a rating. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    assigneeId: integer('assignee_id').references(() => users.id),
    rating: smallint('rating'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tickets_author_idx').on(t.authorId), index('tickets_assignee_idx').on(t.assigneeId)],
);

/** A message of a ticket (POST /ticket-item); the first one is written with the ticket. */
export const ticketItems = pgTable(
  'ticket_items',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_items_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** A file attached to a ticket's message, stored by core/files and served through signed URLs. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => ticketItems.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    path: text('path').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId)],
);
