/** Units for sale, their features and the price lists. */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { blocks, buildings } from './sites';
import { users } from './users';

/** A unit for sale. `archivedAt` is set when it was split into others: it keeps its history and leaves sale. */
export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    blockId: integer('block_id').references(() => blocks.id),
    no: text('no').notNull(),
    floor: smallint('floor').notNull(),
    area: numeric('area', { precision: 10, scale: 2 }).notNull(),
    rooms: smallint('rooms'),
    type: text('type').notNull().default('apartment'),
    state: text('state').notNull().default('black_frame'),
    view: text('view'),
    status: text('status').notNull().default('free'),
    pricePerM2: numeric('price_per_m2', { precision: 14, scale: 2 }),
    price: numeric('price', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    cadCode: text('cad_code'),
    description: text('description'),
    parentId: integer('parent_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('properties_block_no_unique')
      .on(t.buildingId, sql`coalesce(${t.blockId}, 0)`, t.no)
      .where(sql`${t.archivedAt} is null`),
    index('properties_board_idx').on(t.buildingId, t.blockId, t.floor),
    index('properties_status_idx').on(t.status),
    // the home page counts each complex's live units by status from this index alone
    index('properties_live_status_idx')
      .on(t.buildingId, t.status)
      .where(sql`${t.archivedAt} is null`),
    // the units list sorted by price, area or floor reads a page without sorting every unit
    index('properties_price_idx').on(t.price),
    index('properties_price_desc_idx').on(t.price.desc().nullsLast()),
    index('properties_natural_no_idx').on(sql`lpad(${t.no}, 12, '0')`),
    index('properties_area_idx').on(t.area),
    index('properties_floor_idx').on(t.floor),
  ],
);

export const propertyFeatureGroups = pgTable('property_feature_groups', {
  id: serial('id').primaryKey(),
  nameKa: text('name_ka').notNull(),
  nameEn: text('name_en'),
  nameRu: text('name_ru'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const propertyFeatures = pgTable('property_features', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').references(() => propertyFeatureGroups.id, { onDelete: 'cascade' }),
  nameKa: text('name_ka').notNull(),
  nameEn: text('name_en'),
  nameRu: text('name_ru'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const propertyFeatureLinks = pgTable(
  'property_feature_links',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => propertyFeatures.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.featureId] }),
    index('property_feature_links_feature_idx').on(t.featureId),
  ],
);

/**
 * A price list: a price per m² for a whole complex, a block, a floor range of it, or one unit.
 * Applying it reprices the free units it covers; units in a deal are never touched.
 */
export const priceLists = pgTable('price_lists', {
  id: serial('id').primaryKey(),
  buildingId: integer('building_id')
    .notNull()
    .references(() => buildings.id, { onDelete: 'cascade' }),
  blockId: integer('block_id').references(() => blocks.id, { onDelete: 'cascade' }),
  floorFrom: smallint('floor_from'),
  floorTo: smallint('floor_to'),
  propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
  pricePerM2: numeric('price_per_m2', { precision: 14, scale: 2 }).notNull(),
  currency: text('currency').notNull().default('USD'),
  note: text('note'),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  appliedCount: integer('applied_count').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
