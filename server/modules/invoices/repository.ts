import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { fromMinor, toDecimalString, toMinor } from '../../../domain/money';
import type { Principal } from '../../../domain/access';
import type { PaymentMode } from '../../../domain/sales';
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
  serviceContainers,
} from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { likePattern, carriedPage, totalCount, type ListQuery } from '../../core/paging';
import { payableSale } from '../payments';
import { lockSale, saleInScope } from '../saleLedger';
import { customerName } from '../../../domain/names';
import { businessToday } from '../../../domain/businessDay';

/** INV-000042: invoices are numbered in order of issue, by their id. */
export const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, '0')}`;

export interface InvoiceInput {
  sale_id: number;
  /** 'renovation': the sale's renovation containers, their balance or `container_installment_id`. */
  mode?: PaymentMode;
  installment_id?: number | null;
  container_installment_id?: number | null;
  issued_on?: string;
  due_date?: string | null;
  note?: string | null;
}

export interface InvoiceFilters {
  sale_id?: number;
  building_ids?: number[];
}

const SORTABLE = { id: invoices.id, issued_on: invoices.issuedOn, amount: invoices.amount, due_date: invoices.dueDate };

export function createInvoicesRepository(db: Db) {
  const base = () =>
    db
      .select({
        invoice: invoices,
        contractNo: sales.contractNo,
        buildingName: buildings.name,
        customerNameKa: customers.nameKa,
        customerNameEn: customers.nameEn,
        customerNameRu: customers.nameRu,
        installmentNumber: installments.number,
        containerInstallmentNumber: containerInstallments.number,
        total: totalCount,
      })
      .from(invoices)
      .innerJoin(sales, eq(sales.id, invoices.saleId))
      .innerJoin(buildings, eq(buildings.id, sales.buildingId))
      .innerJoin(customers, eq(customers.id, sales.customerId))
      .leftJoin(installments, eq(installments.id, invoices.installmentId))
      .leftJoin(containerInstallments, eq(containerInstallments.id, invoices.containerInstallmentId));

  async function list(q: ListQuery & InvoiceFilters, user: Principal, locale: Locale) {
    const filters: Array<SQL | undefined> = [saleInScope(user)];
    if (q.sale_id !== undefined) filters.push(eq(invoices.saleId, q.sale_id));
    if (q.building_ids?.length) filters.push(inArray(sales.buildingId, q.building_ids));
    if (q.query) {
      const p = likePattern(q.query);
      const byNumber = /^(?:inv-?)?0*(\d{1,9})$/i.exec(q.query.trim());
      filters.push(
        or(
          ilike(sales.contractNo, p),
          ilike(customers.nameKa, p),
          ilike(customers.nameEn, p),
          ilike(customers.nameRu, p),
          ilike(invoices.note, p),
          byNumber ? eq(invoices.id, Number(byNumber[1])) : undefined,
        ),
      );
    }
    const where = and(...filters);
    const { rows, meta } = await carriedPage(
      q,
      { columns: SORTABLE, unsorted: [desc(invoices.id)], then: desc(invoices.id) },
      () => base().where(where),
    );
    return {
      data: rows.map((r) => ({
        id: r.invoice.id,
        number: invoiceNumber(r.invoice.id),
        sale_id: r.invoice.saleId,
        contract_no: r.contractNo,
        customer_name: customerName(
          { nameKa: r.customerNameKa, nameEn: r.customerNameEn, nameRu: r.customerNameRu },
          locale,
        ),
        building_name: r.buildingName,
        mode: r.invoice.mode,
        installment_id: r.invoice.installmentId,
        container_installment_id: r.invoice.containerInstallmentId,
        installment_number: r.installmentNumber ?? r.containerInstallmentNumber,
        amount: fromMinor(toMinor(r.invoice.amount)),
        currency: r.invoice.currency,
        issued_on: r.invoice.issuedOn,
        due_date: r.invoice.dueDate,
        note: r.invoice.note,
        created_at: r.invoice.createdAt.toISOString(),
      })),
      meta,
    };
  }

  /** The invoice as printed: the sale, the installment, the customer, the complex and its company, the units and where to pay. */
  async function get(id: number, user: Principal, locale: Locale) {
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

  /**
   * The amount is what is left of the installment, else of the whole sale (for mode 'renovation': of the renovation
   * installment, else of the sale's renovation price); nothing left is a 422. An invoice already issued for the
   * same sale, mode, installment (or the balance) and amount is still unpaid: it is answered (reused) instead of
   * numbering a new one, so a second click reprints INV-000001 rather than issuing INV-000002. The sale row is locked
   * so two clicks at once cannot both number one.
   */
  async function create(input: InvoiceInput, user: Principal): Promise<{ id: number; reused: boolean }> {
    await payableSale(db, user, input.sale_id);
    const renovation = input.mode === 'renovation' || Boolean(input.container_installment_id);
    if (renovation && input.installment_id)
      throw invalid({ installment_id: ['payment_rules.installment_not_of_sale'] });
    return db.transaction(async (tx) => {
      const sale = await lockSale(tx, input.sale_id);
      let amount = Math.max(0, toMinor(sale.price) - toMinor(sale.paidTotal));
      let dueDate = input.due_date ?? null;
      if (renovation && input.container_installment_id) {
        const [installment] = await tx
          .select({ installment: containerInstallments })
          .from(containerInstallments)
          .innerJoin(serviceContainers, eq(serviceContainers.id, containerInstallments.containerId))
          .where(
            and(eq(containerInstallments.id, input.container_installment_id), eq(serviceContainers.saleId, sale.id)),
          );
        if (!installment) throw invalid({ container_installment_id: ['payment_rules.installment_not_of_sale'] });
        amount = Math.max(0, toMinor(installment.installment.amount) - toMinor(installment.installment.paid));
        dueDate ??= installment.installment.dueDate;
      } else if (renovation) {
        // the ledger keeps the sale's renovation price and paid (its containers' sums), as the print shows them
        amount = Math.max(0, toMinor(sale.renovationPrice) - toMinor(sale.renovationPaid));
      } else if (input.installment_id) {
        const [installment] = await tx
          .select()
          .from(installments)
          .where(and(eq(installments.id, input.installment_id), eq(installments.saleId, sale.id)));
        if (!installment) throw invalid({ installment_id: ['payment_rules.installment_not_of_sale'] });
        amount = Math.max(0, toMinor(installment.amount) - toMinor(installment.paid));
        dueDate ??= installment.dueDate;
      }
      const field = input.container_installment_id
        ? 'container_installment_id'
        : input.installment_id
          ? 'installment_id'
          : 'sale_id';
      if (amount === 0) throw invalid({ [field]: ['payment_rules.nothing_to_invoice'] });
      const mode: PaymentMode = renovation ? 'renovation' : 'sale';
      const [existing] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.saleId, sale.id),
            eq(invoices.mode, mode),
            input.installment_id ? eq(invoices.installmentId, input.installment_id) : isNull(invoices.installmentId),
            input.container_installment_id
              ? eq(invoices.containerInstallmentId, input.container_installment_id)
              : isNull(invoices.containerInstallmentId),
            eq(invoices.amount, toDecimalString(amount)),
            eq(invoices.currency, sale.currency),
          ),
        )
        .orderBy(desc(invoices.id))
        .limit(1);
      if (existing) return { id: existing.id, reused: true };
      const [row] = await tx
        .insert(invoices)
        .values({
          saleId: sale.id,
          mode,
          installmentId: input.installment_id ?? null,
          containerInstallmentId: input.container_installment_id ?? null,
          amount: toDecimalString(amount),
          currency: sale.currency,
          issuedOn: input.issued_on ?? businessToday(),
          dueDate,
          note: input.note ?? null,
          createdBy: user.id,
        })
        .returning({ id: invoices.id });
      return { id: row.id, reused: false };
    });
  }

  return { list, get, create };
}
