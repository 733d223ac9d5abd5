import { sql, type SQL } from 'drizzle-orm';
import { toMinor, type Currency } from '../../../domain/money';
import { rows, type Db } from '../../db/client';
import { gelRateOn } from '../saleLedger';

/**
 * Conversion to the currency of presentation, in SQL, at each record's stored rate and never today's:
 * - a sale's amounts (price, installments, what is paid or late on them) at the sale's contract date: the sale's own
 *   `currency_rate` (GEL per unit of its currency) and NBG's stored rate of the presentation currency that day;
 * - a payment at its payment date: its `credited` amount when the sale's currency is asked (the payment's stored
 *   `rate` made it), else NBG's stored rates of that day; the ledger keeps each payment in every currency of
 *   presentation (payments.in_gel, in_usd, in_eur: saleLedger/converted.ts), so a report adds stored amounts.
 * Each record is rounded half-up to the cent before it is added (as domain/currency.ts does), so a total is the sum
 * of its records. A day without a published rate uses the last rate before it (the first after it when none is older).
 */

/**
 * The conversion factors of the sales a report reads, as a CTE named `fx` (id, building_id, currency, gf: GEL per
 * unit of the sale's currency, gt: GEL per unit of the presentation currency, both at the contract date). The sales
 * are read once (`fx_sales`) and the rates looked up once per contract day among them (`fx_days`), not once per sale;
 * each is materialised so no lookup is repeated.
 */
export const saleFx = (currency: Currency, saleCondition: SQL) => sql`fx_sales as materialized (
    select s.id, s.building_id, s.currency, s.currency_rate, s.contract_start_date from sales s where ${saleCondition})
  , fx_days as materialized (
    select d.day,
      ${gelRateOn(sql`'USD'`, sql`d.day`)} as usd,
      ${gelRateOn(sql`'EUR'`, sql`d.day`)} as eur
    from (select distinct contract_start_date as day from fx_sales) d)
  , fx as materialized (
    select s.id, s.building_id, s.currency,
      case when s.currency = 'GEL' then 1::numeric
        else coalesce(s.currency_rate, case s.currency when 'USD' then fd.usd else fd.eur end) end as gf,
      case ${currency}::text when 'GEL' then 1::numeric when 'USD' then fd.usd else fd.eur end as gt
    from fx_sales s join fx_days fd on fd.day = s.contract_start_date)`;

/** An amount in the sale's currency (joined to `fx`), in the presentation currency. */
export const saleAmount = (currency: Currency, amount: SQL) =>
  sql`(case when fx.currency = ${currency}::text then ${amount} else round(${amount} * fx.gf / fx.gt, 2) end)`;

/** A CTE `days` (day, usd, eur): NBG's stored GEL rates of every day of the period, read once per report. */
export const dayRates = (from: string, to: string) => sql`days as materialized (
    select d::date as day,
      ${gelRateOn(sql`'USD'`, sql`d::date`)} as usd,
      ${gelRateOn(sql`'EUR'`, sql`d::date`)} as eur
    from generate_series(${from}::date, ${to}::date, interval '1 day') d)`;

/** A payment `p` in the presentation currency, as the ledger stored it (see above). */
export const paymentAmount = (currency: Currency) =>
  ({ GEL: sql`p.in_gel`, USD: sql`p.in_usd`, EUR: sql`p.in_eur` })[currency];

/** Runs a report query; the caller reads numeric columns with `minor` and counts with `whole`. */
export const query = <T>(db: Pick<Db, 'execute'>, statement: SQL) => rows<T>(db, statement);

export const minor = (value: string | number | null | undefined) => (value == null ? 0 : toMinor(value));
export const whole = (value: string | number | null | undefined) => (value == null ? 0 : Number(value));

/** Every month 'YYYY-MM' from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return months;
}

/** Sums the named minor-unit fields of rows (totals are always the sum of the rows shown). */
export function sumOf<K extends string>(rowsIn: ReadonlyArray<Record<K, number>>, keys: readonly K[]) {
  const totals = {} as Record<K, number>;
  for (const k of keys) totals[k] = rowsIn.reduce<number>((acc, r) => acc + r[k], 0);
  return totals;
}
