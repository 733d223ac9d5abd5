import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { fromMinor, toMinor } from '../../../domain/money';
import type { Principal } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import {
  bankAccounts,
  banks,
  blocks,
  buildings,
  companies,
  containerInstallments,
  customers,
  installments,
  invoices,
  properties,
  saleProperties,
  sales,
} from '../../db/schema';
import { notFound } from '../../core/errors';
import { saleInScope } from '../saleLedger';
import { customerName, invoiceNumber } from '../../../domain/names';

/**
 * The invoice as printed: the sale, the installment, the customer, the complex and its company,
 * the units and where to pay.
 */
export async function printedInvoice(db: Db, id: number, user: Principal, locale: Locale) {
  const [row] = await db
    .select({
      invoice: invoices,
      sale: sales,
      customer: customers,
      building: buildings,
      companyName: companies.name,
      companyCode: companies.identificationCode,
      installment: installments,
      containerInstallment: containerInstallments,
    })
    .from(invoices)
    .innerJoin(sales, eq(sales.id, invoices.saleId))
    .innerJoin(customers, eq(customers.id, sales.customerId))
    .innerJoin(buildings, eq(buildings.id, sales.buildingId))
    .leftJoin(companies, eq(companies.id, buildings.companyId))
    .leftJoin(installments, eq(installments.id, invoices.installmentId))
    .leftJoin(containerInstallments, eq(containerInstallments.id, invoices.containerInstallmentId))
    .where(and(eq(invoices.id, id), saleInScope(user)));
  if (!row) throw notFound();
  const units = await db
    .select({
      no: properties.no,
      floor: properties.floor,
      area: properties.area,
      blockId: properties.blockId,
      blockName: blocks.name,
    })
    .from(saleProperties)
    .innerJoin(properties, eq(properties.id, saleProperties.propertyId))
    .leftJoin(blocks, eq(blocks.id, properties.blockId))
    .where(eq(saleProperties.saleId, row.sale.id))
    .orderBy(asc(properties.id));
  const blockIds = [...new Set(units.map((u) => u.blockId).filter((b): b is number => b !== null))];
  const accounts = await db
    .select({
      account: bankAccounts,
      bankTitle: banks.title,
      bankTitleEn: banks.titleEn,
      bankCode: banks.code,
      blockName: blocks.name,
    })
    .from(bankAccounts)
    .innerJoin(banks, eq(banks.id, bankAccounts.bankId))
    .leftJoin(blocks, eq(blocks.id, bankAccounts.blockId))
    .where(
      and(
        eq(bankAccounts.buildingId, row.sale.buildingId),
        or(isNull(bankAccounts.blockId), blockIds.length ? inArray(bankAccounts.blockId, blockIds) : undefined),
      ),
    )
    .orderBy(asc(bankAccounts.id));
  const renovation = row.invoice.mode === 'renovation';
  const price = toMinor(renovation ? row.sale.renovationPrice : row.sale.price);
  const paid = toMinor(renovation ? row.sale.renovationPaid : row.sale.paidTotal);
  const installment = renovation ? row.containerInstallment : row.installment;
  return {
    id: row.invoice.id,
    number: invoiceNumber(row.invoice.id),
    issued_on: row.invoice.issuedOn,
    due_date: row.invoice.dueDate,
    amount: fromMinor(toMinor(row.invoice.amount)),
    currency: row.invoice.currency,
    note: row.invoice.note,
    mode: row.invoice.mode,
    sale: {
      id: row.sale.id,
      contract_no: row.sale.contractNo,
      price: fromMinor(price),
      paid_total: fromMinor(paid),
      remaining: fromMinor(Math.max(0, price - paid)),
    },
    installment: installment
      ? {
          number: installment.number,
          due_date: installment.dueDate,
          amount: fromMinor(toMinor(installment.amount)),
          paid: fromMinor(toMinor(installment.paid)),
        }
      : null,
    customer: {
      name: customerName(row.customer, locale),
      personal_number: row.customer.personalNumber ?? row.customer.companyCode,
      address: row.customer.address,
      phone: row.customer.phones[0] ?? null,
    },
    building: {
      name: row.building.name,
      address: row.building.address,
      company_name: row.companyName,
      company_id: row.companyCode,
      phone: row.building.phone,
      email: row.building.email,
    },
    properties: units.map((u) => ({ no: u.no, floor: u.floor, area: Number(u.area), block_name: u.blockName })),
    bank_accounts: accounts.map((a) => ({
      bank_name: (locale === 'ka' ? a.bankTitle : a.bankTitleEn) || a.bankTitle,
      bank_code: a.bankCode,
      iban: a.account.iban,
      iban_usd: a.account.ibanUsd,
      iban_eur: a.account.ibanEur,
      mediator_bank_usd: a.account.mediatorBankUsd,
      mediator_bank_eur: a.account.mediatorBankEur,
      block_name: a.blockName,
    })),
  };
}
