import { and, desc, eq, isNull } from 'drizzle-orm';
import { toDecimalString, toMinor } from '../../../domain/money';
import type { Principal } from '../../../domain/access';
import type { PaymentMode } from '../../../domain/sales';
import type { Db } from '../../db/client';
import { containerInstallments, installments, invoices, serviceContainers } from '../../db/schema';
import { invalid } from '../../core/errors';
import type { RecordWrite } from '../../core/activityLog';
import { payableSale } from '../payments';
import { lockSale } from '../saleLedger';
import { businessToday } from '../../../domain/businessDay';

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

/**
 * The amount is what is left of the installment, else of the whole sale (for mode 'renovation': of the renovation
 * installment, else of the sale's renovation price); nothing left is a 422. An invoice already issued for the
 * same sale, mode, installment (or the balance) and amount is still unpaid: it is answered (reused) instead of
 * numbering a new one, so a second click reprints INV-000001 rather than issuing INV-000002. The sale row is locked
 * so two clicks at once cannot both number one. The write is recorded with the status it answers (`recordAs`: 200 for
 * an invoice answered again, 201 for a new one).
 */
export async function issueInvoice(
  db: Db,
  input: InvoiceInput,
  user: Principal,
  recordAs: (status: 200 | 201) => RecordWrite,
): Promise<{ id: number; reused: boolean }> {
  await payableSale(db, user, input.sale_id);
  const renovation = input.mode === 'renovation' || Boolean(input.container_installment_id);
  if (renovation && input.installment_id) throw invalid({ installment_id: ['payment_rules.installment_not_of_sale'] });
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
    if (existing) {
      await recordAs(200)(tx, { recordId: existing.id, buildingId: sale.buildingId });
      return { id: existing.id, reused: true };
    }
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
    await recordAs(201)(tx, { recordId: row.id, buildingId: sale.buildingId });
    return { id: row.id, reused: false };
  });
}
