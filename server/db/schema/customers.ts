/** Customers, agents, uploaded documents and comments. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

type Searched = Record<
  'nameKa' | 'nameEn' | 'nameRu' | 'personalNumber' | 'companyCode' | 'phones' | 'emails',
  SQLWrapper
>;

/**
 * What a customer is found by, as one text: names in three scripts, personal number, company code, phones, emails (one
 * per line). One trigram index over it answers a search with one index scan and one ILIKE a row; seven ILIKEs ORed
 * across seven indexes made the planner read the whole table for a long word.
 */
const searchedText = (t: Searched) =>
  sql`(${t.nameKa} || chr(10) || coalesce(${t.nameEn}, '') || chr(10) || coalesce(${t.nameRu}, '') || chr(10) || coalesce(${t.personalNumber}, '') || chr(10) || coalesce(${t.companyCode}, '') || chr(10) || ${t.phones}::text || chr(10) || ${t.emails}::text)`;

/** A buyer: an individual (personal number of 11 digits) or a company (identification code). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull().default('individual'),
    nameKa: text('name_ka').notNull(),
    nameEn: text('name_en'),
    nameRu: text('name_ru'),
    personalNumber: text('personal_number'),
    companyCode: text('company_code'),
    country: text('country'),
    citizenship: text('citizenship'),
    gender: text('gender'),
    birthDate: date('birth_date'),
    address: text('address'),
    phones: jsonb('phones').$type<string[]>().notNull().default([]),
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    website: text('website'),
    infoSource: text('info_source'),
    /** No marketing messages (free-text SMS); reminders and overdue letters about a contract still go. */
    noMarketing: boolean('no_marketing').notNull().default(false),
    note: text('note'),
    responsibleUserId: integer('responsible_user_id').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customers_personal_number_unique')
      .on(t.personalNumber)
      .where(sql`${t.deletedAt} is null and ${t.type} = 'individual'`),
    index('customers_name_idx').on(t.nameKa),
    index('customers_country_idx').on(t.country),
    index('customers_personal_number_idx').on(t.personalNumber),
    // free-text search (ILIKE '%…%') in any script, through pg_trgm: every search of customers goes through this one
    index('customers_search_trgm').using('gin', sql`${searchedText(t)} gin_trgm_ops`),
  ],
);

/** `searchedText` of the customers table, as a search compares it (`customerMatching`). */
export const customerSearchText = searchedText(customers);

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  personalNumber: text('personal_number'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  feePercent: numeric('fee_percent', { precision: 5, scale: 2 }),
  iban: text('iban'),
  note: text('note'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Uploaded files of agents, barters and (later) sales; `active` false when deactivated rather than deleted. */
export const documentFiles = pgTable(
  'document_files',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    originalName: text('original_name').notNull(),
    path: text('path').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    title: text('title'),
    active: boolean('active').notNull().default(true),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('document_files_owner_idx').on(t.ownerType, t.ownerId)],
);

/** Comments on customers, bookings, barters and sales: `model` names the kind, `modelId` the record. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    model: text('model').notNull(),
    modelId: integer('model_id').notNull(),
    body: text('body').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_model_idx').on(t.model, t.modelId)],
);
