import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { noticesFrom } from '../notifications';
import { installmentAlias, lateInstallment } from '../saleLedger';

/**
 * Days pass without payments: a live sale turns overdue once an installment falls due unpaid, and back to active
 * (or completed) when nothing is late any more. The ledger's `settle` does the same for one sale on every payment;
 * this is the daily sweep over all of them in one statement. Answers how many sales changed status.
 * A sale that turns overdue notifies its responsible manager in the same statement, once a day (the notice's key
 * names the sale and the day, so a repeated sweep writes nothing more).
 */
export async function settleOverdueSales(db: Db, today: string) {
  const changed = await rows<{ id: number }>(
    db,
    sql`
    with computed as (
      select s.id,
        case
          when exists (select 1 from installments i where i.sale_id = s.id and ${lateInstallment(today, installmentAlias('i'))}) then 'overdue'
          when exists (select 1 from installments i where i.sale_id = s.id)
            then case when exists (select 1 from installments i where i.sale_id = s.id and i.paid < i.amount) then 'active' else 'completed' end
          when s.paid_total >= s.price then 'completed'
          else 'active'
        end as status
      from sales s
      where s.deleted_at is null and s.status in ('active', 'overdue')
    )
    , changed as (
      update sales set status = computed.status, updated_at = now()
      from computed
      where sales.id = computed.id and sales.status <> computed.status
      returning sales.id, sales.status, sales.user_id, sales.contract_no
    )
    , noticed as (${noticesFrom(sql`
      select user_id, 'sale_overdue' as kind, jsonb_build_object('contract_no', contract_no) as params,
        '/sales/' || id || '/show' as link, 'sale-overdue:' || id || ':' || ${today}::text as dedupe_key
      from changed
      where status = 'overdue' and user_id is not null`)})
    select id from changed`,
  );
  return changed.length;
}
