import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { installmentAlias, lateInstallment, lateRenovation, overdueNotices, unpaidRenovation } from '../saleLedger';

/**
 * Days pass without payments: a live sale turns overdue once an installment falls due unpaid, and back to active
 * (or completed) when nothing is late any more. The ledger's `settle` does the same for one sale on every payment;
 * this is the daily sweep over all of them in one statement. Answers how many sales changed status.
 * A late renovation installment makes the sale overdue too, and a sale is completed only once its renovation is paid.
 * A sale that turns overdue notifies its responsible manager in the same statement, once a day (the notice's key
 * names the sale and the day, so a repeated sweep writes nothing more). Each live sale's `amount_overdue` (what its
 * late installments lack) is brought to the day as well.
 */
export async function settleOverdueSales(db: Db, today: string) {
  const changed = await rows<{ id: number }>(
    db,
    sql`
    with computed as (
      select s.id, s.status as was, late.amount_overdue,
        case
          when late.amount_overdue > 0 then 'overdue'
          when ${lateRenovation(today, sql`s.id`)} then 'overdue'
          when ${unpaidRenovation(sql`s.id`)} then 'active'
          when exists (select 1 from installments i where i.sale_id = s.id)
            then case when exists (select 1 from installments i where i.sale_id = s.id and i.paid < i.amount) then 'active' else 'completed' end
          when s.paid_total >= s.price then 'completed'
          else 'active'
        end as status
      from sales s
      cross join lateral (select coalesce(sum(i.amount - i.paid), 0) as amount_overdue from installments i
        where i.sale_id = s.id and ${lateInstallment(today, installmentAlias('i'))}) late
      where s.deleted_at is null and s.status in ('active', 'overdue')
    )
    , updated as (
      update sales set status = computed.status, amount_overdue = computed.amount_overdue, updated_at = now()
      from computed
      where sales.id = computed.id
        and (computed.was <> computed.status or sales.amount_overdue <> computed.amount_overdue)
      returning sales.id, sales.status, sales.user_id, sales.contract_no, (computed.was <> computed.status) as status_changed
    )
    , changed as (select * from updated where status_changed)
    , noticed as (${overdueNotices(sql`select id, user_id, contract_no from changed where status = 'overdue'`, today)})
    select id from changed`,
  );
  // the renovation containers' own status follows the same rule (their schedules are settled by the ledger too)
  await db.execute(sql`
    update service_containers c set status = v.status, updated_at = now()
    from (
      select c2.id,
        case
          when exists (select 1 from container_installments ci where ci.container_id = c2.id and ci.paid < ci.amount
            and ci.due_date < ${today}::date) then 'overdue'
          when c2.paid >= c2.price then 'completed'
          else 'active'
        end as status
      from service_containers c2 join sales s on s.id = c2.sale_id and s.deleted_at is null
    ) v
    where c.id = v.id and c.status <> v.status`);
  return changed.length;
}
