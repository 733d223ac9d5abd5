/** Pre-sale bookings, bookings, barters and advance payments. */
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { customers } from './customers';
import { properties } from './units';
import { users } from './users';

/** A hold on a unit for a customer until a date (pending, approved, rejected, expired or converted). */
export const preSaleBookings = pgTable(
  'pre_sale_bookings',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull().default('pending'),
    holdUntil: date('hold_until').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pre_sale_bookings_property_idx').on(t.propertyId),
    index('pre_sale_bookings_status_idx').on(t.status, t.holdUntil),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    paid: boolean('paid').notNull().default(false),
    status: text('status').notNull().default('active'),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bookings_property_idx').on(t.propertyId), index('bookings_customer_idx').on(t.customerId)],
);

/** Units given to a counterparty for goods or works of a stated value. */
export const barters = pgTable('barters', {
  id: serial('id').primaryKey(),
  counterparty: text('counterparty').notNull(),
  customerId: integer('customer_id').references(() => customers.id),
  description: text('description'),
  value: numeric('value', { precision: 14, scale: 2 }).notNull(),
  currency: text('currency').notNull().default('USD'),
  agreedOn: date('agreed_on').notNull(),
  status: text('status').notNull().default('active'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const barterProperties = pgTable(
  'barter_properties',
  {
    barterId: integer('barter_id')
      .notNull()
      .references(() => barters.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
  },
  (t) => [
    primaryKey({ columns: [t.barterId, t.propertyId] }),
    index('barter_properties_property_idx').on(t.propertyId),
  ],
);

export const advancePayments = pgTable(
  'advance_payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    propertyId: integer('property_id').references(() => properties.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    paidOn: date('paid_on').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('advance_payments_customer_idx').on(t.customerId)],
);
