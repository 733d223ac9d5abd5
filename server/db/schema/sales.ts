/** Sales, their units, installments, payments, history, notices and invoices; the currency rates. */
import { sql } from 'drizzle-orm';
import {
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { PaymentMode } from '../../../domain/sales';
import { createdAt, updatedAt } from './columns';
import { agents, customers } from './customers';
import { preSaleBookings } from './deals';
import { buildings } from './sites';
import { containerInstallments, serviceContainers } from './services';
import { properties } from './units';
import { users } from './users';

/**
 * A sale of one or more units to a customer (active, overdue, completed or canceled). `paidTotal` is the
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
    /** Paid once marked paid; otherwise must_paid is derived from what the customer has paid. */
    agentFeePaidAt: timestamp('agent_fee_paid_at', { withTimezone: true }),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    /** GEL per unit of the sale's currency on the contract date (1 for GEL). */
    currencyRate: numeric('currency_rate', { precision: 12, scale: 6 }),
    paidTotal: numeric('paid_total', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * What the sale's late installments (due before today, not fully paid) still lack, in the sale's currency: written
     * by the ledger's settle and by the daily overdue sweep, as `status` is (the sales totals sum it).
     */
    amountOverdue: numeric('amount_overdue', { precision: 14, scale: 2 }).notNull().default('0'),
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
    uniqueIndex('sales_contract_no_unique')
      .on(t.contractNo)
      .where(sql`${t.deletedAt} is null`),
    index('sales_building_idx').on(t.buildingId, t.status),
    index('sales_customer_idx').on(t.customerId),
    index('sales_agent_idx').on(t.agentId),
    index('sales_status_idx').on(t.status),
    index('sales_user_idx').on(t.userId),
    index('sales_created_at_idx').on(t.createdAt),
    // the list's sorts (paid_total is left out: it changes with every payment, and an index on it would cost each one)
    index('sales_price_idx')
      .on(t.price, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('sales_contract_start_idx')
      .on(t.contractStartDate, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('sales_contract_no_trgm').using('gin', t.contractNo.op('gin_trgm_ops')),
  ],
);

/** The summed columns of `saleTotals` and `saleTotalChanges`. */
const summedSales = () => ({
  buildingId: integer('building_id').notNull(),
  /** The responsible manager, 0 when none. */
  userId: integer('user_id').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  count: integer('count').notNull(),
  price: numeric('price').notNull(),
  paidTotal: numeric('paid_total').notNull(),
  remaining: numeric('remaining').notNull(),
  amountOverdue: numeric('amount_overdue').notNull(),
});

/**
 * The live sales (not cancelled) summed by complex, responsible manager, currency and status: count, price, paid,
 * remaining and overdue, as of the last fold of `saleTotalChanges` into it. The sales totals read both when no filter
 * but complexes, statuses, currencies and the manager is set (summing 14,000 sales cost 11 ms of every
 * totals call at scale 100).
 */
export const saleTotals = pgTable('sale_totals', summedSales(), (t) => [
  primaryKey({ columns: [t.buildingId, t.userId, t.currency, t.status] }),
]);

/**
 * `saleTotals` summed over every complex and manager, by currency and status, folded with it: the totals of a user who
 * sees every complex, filtered by nothing but statuses and currencies, add a few rows instead of thousands.
 */
export const saleTotalsEverywhere = pgTable(
  'sale_totals_everywhere',
  (() => {
    const { buildingId: _building, userId: _user, ...summed } = summedSales();
    return summed;
  })(),
  (t) => [primaryKey({ columns: [t.currency, t.status] })],
);

/**
 * What each write to `sales` changed in `saleTotals`, appended by the statement trigger on `sales` (migration 0015) in
 * the write's transaction, so that writes never wait on one another for a summed row; folded into `saleTotals` every
 * minute (`foldSaleTotals`).
 */
export const saleTotalChanges = pgTable('sale_total_changes', summedSales());

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
    /**
     * Whether the sale's counted payments dated up to the due date cover this installment and every one before it
     * (the cash-flow forecast's on-time history reads it). Written by the ledger's settle with `paid`, from the
     * payments alone (not from today), so it holds until the next money write on the sale.
     */
    paidOnTime: boolean('paid_on_time').notNull().default(false),
  },
  (t) => [
    uniqueIndex('installments_sale_number_unique').on(t.saleId, t.number),
    // the payment-schedules page reads installments by due date: its first page walks this index
    index('installments_due_date_idx').on(t.dueDate, t.id),
    // one sale's installments in a range of due dates (the schedules page filtered by complex)
    index('installments_sale_due_idx').on(t.saleId, t.dueDate),
    index('installments_unpaid_due_idx')
      .on(t.dueDate, t.id)
      .where(sql`${t.paid} < ${t.amount}`),
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
    /** The renovation container a renovation payment is for (its schedule is the one the ledger fills). */
    containerId: integer('container_id').references((): AnyPgColumn => serviceContainers.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 14, scale: 8 }).notNull().default('1'),
    credited: numeric('credited', { precision: 14, scale: 2 }).notNull(),
    paidOn: date('paid_on').notNull(),
    /**
     * The payment in each currency a report presents (GEL, USD, EUR): as received in its own currency, its `credited`
     * amount in the sale's currency, else at NBG's stored rates of `paidOn`, rounded to the cent. Written by the
     * ledger's settle with every money write on the sale, and again when a stored rate they read changes
     * (saleLedger/converted.ts); null only while no rate of a currency is stored at all.
     */
    inGel: numeric('in_gel', { precision: 16, scale: 2 }),
    inUsd: numeric('in_usd', { precision: 16, scale: 2 }),
    inEur: numeric('in_eur', { precision: 16, scale: 2 }),
    note: text('note'),
    source: text('source').notNull().default('manual'),
    /**
     * A bank-statement row's identity beside its sale, day, amount and currency: the bank's transaction id
     * (`tx:FT-001`) where the file has one, else its note (`note:…`, spaces collapsed); and which of the rows alike in
     * all of these it is within its file (1, 2, …), so two equal payments of one day stay two and a file imported
     * again adds nothing. Null for payments not imported from a statement.
     */
    statementReference: text('statement_reference'),
    statementOccurrence: integer('statement_occurrence'),
    /**
     * Set when the user reset what was paid while changing the sale's units:
     * the payment stays on record but no longer counts.
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_sale_idx').on(t.saleId, t.paidOn),
    // a list sorted by a column walks its index, ties broken by id in the same direction (inOrder)
    index('payments_paid_on_idx').on(t.paidOn, t.id),
    index('payments_amount_idx').on(t.amount, t.id),
    index('payments_container_idx')
      .on(t.containerId)
      .where(sql`${t.containerId} is not null`),
    uniqueIndex('payments_statement_row_idx')
      .on(t.saleId, t.paidOn, t.amount, t.currency, t.statementReference, t.statementOccurrence)
      .where(sql`${t.statementReference} is not null`),
  ],
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
    /** 'sale', or 'renovation': the sale's renovation containers (their balance, or `containerInstallmentId`). */
    mode: text('mode').$type<PaymentMode>().notNull().default('sale'),
    containerInstallmentId: integer('container_installment_id').references(() => containerInstallments.id, {
      onDelete: 'set null',
    }),
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
