import { and, eq, sql, type SQL } from 'drizzle-orm';
import { allocate, saleStatus } from '../../../domain/ledger';
import { toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { ScheduledInstallment } from '../../../domain/paymentSchedule';
import { rows, type Tx } from '../../db/client';
import { containerInstallments, serviceContainers } from '../../db/schema';
import { notFound } from '../../core/errors';

/**
 * The renovation side of the ledger. A container (what a customer bought on top of a sale) has its own schedule in
 * `container_installments`; the renovation payments that name it (`payments.container_id`) are allocated to that
 * schedule only, oldest installment first, by the same `allocate` as the sale's own schedule, and never to the sale's.
 * It runs inside `settleMany`, under the sale's row lock, so the containers' paid and status and the sale's
 * renovation price, paid and status are all written by one writer in the same transaction as the payment.
 */

/** A sale's renovation as the ledger sees it: the containers' summed price and how they stand. */
export interface RenovationState {
  price: Minor;
  /** overdue: an installment is late; completed: every container is paid; active otherwise. */
  status: 'active' | 'overdue' | 'completed';
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

/** Settles the containers of these sales; answers the renovation state of each sale that has a container. */
export async function settleContainers(
  tx: Tx,
  saleIds: readonly number[],
  today: string,
): Promise<Map<number, RenovationState>> {
  const states = new Map<number, RenovationState>();
  const containers = await rows<{ id: number; sale_id: number; price: string }>(
    tx,
    sql`select id, sale_id, price from service_containers where sale_id = any(${ids(saleIds)}) order by id`,
  );
  if (containers.length === 0) return states;
  const containerIds = containers.map((c) => c.id);
  const totals = await rows<{ container_id: number; total: string }>(
    tx,
    sql`select container_id, sum(credited) as total from payments
        where container_id = any(${ids(containerIds)}) and mode = 'renovation' and voided_at is null group by container_id`,
  );
  const schedules = await rows<{ id: number; container_id: number; due_date: string; amount: string; paid: string }>(
    tx,
    sql`select id, container_id, to_char(due_date, 'YYYY-MM-DD') as due_date, amount, paid from container_installments
        where container_id = any(${ids(containerIds)}) order by container_id, number`,
  );
  const paidOf = new Map(totals.map((t) => [t.container_id, toMinor(t.total)]));
  const scheduleOf = new Map<number, typeof schedules>();
  for (const row of schedules) scheduleOf.set(row.container_id, [...(scheduleOf.get(row.container_id) ?? []), row]);

  const changed: { id: number[]; paid: string[] } = { id: [], paid: [] };
  const updates: { id: number[]; paid: string[]; status: string[] } = { id: [], paid: [], status: [] };
  for (const container of containers) {
    const schedule = scheduleOf.get(container.id) ?? [];
    const paidTotal = paidOf.get(container.id) ?? 0;
    const price = toMinor(container.price);
    const scheduled = schedule.map((i) => ({ due_date: i.due_date, amount: toMinor(i.amount) }));
    const { paid } = allocate(scheduled, paidTotal);
    schedule.forEach((installment, index) => {
      if (toMinor(installment.paid) === paid[index]) return;
      changed.id.push(installment.id);
      changed.paid.push(toDecimalString(paid[index]));
    });
    const state = scheduled.map((s, index) => ({ ...s, paid: paid[index] }));
    const status = saleStatus(state, today, price, paidTotal);
    updates.id.push(container.id);
    updates.paid.push(toDecimalString(paidTotal));
    updates.status.push(status);
    const before = states.get(container.sale_id);
    states.set(container.sale_id, {
      price: (before?.price ?? 0) + price,
      status:
        before?.status === 'overdue' || status === 'overdue'
          ? 'overdue'
          : (before?.status ?? 'completed') === 'completed' && status === 'completed'
            ? 'completed'
            : 'active',
    });
  }
  if (changed.id.length) {
    await tx.execute(
      sql`update container_installments as i set paid = v.paid
          from unnest(${ids(changed.id)}, ${sql.param(changed.paid)}::numeric[]) as v(id, paid)
          where i.id = v.id`,
    );
  }
  await tx.execute(
    sql`update service_containers as c set paid = v.paid, status = v.status, updated_at = now()
        from unnest(${ids(updates.id)}, ${sql.param(updates.paid)}::numeric[], ${sql.param(updates.status)}::text[])
          as v(id, paid, status)
        where c.id = v.id and (c.paid <> v.paid or c.status <> v.status)`,
  );
  return states;
}

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
 * the sale that still has something to pay, or none (a sale with a renovation price but no container).
 */
export async function renovationContainerFor(tx: Tx, saleId: number) {
  const [row] = await tx
    .select()
    .from(serviceContainers)
    .where(and(eq(serviceContainers.saleId, saleId), sql`${serviceContainers.paid} < ${serviceContainers.price}`))
    .orderBy(serviceContainers.id)
    .limit(1);
  return row ?? null;
}

/**
 * The late rule for renovation installments in SQL: whether the sale `saleId` (a column or expression) has a container
 * installment past due and not fully paid. The daily overdue sweep and the overdue list use it beside `lateInstallment`.
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
