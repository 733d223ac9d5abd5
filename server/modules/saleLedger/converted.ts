import { sql, type SQL } from 'drizzle-orm';
import type { Currency } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';

/**
 * The payments in each currency of presentation (payments.in_gel, in_usd, in_eur), kept by the ledger so the receipts
 * reports add stored amounts instead of converting every payment of a year at each call. Each is the
 * payment as received when the currency is its own, its credited amount when the currency is the sale's (the
 * payment's stored `rate` made it), else the amount at NBG's stored rates of its day, rounded half-up to the
 * cent. Settle writes them for the sale's new or changed payments with every money write on it; a stored rate
 * written or changed writes them again for the days it reaches.
 */
type Executor = Db | Tx;

/**
 * GEL per unit of `currency` on `day` from the stored rates: the last on or before it, the first after it when none
 * is older; 1 for GEL.
 */
export const gelRateOn = (currency: SQL, day: SQL) =>
  sql`(case when ${currency} = 'GEL' then 1::numeric else coalesce(
    (select r.rate from currency_rates r where r.currency = ${currency} and r.date <= ${day} order by r.date desc limit 1),
    (select r.rate from currency_rates r where r.currency = ${currency} and r.date > ${day} order by r.date limit 1)) end)`;

/** A payment `q` of sale `s` in `currency`. */
const paymentIn = (currency: Currency) => {
  const named = sql.raw(`'${currency}'::text`);
  return sql`(case when q.currency = ${named} then q.amount
    when s.currency = ${named} then q.credited
    else round(q.amount * ${gelRateOn(sql`q.currency`, sql`q.paid_on`)} / ${gelRateOn(named, sql`q.paid_on`)}, 2) end)`;
};

/**
 * A payment `q` not converted yet: a new payment leaves its amounts in each currency null, and a write that changes
 * its amount, currency, credited amount or day sets them null again (PUT /payments/{id}); settle then converts it.
 * (Null stays only while no rate of a currency is stored at all; such a payment is tried again at each settle.)
 */
export const notConverted = sql`(q.in_gel is null or q.in_usd is null or q.in_eur is null)`;

/**
 * The statement that writes the converted amounts of the payments `condition` picks (over payment `q` and its sale
 * `s`) where they differ from what they should be. Settling a sale runs it for the sale's payments.
 */
export const convertPayments = (condition: SQL) =>
  sql`update payments as p set in_gel = c.in_gel, in_usd = c.in_usd, in_eur = c.in_eur
    from (
      select q.id, ${paymentIn('GEL')} as in_gel, ${paymentIn('USD')} as in_usd, ${paymentIn('EUR')} as in_eur
      from payments q join sales s on s.id = q.sale_id
      where ${condition}) as c
    where p.id = c.id
      and (p.in_gel is distinct from c.in_gel or p.in_usd is distinct from c.in_usd or p.in_eur is distinct from c.in_eur)`;

/**
 * After rates of `currency` from `from` on were written or changed: converts again the payments whose days read them
 * (from that day on, and every earlier day too when no older rate of the currency is stored).
 */
export async function convertPaymentsAfterRates(
  db: Executor,
  changed: ReadonlyArray<{ currency: string; date: string }>,
) {
  const earliest = new Map<string, string>();
  for (const r of changed)
    if (!earliest.has(r.currency) || r.date < earliest.get(r.currency)!) earliest.set(r.currency, r.date);
  if (!earliest.size) return;
  const reached = sql.join(
    [...earliest].map(
      ([currency, from]) => sql`(q.paid_on >= ${from}::date or not exists (
        select 1 from currency_rates r where r.currency = ${currency} and r.date < ${from}::date))`,
    ),
    sql` or `,
  );
  await db.execute(convertPayments(sql`(${reached})`));
}
