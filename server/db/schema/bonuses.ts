/** Bonus schemas of sales managers with their tiers, monthly sale targets, and agents' fee payouts. */
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { sales } from './sales';
import { users } from './users';

/**
 * A bonus schema: for the months from `periodFrom` to `periodTo` (open when null), individual or group,
 * measured on sales signed or payments received in the month, in `currency` (other currencies converted at each
 * record's stored rate). Months are stored as their first day.
 */
export const bonusSchemas = pgTable('bonus_schemas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull().default('individual'),
  base: text('base').notNull().default('signed'),
  currency: text('currency').notNull().default('GEL'),
  periodFrom: date('period_from').notNull(),
  periodTo: date('period_to'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One tier of a schema: achievement in [percentFrom, percentTo) gives bonusPercent of the base, or fixedAmount. */
export const bonusItems = pgTable(
  'bonus_items',
  {
    id: serial('id').primaryKey(),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonusSchemas.id, { onDelete: 'cascade' }),
    percentFrom: numeric('percent_from', { precision: 7, scale: 2 }).notNull(),
    percentTo: numeric('percent_to', { precision: 7, scale: 2 }),
    bonusPercent: numeric('bonus_percent', { precision: 5, scale: 2 }),
    fixedAmount: numeric('fixed_amount', { precision: 14, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [index('bonus_items_bonus_idx').on(t.bonusId)],
);

/** A month's sale target of one manager (userId) or of the whole group (userId null), in its currency. */
export const saleTargets = pgTable(
  'sale_targets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    month: date('month').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GEL'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sale_targets_user_month_unique')
      .on(t.userId, t.month)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('sale_targets_group_month_unique')
      .on(t.month)
      .where(sql`${t.userId} is null`),
  ],
);

/** Money paid out to a sale's agent (in the sale's currency); the fee is paid in full once these reach it. */
export const agentFeePayouts = pgTable(
  'agent_fee_payouts',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('agent_fee_payouts_sale_idx').on(t.saleId)],
);
