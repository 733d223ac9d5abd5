import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  identificationCode: text('identification_code'),
  director: text('director'),
  directorPid: text('director_pid'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  logoPath: text('logo_path'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A building complex (SPEC §3 Building). */
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
  (t) => [primaryKey({ columns: [t.propertyId, t.featureId] }), index('property_feature_links_feature_idx').on(t.featureId)],
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

/** DESIGN §6: the Georgian banks, with their IBAN bank code and SWIFT code. */
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

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    avatarPath: text('avatar_path'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const userBuildings = pgTable(
  'user_buildings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.buildingId] })],
);

/** Bearer tokens, stored as SHA-256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One sign-in attempt between pre-auth and login: the hashed one-time code and its counters. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Every write: who, what, which record, the fields sent, when (DESIGN §4). */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    statusCode: smallint('status_code').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('activity_logs_record_idx').on(t.recordType, t.recordId), index('activity_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Answers already given to writes that carried an Idempotency-Key. statusCode null: still being processed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** sha256 of the request's body: the same key with another body is refused (422). */
    requestHash: text('request_hash'),
    statusCode: smallint('status_code'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Server-wide values that must survive restarts and be shared by every process (the signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A buyer: an individual (personal number, SPEC §5: 11 digits) or a company (identification code). */
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
    infoSource: text('info_source'),
    note: text('note'),
    responsibleUserId: integer('responsible_user_id').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customers_personal_number_unique').on(t.personalNumber).where(sql`${t.deletedAt} is null and ${t.type} = 'individual'`),
    index('customers_name_idx').on(t.nameKa),
    index('customers_country_idx').on(t.country),
  ],
);

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  personalNumber: text('personal_number'),
  phone: text('phone'),
  email: text('email'),
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

/** A hold on a unit for a customer until a date (DESIGN §5: pending, approved, rejected, expired, converted). */
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
  (t) => [index('pre_sale_bookings_property_idx').on(t.propertyId), index('pre_sale_bookings_status_idx').on(t.status, t.holdUntil)],
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
  (t) => [primaryKey({ columns: [t.barterId, t.propertyId] }), index('barter_properties_property_idx').on(t.propertyId)],
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

/**
 * A sale of one or more units to a customer (DESIGN §5: active, overdue, completed, canceled). `paidTotal` is the
 * sum of the sale's payments in the sale's currency, kept with the installments' `paid` by the payments ledger in
 * the same transaction as every payment. A cancelled sale keeps its row (deletedAt) and shows in the trashed list.
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    contractNo: text('contract_no').notNull(),
    /** Every unit of a sale is in this complex: the building scope of the sale. */
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    agentId: integer('agent_id').references(() => agents.id),
    agentFeePercent: numeric('agent_fee_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** The share of the price the customer must have paid before the agent's fee falls due. */
    minimumIncomePercent: numeric('minimum_income_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** paid once marked paid; otherwise must_paid is derived from what the customer has paid. */
    agentFeePaidAt: timestamp('agent_fee_paid_at', { withTimezone: true }),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    /** GEL per unit of the sale's currency on the contract date (1 for GEL). */
    currencyRate: numeric('currency_rate', { precision: 12, scale: 6 }),
    paidTotal: numeric('paid_total', { precision: 14, scale: 2 }).notNull().default('0'),
    status: text('status').notNull().default('active'),
    contractType: text('contract_type').notNull().default('installment'),
    paymentType: text('payment_type').notNull().default('bank_transfer'),
    contractLanguage: text('contract_language').notNull().default('ka'),
    contractStartDate: date('contract_start_date').notNull(),
    contractEndDate: date('contract_end_date'),
    firstPaymentDate: date('first_payment_date'),
    periodMonths: smallint('period_months').notNull().default(1),
    paymentsCount: smallint('payments_count').notNull().default(1),
    formula: text('formula'),
    activityType: text('activity_type'),
    note: text('note'),
    renovationPrice: numeric('renovation_price', { precision: 14, scale: 2 }).notNull().default('0'),
    renovationPaid: numeric('renovation_paid', { precision: 14, scale: 2 }).notNull().default('0'),
    preSaleBookingId: integer('pre_sale_booking_id').references(() => preSaleBookings.id),
    /** The sales manager the sale belongs to (view_only_own_sales, the user_id filter). */
    userId: integer('user_id').references(() => users.id),
    customerChangeDate: date('customer_change_date'),
    customerChangeReason: text('customer_change_reason'),
    cancellationDate: date('cancellation_date'),
    cancellationReason: text('cancellation_reason'),
    canceledBy: integer('canceled_by').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sales_contract_no_unique').on(t.contractNo).where(sql`${t.deletedAt} is null`),
    index('sales_building_idx').on(t.buildingId, t.status),
    index('sales_customer_idx').on(t.customerId),
    index('sales_agent_idx').on(t.agentId),
    index('sales_status_idx').on(t.status),
    index('sales_user_idx').on(t.userId),
    index('sales_created_at_idx').on(t.createdAt),
  ],
);

/** The units of a sale, each with its share of the price. */
export const saleProperties = pgTable(
  'sale_properties',
  {
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.saleId, t.propertyId] }), index('sale_properties_property_idx').on(t.propertyId)],
);

/** One installment of a sale's payment schedule; `paid` is what the ledger has allocated to it, oldest first. */
export const installments = pgTable(
  'installments',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    dueDate: date('due_date').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('installments_sale_number_unique').on(t.saleId, t.number),
    index('installments_unpaid_due_idx').on(t.dueDate).where(sql`${t.paid} < ${t.amount}`),
  ],
);

/**
 * Money received for a sale (mode sale) or its renovation (mode renovation), in the currency it came in.
 * `credited` is the amount in the sale's currency, converted at `rate` (sale-currency units per payment-currency
 * unit, from the NBG rates of `paidOn`); both are kept as they were when the payment was recorded.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    mode: text('mode').notNull().default('sale'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 14, scale: 8 }).notNull().default('1'),
    credited: numeric('credited', { precision: 14, scale: 2 }).notNull(),
    paidOn: date('paid_on').notNull(),
    note: text('note'),
    source: text('source').notNull().default('manual'),
    /** Set when the user reset what was paid while changing the sale's units: the payment stays on record but no longer counts. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_sale_idx').on(t.saleId, t.paidOn), index('payments_paid_on_idx').on(t.paidOn)],
);

/** NBG's official rate: GEL per one unit of `currency` on `date` (source nbg, manual or import). */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').notNull(),
    date: date('date').notNull(),
    rate: numeric('rate', { precision: 12, scale: 6 }).notNull(),
    source: text('source').notNull().default('nbg'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.date] })],
);

/** Every change of a sale: who, when, what (field → from/to), with the date and reason the user gave. */
export const saleHistories = pgTable(
  'sale_histories',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Array<{ field: string; from: unknown; to: unknown }>>().notNull().default([]),
    reason: text('reason'),
    effectiveDate: date('effective_date'),
    createdAt: createdAt(),
  },
  (t) => [index('sale_histories_sale_idx').on(t.saleId, t.createdAt)],
);

/** A cancellation notice recorded for an overdue sale (sending it comes with notifications). */
export const cancellationNotices = pgTable(
  'cancellation_notices',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    daysLate: integer('days_late').notNull(),
    amountOverdue: numeric('amount_overdue', { precision: 14, scale: 2 }).notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('cancellation_notices_sale_idx').on(t.saleId)],
);

/** An invoice for one installment or a whole sale's outstanding balance, numbered in order of issue. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id),
    installmentId: integer('installment_id').references(() => installments.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    issuedOn: date('issued_on').notNull(),
    dueDate: date('due_date'),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_sale_idx').on(t.saleId)],
);
