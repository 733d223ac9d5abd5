import { sql } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../client';
import { convertPaymentsAfterRates } from '../../modules/saleLedger';

/**
 * NBG-like official rates for the demo and the scale seed (the real service is not reachable offline): GEL per
 * USD and per EUR, 4 decimals, on working days only (NBG publishes none at weekends), for the two years before
 * today. Each rate is a smooth function of its date alone, so the same date always gets the same rate whenever
 * the seed runs: USD moves within about 2.66-2.79, EUR within about 2.86-3.09.
 */
const DAY = 86_400_000;
const YEARS_BACK = 2;

const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** A small repeatable wobble per day in [-1, 1]. */
const wobble = (day: number, salt: number) => {
  let t = (day * 2654435761 + salt * 40503) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
};

const CURVES = {
  USD: { mid: 2.725, slow: 0.045, fast: 0.018, noise: 0.002, salt: 1 },
  EUR: { mid: 2.975, slow: 0.075, fast: 0.03, noise: 0.003, salt: 2 },
} as const;
export type RatedCurrency = keyof typeof CURVES;

/** The seeded rate of `currency` on the ISO date, as NBG writes it ('2.7135'). */
export function seededRate(currency: RatedCurrency, iso: string): string {
  const c = CURVES[currency];
  const day = dayNumber(iso);
  const value =
    c.mid +
    c.slow * Math.sin(day / 97 + c.salt) +
    c.fast * Math.sin(day / 23 + 2 * c.salt) +
    c.noise * wobble(day, c.salt);
  return value.toFixed(4);
}

export const isWorkingDay = (iso: string) => {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The working days from two years before `today` up to it, oldest first. */
export function rateDays(today: Date): string[] {
  const last = dayNumber(today.toISOString().slice(0, 10));
  const first = Math.round(
    Date.UTC(today.getUTCFullYear() - YEARS_BACK, today.getUTCMonth(), today.getUTCDate()) / DAY,
  );
  const days: string[] = [];
  for (let day = first; day <= last; day++) if (isWorkingDay(isoOf(day))) days.push(isoOf(day));
  return days;
}

/** Writes the USD and EUR rates (source nbg) in one statement; dates that already have a rate keep it. */
export async function seedCurrencyRates(db: Db | Tx, today = new Date()) {
  const days = rateDays(today);
  const currencies = (['USD', 'EUR'] as const).flatMap((c) => days.map(() => c));
  const dates = [...days, ...days];
  const rates = currencies.map((c, i) => seededRate(c, dates[i]));
  const added = await rows<{ currency: string; date: string }>(
    db,
    sql`insert into currency_rates (currency, date, rate, source)
        select c, d, r, 'nbg' from unnest(${sql.param(currencies)}::text[], ${sql.param(dates)}::date[], ${sql.param(rates)}::numeric[]) as t(c, d, r)
        on conflict (currency, date) do nothing
        returning currency, to_char(date, 'YYYY-MM-DD') as date`,
  );
  // payments already there read the new days' rates (a day without its own rate took another's)
  await convertPaymentsAfterRates(db, added);
  return dates.length;
}
