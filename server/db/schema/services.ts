/** Services (renovation, parking, storage, furniture) and the renovation containers sold on top of a sale. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ServiceUnit } from '../../../domain/services';
import { createdAt, updatedAt } from './columns';
import { sales } from './sales';
import { buildings } from './sites';
import { properties } from './units';
import { users } from './users';

/** A service of the catalogue: its name in three languages and how it is measured (per m², per unit, fixed). */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  nameKa: text('name_ka').notNull(),
  nameEn: text('name_en'),
  nameRu: text('name_ru'),
  unit: text('unit').$type<ServiceUnit>().notNull().default('unit'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A service's price in one complex, or in every complex without a price of its own (`buildingId` null). */
export const servicePrices = pgTable(
  'service_prices',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [index('service_prices_service_idx').on(t.serviceId)],
);

/**
 * A renovation container: the services a customer bought on top of a sale, with its own price (in the sale's
 * currency), schedule and payments. `paid` and `status` are written by the ledger only (saleLedger's settle), in the
 * same transaction as the payments; `buildingId` is the sale's complex (building scope in one column).
 */
export const serviceContainers = pgTable(
  'service_containers',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
    status: text('status').notNull().default('active'),
    firstPaymentDate: date('first_payment_date').notNull(),
    periodMonths: smallint('period_months').notNull().default(1),
    paymentsCount: smallint('payments_count').notNull().default(1),
    formula: text('formula'),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('service_containers_sale_idx').on(t.saleId), index('service_containers_building_idx').on(t.buildingId)],
);

/** One service of a container: the unit it is for (per m² services), the quantity, the unit price and the amount. */
export const serviceContainerItems = pgTable(
  'service_container_items',
  {
    id: serial('id').primaryKey(),
    containerId: integer('container_id')
      .notNull()
      .references(() => serviceContainers.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    propertyId: integer('property_id').references(() => properties.id),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    index('service_container_items_container_idx').on(t.containerId),
    index('service_container_items_service_idx').on(t.serviceId),
  ],
);

/** One installment of a container's (renovation) schedule; `paid` is what the ledger allocated to it, oldest first. */
export const containerInstallments = pgTable(
  'container_installments',
  {
    id: serial('id').primaryKey(),
    containerId: integer('container_id')
      .notNull()
      .references(() => serviceContainers.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    dueDate: date('due_date').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('container_installments_number_unique').on(t.containerId, t.number),
    index('container_installments_unpaid_due_idx')
      .on(t.dueDate)
      .where(sql`${t.paid} < ${t.amount}`),
  ],
);
