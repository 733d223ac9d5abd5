import { sql, type SQL } from 'drizzle-orm';
import { buildingScope, type Principal } from '../../../domain/access';
import type { BonusBase } from '../../../domain/bonuses';
import { toMinor, type Minor } from '../../../domain/money';
import { rows, type Db, type Tx } from '../../db/client';

/**
 * The figures behind bonuses, in SQL, converted at each record's stored rate (as the reports do):
 * a sale's value at its contract date (its own `currency_rate`, GEL per unit, and NBG's stored rate of the wanted
 * currency that day); a payment as received when the currencies match, its `credited` amount when the sale's currency
 * is wanted (the payment's stored rate made it), else NBG's stored rates of its date. Each record is rounded half-up
 * to the cent before it is added, so every total is the sum of its records.
 */

/**
 * GEL per unit of a currency on a day: the last stored NBG rate on or before it (the first after when none is older).
 */
const gelRate = (currency: SQL, day: SQL) =>
  sql`(case when ${currency} = 'GEL' then 1::numeric else coalesce(
    (select r.rate from currency_rates r where r.currency = ${currency} and r.date <= ${day} order by r.date desc limit 1),
    (select r.rate from currency_rates r where r.currency = ${currency} and r.date > ${day} order by r.date limit 1)) end)`;

/** A sale `s`'s amount in `currency` at its contract-date rates. */
const saleValue = (currency: string, amount: SQL) =>
  sql`(case when s.currency = ${currency}::text then ${amount} else round(${amount} * (case when s.currency = 'GEL'
    then 1::numeric else coalesce(s.currency_rate, ${gelRate(sql`s.currency`, sql`s.contract_start_date`)}) end)
    / ${gelRate(sql`${currency}::text`, sql`s.contract_start_date`)}, 2) end)`;

/** A payment `p` of sale `s` in `currency`. */
const paymentValue = (currency: string) =>
  sql`(case when p.currency = ${currency}::text then p.amount when s.currency = ${currency}::text then p.credited
    else round(p.amount * ${gelRate(sql`p.currency`, sql`p.paid_on`)} / ${gelRate(sql`${currency}::text`, sql`p.paid_on`)}, 2) end)`;

/** The user's building scope on sale `s`: its complex must be one the user may see. */
export const saleScope = (user: Principal): SQL => {
  const scope = buildingScope(user);
  if (scope.all) return sql`true`;
  if (!scope.buildingIds.length) return sql`false`;
  return sql`s.building_id in (${sql.join(
    scope.buildingIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
};

const inMonth = (column: SQL, month: string) =>
  sql`${column} >= ${`${month}-01`}::date and ${column} < (${`${month}-01`}::date + interval '1 month')`;

/** Only these managers, or every manager (a sale with a responsible manager) when `userIds` is null. */
const managers = (userIds: readonly number[] | null) =>
  userIds === null
    ? sql`s.user_id is not null`
    : userIds.length
      ? sql`s.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;

const minor = (v: string | number | null) => (v === null ? 0 : toMinor(v));

/** What each manager achieved in the month on the base, in `currency` (minor units), summed in SQL. */
export async function achievedByManager(
  db: Db | Tx,
  user: Principal,
  options: { base: BonusBase; currency: string; month: string; userIds: readonly number[] | null },
): Promise<Map<number, Minor>> {
  const { base, currency, month, userIds } = options;
  const found =
    base === 'signed'
      ? await rows<{ user_id: number; achieved: string | null }>(
          db,
          sql`select s.user_id, sum(${saleValue(currency, sql`s.price`)}) as achieved from sales s
            where s.deleted_at is null and ${inMonth(sql`s.contract_start_date`, month)}
              and ${managers(userIds)} and ${saleScope(user)}
            group by s.user_id`,
        )
      : await rows<{ user_id: number; achieved: string | null }>(
          db,
          sql`select s.user_id, sum(${paymentValue(currency)}) as achieved from payments p join sales s on s.id = p.sale_id
            where p.voided_at is null and p.mode = 'sale' and s.deleted_at is null and ${inMonth(sql`p.paid_on`, month)}
              and ${managers(userIds)} and ${saleScope(user)}
            group by s.user_id`,
        );
  return new Map(found.map((r) => [Number(r.user_id), minor(r.achieved)]));
}

/** The sales signed in the month behind a figure, each in `currency`. */
export function salesBehind(db: Db | Tx, user: Principal, currency: string, month: string, userIds: number[] | null) {
  return rows<{
    id: number;
    user_id: number | null;
    contract_no: string;
    contract_start_date: string;
    price: string;
    currency: string;
    converted: string | null;
  }>(
    db,
    sql`select s.id, s.user_id, s.contract_no, to_char(s.contract_start_date, 'YYYY-MM-DD') as contract_start_date,
        s.price, s.currency, ${saleValue(currency, sql`s.price`)} as converted
      from sales s
      where s.deleted_at is null and ${inMonth(sql`s.contract_start_date`, month)}
        and ${managers(userIds)} and ${saleScope(user)}
      order by s.contract_start_date, s.id`,
  );
}

/** The sale payments received in the month behind a figure, each in `currency`. */
export function paymentsBehind(
  db: Db | Tx,
  user: Principal,
  currency: string,
  month: string,
  userIds: number[] | null,
) {
  return rows<{
    id: number;
    sale_id: number;
    user_id: number | null;
    contract_no: string;
    paid_on: string;
    amount: string;
    currency: string;
    converted: string | null;
  }>(
    db,
    sql`select p.id, p.sale_id, s.user_id, s.contract_no, to_char(p.paid_on, 'YYYY-MM-DD') as paid_on, p.amount,
        p.currency, ${paymentValue(currency)} as converted
      from payments p join sales s on s.id = p.sale_id
      where p.voided_at is null and p.mode = 'sale' and s.deleted_at is null and ${inMonth(sql`p.paid_on`, month)}
        and ${managers(userIds)} and ${saleScope(user)}
      order by p.paid_on, p.id`,
  );
}

/**
 * The month's targets converted to `currency` at NBG's stored rates of the month's first day (a target carries no
 * rate of its own): manager targets by user id, and the group's target (user_id null) under 0.
 */
export async function targetsIn(db: Db | Tx, currency: string, month: string): Promise<Map<number, Minor>> {
  const first = sql`${`${month}-01`}::date`;
  const found = await rows<{ user_id: number | null; amount: string | null }>(
    db,
    sql`select t.user_id, case when t.currency = ${currency}::text then t.amount
        else round(t.amount * ${gelRate(sql`t.currency`, first)} / ${gelRate(sql`${currency}::text`, first)}, 2) end as amount
      from sale_targets t where t.month = ${first}`,
  );
  return new Map(found.map((r) => [r.user_id === null ? 0 : Number(r.user_id), minor(r.amount)]));
}

/** Names of users by id. */
export async function userNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const found = await rows<{ id: number; full_name: string }>(
    db,
    sql`select id, full_name from users where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((r) => [Number(r.id), r.full_name]));
}

/**
 * GET /sales/with-targets: each manager's target of the month and what they signed in it, in the target's currency
 * at each sale's contract-date rate (minor units).
 */
export async function signedAgainstTargets(db: Db | Tx, user: Principal, month: string) {
  const first = sql`${`${month}-01`}::date`;
  const found = await rows<{
    user_id: number;
    user_name: string | null;
    amount: string;
    currency: string;
    achieved: string | null;
  }>(
    db,
    sql`select t.user_id, (select u.full_name from users u where u.id = t.user_id) as user_name, t.amount, t.currency,
        (select sum(case when s.currency = t.currency then s.price else round(s.price * (case when s.currency = 'GEL'
            then 1::numeric else coalesce(s.currency_rate, ${gelRate(sql`s.currency`, sql`s.contract_start_date`)}) end)
            / ${gelRate(sql`t.currency`, sql`s.contract_start_date`)}, 2) end)
          from sales s where s.user_id = t.user_id and s.deleted_at is null
            and ${inMonth(sql`s.contract_start_date`, month)} and ${saleScope(user)}) as achieved
      from sale_targets t where t.month = ${first} and t.user_id is not null`,
  );
  return found.map((r) => ({
    user_id: Number(r.user_id),
    user_name: r.user_name,
    amount: minor(r.amount),
    currency: r.currency,
    achieved: minor(r.achieved),
  }));
}
