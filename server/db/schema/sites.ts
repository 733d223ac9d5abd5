/** Companies, building complexes, their blocks, the banks and the complexes' bank accounts. */
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  identificationCode: text('identification_code'),
  director: text('director'),
  directorPid: text('director_pid'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  website: text('website'),
  logoPath: text('logo_path'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A building complex. */
export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
    cadCode: text('cad_code'),
    director: text('director'),
    directorPid: text('director_pid'),
    managerName: text('manager_name'),
    address: text('address'),
    email: text('email'),
    phone: text('phone'),
    /** state key → title shown for this complex, e.g. {black_frame: 'შავი კარკასი'}. */
    propertyStates: jsonb('property_states').$type<Record<string, string>>().notNull().default({}),
    notifiable: boolean('notifiable').notNull().default(false),
    facsimilePath: text('facsimile_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('buildings_name_idx').on(t.name)],
);

export const blocks = pgTable(
  'blocks',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    floors: smallint('floors'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blocks_building_name_unique').on(t.buildingId, t.name)],
);

/** The Georgian banks, with their IBAN bank code and SWIFT code. */
export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  titleEn: text('title_en'),
  code: text('code').notNull().unique(),
  ibanCode: text('iban_code').unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A complex's account, for the whole complex ('general', no block) or one block. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    blockId: integer('block_id').references(() => blocks.id, { onDelete: 'cascade' }),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    iban: text('iban'),
    localCurrency: text('local_currency').notNull().default('GEL'),
    ibanUsd: text('iban_usd'),
    ibanEur: text('iban_eur'),
    mediatorBankUsd: text('mediator_bank_usd'),
    mediatorBankEur: text('mediator_bank_eur'),
    branch: text('branch'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bank_accounts_building_idx').on(t.buildingId), index('bank_accounts_bank_idx').on(t.bankId)],
);
