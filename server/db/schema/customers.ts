/** Customers, agents, uploaded documents and comments. */
import { like, sql } from 'drizzle-orm';
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

/**
 * What a customer is found by, as one text in lower case: names in three scripts, personal number, company code,
 * phones, emails (one per line). Kept with the row, so a search's recheck is one LIKE on a stored text instead of
 * rebuilding the text and folding its case row by row (a common first name: 4.9 → 1.4 ms); one trigram index over it
 * serves every search (seven ILIKEs across seven indexes made the planner read the whole table for a long word).
 */
const searchedText = sql`lower(name_ka || chr(10) || coalesce(name_en, '') || chr(10) || coalesce(name_ru, '') || chr(10) || coalesce(personal_number, '') || chr(10) || coalesce(company_code, '') || chr(10) || phones::text || chr(10) || emails::text)`;

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
    searchText: text('search_text').generatedAlwaysAs(searchedText),
  },
  (t) => [
    uniqueIndex('customers_personal_number_unique')
      .on(t.personalNumber)
      .where(sql`${t.deletedAt} is null and ${t.type} = 'individual'`),
    index('customers_name_idx').on(t.nameKa),
    index('customers_country_idx').on(t.country),
    index('customers_personal_number_idx').on(t.personalNumber),
    // free-text search (LIKE '%…%') in any script, through pg_trgm: every search of customers goes through this one
    index('customers_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A customer whose searched text holds `pattern` (a LIKE pattern, `likePattern`), in any letter case. */
export const customerMatching = (pattern: string) => like(customers.searchText, sql`lower(${pattern})`);

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
