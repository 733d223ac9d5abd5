import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { fromMinor, toMinor } from '../../../domain/money';
import type { Principal } from '../../../domain/access';
import type { Locale } from '../../../i18n';
import type { Db } from '../../db/client';
import { buildings, containerInstallments, customers, installments, invoices, sales } from '../../db/schema';
import { carriedPage, totalCount, type ListQuery } from '../../core/paging';
import type { RecordWrite } from '../../core/activityLog';
import { saleInScope, saleMatching } from '../saleLedger';
import { customerName } from '../../../domain/names';
import { issueInvoice, type InvoiceInput } from './issue';
import { printedInvoice } from './printed';
import { invoiceNumber } from '../../../domain/names';

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
      const byNumber = /^(?:inv-?)?0*(\d{1,9})$/i.exec(q.query.trim());
      filters.push(
        or(
          saleMatching(q.query, (p) => ilike(invoices.note, p)),
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

  return {
    list,
    get: (id: number, user: Principal, locale: Locale) => printedInvoice(db, id, user, locale),
    create: (input: InvoiceInput, user: Principal, recordAs: (status: 200 | 201) => RecordWrite) =>
      issueInvoice(db, input, user, recordAs),
  };
}
