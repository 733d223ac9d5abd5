import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { ContainerWrites } from '../../../domain/ledger';
import { toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { ScheduledInstallment } from '../../../domain/paymentSchedule';
import type { Tx } from '../../db/client';
import { containerInstallments, serviceContainers } from '../../db/schema';
import { notFound } from '../../core/errors';

/**
 * The renovation side of the ledger. A container (what a customer bought on top of a sale) has its own schedule in
 * `container_installments`; the renovation payments that name it (`payments.container_id`) are allocated to that
 * schedule only, oldest installment first, by the same `allocate` as the sale's own schedule, and never to the sale's
 * (domain/ledger's `planContainers`). It runs inside `settleMany`, under the sale's row lock, so the containers' paid
 * and status and the sale's renovation price, paid and status are all written by one writer in the same transaction as
 * the payment.
 */

/** Writes what settling the containers changed: their installments' paid, then each container's paid and status. */
export async function writeContainers(tx: Tx, writes: ContainerWrites) {
  if (writes.installments.id.length)
    await tx.execute(sql`update container_installments as i set paid = v.paid
      from unnest(${sql.param(writes.installments.id)}::int[], ${sql.param(writes.installments.paid)}::numeric[])
        as v(id, paid)
      where i.id = v.id`);
  if (writes.containers.id.length)
    await tx.execute(sql`update service_containers as c set paid = v.paid, status = v.status, updated_at = now()
      from unnest(${sql.param(writes.containers.id)}::int[], ${sql.param(writes.containers.paid)}::numeric[],
        ${sql.param(writes.containers.status)}::text[]) as v(id, paid, status)
      where c.id = v.id`);
}

/** The containers of the sale `saleId` (an SQL expression) as JSON for `readLedgers`, oldest first. */
export const containersJson = (saleId: SQL) =>
  sql`coalesce((select json_agg(json_build_object('id', c.id, 'price', c.price::text, 'paid', c.paid::text,
      'status', c.status,
      'total', (select coalesce(sum(p.credited), 0)::text from payments p
        where p.container_id = c.id and p.mode = 'renovation' and p.voided_at is null),
      'schedule', coalesce((select json_agg(json_build_object('id', ci.id,
          'due_date', to_char(ci.due_date, 'YYYY-MM-DD'), 'amount', ci.amount::text, 'paid', ci.paid::text)
          order by ci.number) from container_installments ci where ci.container_id = c.id), '[]'::json))
      order by c.id)
    from service_containers c where c.sale_id = ${saleId}), '[]'::json)`;

/** Replaces the container's schedule with `rows` (amounts in minor units); `settle` then allocates what was paid. */
export async function writeContainerSchedule(tx: Tx, containerId: number, schedule: readonly ScheduledInstallment[]) {
  await tx.delete(containerInstallments).where(eq(containerInstallments.containerId, containerId));
  if (schedule.length === 0) return;
  await tx.insert(containerInstallments).values(
    schedule.map((r) => ({
      containerId,
      number: r.number,
      dueDate: r.due_date,
      amount: toDecimalString(r.amount),
      paid: '0',
    })),
  );
}

/** The container of a sale, read under the sale's lock (the caller took `lockSale`); 404 when it is not the sale's. */
export async function containerOfSale(tx: Tx, saleId: number, containerId: number) {
  const [row] = await tx
    .select()
    .from(serviceContainers)
    .where(and(eq(serviceContainers.id, containerId), eq(serviceContainers.saleId, saleId)));
  if (!row) throw notFound();
  return row;
}

/** Whether the sale has a renovation container (then its renovation price is the containers', not typed by hand). */
export async function hasContainers(tx: Tx, saleId: number) {
  const [row] = await tx
    .select({ id: serviceContainers.id })
    .from(serviceContainers)
    .where(eq(serviceContainers.saleId, saleId))
    .limit(1);
  return row !== undefined;
}

/**
 * Where a renovation payment recorded on the sale (POST /payments/pay, mode renovation) goes: the oldest container of
 * the sale that still has something to pay, or none (a sale with a renovation price but no container). Read under the
 * sale's lock.
 */
export async function containerToFill(tx: Tx, saleId: number) {
  const [row] = await tx
    .select()
    .from(serviceContainers)
    .where(and(eq(serviceContainers.saleId, saleId), lt(serviceContainers.paid, serviceContainers.price)))
    .orderBy(asc(serviceContainers.id))
    .limit(1);
  return row ?? null;
}

/** What a container still owes, never below zero. */
export const owedOn = (container: { price: string; paid: string }): Minor =>
  Math.max(0, toMinor(container.price) - toMinor(container.paid));

/**
 * The late rule for renovation installments in SQL: whether the sale `saleId` (a column or expression) has a container
 * installment past due and not fully paid.
 * The daily overdue sweep and the overdue list use it beside `lateInstallment`.
 */
export const lateRenovation = (today: string, saleId: SQL): SQL =>
  sql`exists (select 1 from container_installments ci join service_containers sc on sc.id = ci.container_id
        where sc.sale_id = ${saleId} and ci.paid < ci.amount and ci.due_date < ${today}::date)`;

/** Whether the sale `saleId` has a container not fully paid (a sale is completed only once its renovation is). */
export const unpaidRenovation = (saleId: SQL): SQL =>
  sql`exists (select 1 from service_containers sc where sc.sale_id = ${saleId} and sc.paid < sc.price)`;

/** The oldest due date and the unpaid sum of the late renovation installments of the sale `saleId`, in SQL. */
export const renovationLateness = (today: string, saleId: SQL) => {
  const late = sql`from container_installments ci join service_containers sc on sc.id = ci.container_id
    where sc.sale_id = ${saleId} and ci.paid < ci.amount and ci.due_date < ${today}::date`;
  return {
    oldestDue: sql`(select min(ci.due_date) ${late})`,
    amount: sql`(select coalesce(sum(ci.amount - ci.paid), 0) ${late})`,
  };
};
