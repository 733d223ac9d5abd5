import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../domain/access';
import { AGENT_FEE_RULES, type AgentFeeRule } from '../../../domain/bonuses';
import type { AgentFees, AgentPayouts, AgentsBonus } from '../../../domain/contracts/bonuses';
import { fromMinor, toDecimalString, toMinor, type Minor } from '../../../domain/money';
import type { AgentFeeStatus } from '../../../domain/sales';
import { rows, type Db, type Tx } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { activityLogs, agentFeePayouts, sales, settings } from '../../db/schema';
import { ownSalesOnly, writeHistories } from '../saleLedger';
import { saleScope } from './figures';

const RULE_KEY = 'agent_fee_rule';

/** Which agent-fee rule applies (a setting; threshold until changed). */
export async function agentFeeRule(db: Db | Tx): Promise<AgentFeeRule> {
  const [row] = await db.select().from(settings).where(eq(settings.key, RULE_KEY));
  return (AGENT_FEE_RULES as readonly string[]).includes(row?.value ?? '') ? (row!.value as AgentFeeRule) : 'threshold';
}

export async function setAgentFeeRule(db: Db, rule: AgentFeeRule) {
  await db
    .insert(settings)
    .values({ key: RULE_KEY, value: rule })
    .onConflictDoUpdate({ target: settings.key, set: { value: rule } });
  return rule;
}

interface FeeRow {
  sale_id: number;
  building_id: number;
  agent_id: number;
  agent_name: string;
  contract_no: string;
  contract_start_date: string;
  price: string;
  paid_total: string;
  currency: string;
  agent_fee_percent: string;
  fee: string;
  earned: string;
  paid: string;
  marked_paid: boolean;
}

/**
 * Every sale with an agent and its fee, in SQL: the fee (price × percent, half-up to the cent), what the rule makes
 * due so far (`earned`), and what was paid out (all of it once the fee is marked paid, else the payouts).
 */
function feeRows(db: Db | Tx, user: Principal, rule: AgentFeeRule, where: ReturnType<typeof sql>) {
  return rows<FeeRow>(
    db,
    sql`with f as (
        select s.id as sale_id, s.building_id, s.agent_id, a.name as agent_name, s.contract_no,
          to_char(s.contract_start_date, 'YYYY-MM-DD') as contract_start_date, s.price, s.paid_total, s.currency,
          s.agent_fee_percent, s.minimum_income_percent, s.agent_fee_paid_at is not null as marked_paid,
          round(s.price * s.agent_fee_percent / 100, 2) as fee,
          coalesce((select sum(o.amount) from agent_fee_payouts o where o.sale_id = s.id), 0) as payouts
        from sales s join agents a on a.id = s.agent_id
        where s.deleted_at is null and ${where} and ${saleScope(user)}
          and ${ownSalesOnly(user) ? sql`s.user_id = ${user.id}` : sql`true`})
      select f.*,
        case when f.marked_paid then f.fee else least(f.payouts, f.fee) end as paid,
        case when ${rule}::text = 'proportional'
          then case when f.price > 0 then round(f.fee * least(f.paid_total, f.price) / f.price, 2) else 0 end
          else case when f.paid_total >= round(f.price * f.minimum_income_percent / 100, 2) then f.fee else 0 end
        end as earned
      from f order by f.agent_name, f.agent_id, f.contract_start_date, f.sale_id`,
  );
}

const statusOf = (fee: Minor, paid: Minor, mustPaid: Minor, marked: boolean): AgentFeeStatus =>
  marked || (fee > 0 && paid >= fee) ? 'paid' : mustPaid > 0 ? 'must_paid' : 'not_due';

const figuresOf = (r: FeeRow) => {
  const fee = toMinor(r.fee);
  const paid = toMinor(r.paid);
  const earned = toMinor(r.earned);
  const mustPaid = r.marked_paid ? 0 : Math.max(earned - paid, 0);
  return { fee, paid, earned, mustPaid, status: statusOf(fee, paid, mustPaid, r.marked_paid) };
};

/** POST /bonuses/getAgentsBonus: every agent's sales signed in the period, per currency, with fee, due and paid. */
export async function agentsBonus(db: Db, user: Principal, from: string, to: string): Promise<AgentsBonus> {
  const rule = await agentFeeRule(db);
  const found = await feeRows(db, user, rule, sql`s.contract_start_date between ${from}::date and ${to}::date`);
  const byAgent = new Map<string, AgentFees>();
  const totals = new Map<string, { currency: string; fee: Minor; must_paid: Minor; paid: Minor }>();
  for (const r of found) {
    const f = figuresOf(r);
    const key = `${r.agent_id}:${r.currency}`;
    const agent = byAgent.get(key) ?? {
      agent_id: Number(r.agent_id),
      agent_name: r.agent_name,
      currency: r.currency,
      fee: 0,
      earned: 0,
      must_paid: 0,
      paid: 0,
      sales: [],
    };
    agent.sales.push({
      sale_id: Number(r.sale_id),
      contract_no: r.contract_no,
      contract_start_date: r.contract_start_date,
      price: Number(r.price),
      paid_total: Number(r.paid_total),
      currency: r.currency,
      agent_fee_percent: Number(r.agent_fee_percent),
      fee: fromMinor(f.fee),
      earned: fromMinor(f.earned),
      must_paid: fromMinor(f.mustPaid),
      paid: fromMinor(f.paid),
      status: f.status,
    });
    agent.fee = fromMinor(toMinor(agent.fee) + f.fee);
    agent.earned = fromMinor(toMinor(agent.earned) + f.earned);
    agent.must_paid = fromMinor(toMinor(agent.must_paid) + f.mustPaid);
    agent.paid = fromMinor(toMinor(agent.paid) + f.paid);
    byAgent.set(key, agent);
    const total = totals.get(r.currency) ?? { currency: r.currency, fee: 0, must_paid: 0, paid: 0 };
    total.fee += f.fee;
    total.must_paid += f.mustPaid;
    total.paid += f.paid;
    totals.set(r.currency, total);
  }
  return {
    date_from: from,
    date_to: to,
    rule,
    rows: [...byAgent.values()],
    totals: [...totals.values()].map((t) => ({
      currency: t.currency,
      fee: fromMinor(t.fee),
      must_paid: fromMinor(t.must_paid),
      paid: fromMinor(t.paid),
    })),
  };
}

/**
 * Pays out what is due now on each sale, in one transaction: under the threshold rule the fee is marked paid (as the
 * sale page's toggle does); under the proportional rule a payout row of the due share, the fee marked paid once the
 * payouts reach it; an entry in each sale's history and a line per sale in the activity log. Sales with nothing
 * due (or not visible: never revealed) are skipped.
 */
export async function markAgentFeesPaid(
  db: Db,
  user: Principal,
  saleIds: readonly number[],
  request: { ip: string; route: string },
  record: RecordWrite,
): Promise<AgentPayouts> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(saleIds)].sort((a, b) => a - b);
    // the sales' rows are locked in id order, as every money write locks them (no payment lands in between)
    if (ids.length)
      await rows(
        tx,
        sql`select s.id from sales s where s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by s.id for update`,
      );
    const rule = await agentFeeRule(tx);
    const found = ids.length
      ? await feeRows(
          tx,
          user,
          rule,
          sql`s.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : [];
    const paid: AgentPayouts['paid'] = [];
    const history: Parameters<typeof writeHistories>[1][number][] = [];
    for (const r of found) {
      const f = figuresOf(r);
      if (f.mustPaid <= 0) continue;
      const saleId = Number(r.sale_id);
      // under the threshold rule the fee is paid whole, as the sale page's toggle marks it; a share is a payout row
      if (rule === 'proportional')
        await tx.insert(agentFeePayouts).values({ saleId, amount: toDecimalString(f.mustPaid), createdBy: user.id });
      const after: AgentFeeStatus = rule === 'threshold' || f.paid + f.mustPaid >= f.fee ? 'paid' : 'must_paid';
      if (after === 'paid')
        await tx.update(sales).set({ agentFeePaidAt: new Date(), updatedAt: new Date() }).where(eq(sales.id, saleId));
      history.push({
        saleId,
        userId: user.id,
        action: 'agent_fee_changed',
        changes: [
          { field: 'agent_fee_status', from: f.status, to: after },
          { field: 'agent_fee_paid', from: fromMinor(f.paid), to: fromMinor(f.paid + f.mustPaid) },
        ],
      });
      await tx.insert(activityLogs).values({
        userId: user.id,
        action: 'update',
        method: 'POST',
        route: request.route,
        recordType: 'sales',
        recordId: String(saleId),
        changes: { agent_fee_status: after, agent_fee_paid_out: fromMinor(f.mustPaid) },
        oldValues: { agent_fee_status: f.status },
        statusCode: 200,
        ip: request.ip,
        buildingId: r.building_id,
      });
      paid.push({ sale_id: saleId, amount: fromMinor(f.mustPaid), currency: r.currency });
    }
    await writeHistories(tx, history);
    const done = new Set(paid.map((p) => p.sale_id));
    const payouts = { paid, skipped: ids.filter((id) => !done.has(id)) };
    // the request's own line, beside each sale's: about several sales, so no one record or complex
    await record(tx, { recordId: null, buildingId: null });
    return payouts;
  });
}
