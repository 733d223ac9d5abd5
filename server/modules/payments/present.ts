import { eq } from 'drizzle-orm';
import { fromMinor, toMinor, type Minor } from '../../../domain/money';
import type { PaymentMode, SaleStatus } from '../../../domain/sales';
import type { Locale } from '../../../i18n';
import type { Db, Tx } from '../../db/client';
import { buildings, customers, payments, sales, users } from '../../db/schema';
import { customerName } from '../../../domain/names';

/** Payments with what their answer shows of the sale, its complex and customer, and who recorded them. */
export const paymentRows = (db: Db | Tx) =>
  db
    .select({
      payment: payments,
      contractNo: sales.contractNo,
      saleCurrency: sales.currency,
      buildingName: buildings.name,
      customerNameKa: customers.nameKa,
      customerNameEn: customers.nameEn,
      customerNameRu: customers.nameRu,
      createdByName: users.fullName,
    })
    .from(payments)
    .innerJoin(sales, eq(sales.id, payments.saleId))
    .innerJoin(buildings, eq(buildings.id, sales.buildingId))
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .leftJoin(users, eq(users.id, payments.createdBy));

export type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

/** A payment as the API answers it (the payments list, the sale page, the pay dialog). */
export const presentPayment = (row: PaymentRow, locale: Locale) => ({
  id: row.payment.id,
  sale_id: row.payment.saleId,
  contract_no: row.contractNo,
  customer_name: customerName(
    { nameKa: row.customerNameKa, nameEn: row.customerNameEn, nameRu: row.customerNameRu },
    locale,
  ),
  building_name: row.buildingName,
  mode: row.payment.mode as PaymentMode,
  amount: fromMinor(toMinor(row.payment.amount)),
  currency: row.payment.currency,
  rate: row.payment.rate,
  credited: fromMinor(toMinor(row.payment.credited)),
  sale_currency: row.saleCurrency,
  paid_on: row.payment.paidOn,
  note: row.payment.note,
  source: row.payment.source,
  voided: row.payment.voidedAt !== null,
  created_by_name: row.createdByName,
  created_at: row.payment.createdAt.toISOString(),
});

/** The sale after a payment was written: its status, what is paid and what is left. */
export const saleSummary = (saleId: number, price: string, settled: { status: SaleStatus; paid_total: Minor }) => ({
  id: saleId,
  status: settled.status,
  paid_total: fromMinor(settled.paid_total),
  remaining: fromMinor(Math.max(0, toMinor(price) - settled.paid_total)),
});
