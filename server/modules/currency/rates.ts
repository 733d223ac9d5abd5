import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { GelRates } from '../../../domain/currency';
import type { Currency } from '../../../domain/money';
import type { Db, Tx } from '../../db/client';
import { currencyRates } from '../../db/schema';
import { convertPaymentsAfterRates } from '../saleLedger';
import { carriedPage, totalCount, type ListQuery } from '../../core/paging';
import type { RecordWrite } from '../../core/activityLog';

/**
 * NBG's rates as stored: GEL per one unit of a currency. NBG publishes on working days only, so the rate of a
 * date is the one stored for it, else the last one before it.
 */
type Executor = Db | Tx;

export interface StoredRate {
  currency: Currency;
  rate: string;
  /** The date the rate was published for (the asked date, or the last one before it). */
  date: string;
  source: string;
}

const LARI: Omit<StoredRate, 'date'> = { currency: 'GEL', rate: '1.000000', source: 'fixed' };

export async function rateOn(db: Executor, currency: Currency, date: string): Promise<StoredRate | undefined> {
  if (currency === 'GEL') return { ...LARI, date };
  const [row] = await db
    .select({ rate: currencyRates.rate, date: currencyRates.date, source: currencyRates.source })
    .from(currencyRates)
    .where(and(eq(currencyRates.currency, currency), lte(currencyRates.date, date)))
    .orderBy(desc(currencyRates.date))
    .limit(1);
  return row ? { currency, ...row } : undefined;
}

type RateOfDay = { currency: Currency; rate: string; day: string };

/** Each of `currencies`' last stored rate on or before `date`, as rows (currency, rate, day). */
const ratesOfDay = (date: string, currencies: readonly Currency[]) => sql`
    select c.currency, r.rate, r.day
    from unnest(${sql.param([...currencies])}::text[]) as c(currency)
    cross join lateral (
      select cr.rate::text as rate, to_char(cr.date, 'YYYY-MM-DD') as day from ${currencyRates} cr
      where cr.currency = c.currency and cr.date <= ${date}::date order by cr.date desc limit 1
    ) r`;

/**
 * The rates `convert` needs and the date each came from, from the rows of `ratesOfDay`.
 * GEL is implicit in domain/currency.ts.
 */
export function gelRatesOf(found: readonly RateOfDay[]) {
  const rates: GelRates = {};
  const dates: Partial<Record<Currency, string>> = {};
  for (const row of found) {
    rates[row.currency] = row.rate;
    dates[row.currency] = row.day;
  }
  return { rates, dates };
}

/** The rates of USD and EUR on `date` as a JSON array, for a column of a bigger statement; `gelRatesOf` reads it. */
export const gelRatesJson = (date: string) =>
  sql<RateOfDay[] | null>`(select json_agg(x) from (${ratesOfDay(date, ['USD', 'EUR'])}) x)`;

/**
 * The rates `convert` needs for a day (only the currencies that have one),
 * and the date each came from, in one statement.
 */
export async function gelRates(db: Executor, date: string, currencies: readonly Currency[] = ['USD', 'EUR']) {
  const foreign = currencies.filter((c) => c !== 'GEL');
  if (!foreign.length) return gelRatesOf([]);
  const found = (await db.execute(ratesOfDay(date, foreign))) as unknown as { rows: RateOfDay[] };
  return gelRatesOf(found.rows);
}

/** The earliest of the dates the rates of a conversion came from (null when no rate was needed). */
export const rateDateOf = (dates: Partial<Record<Currency, string>>, from: Currency, to: Currency): string | null => {
  const used = [from, to]
    .filter((c) => c !== 'GEL' && from !== to)
    .map((c) => dates[c])
    .filter((d): d is string => !!d);
  return used.length ? used.sort()[0] : null;
};

/**
 * Every stored rate of `currencies` that a day between `from` and `to` can need, loaded once for a batch
 * (a bank-statement import): the answer finds the rate of a day in memory.
 */
export async function rateHistory(db: Executor, currencies: readonly Currency[], from: string, to: string) {
  const foreign = currencies.filter((c) => c !== 'GEL');
  const byCurrency = new Map<Currency, Array<{ date: string; rate: string }>>();
  if (foreign.length) {
    const rows = await db
      .select({ currency: currencyRates.currency, date: currencyRates.date, rate: currencyRates.rate })
      .from(currencyRates)
      .where(
        and(
          inArray(currencyRates.currency, foreign),
          lte(currencyRates.date, to),
          // the last rate on or before `from`, and everything after it
          gte(
            currencyRates.date,
            sql`coalesce((select max(r.date) from currency_rates r where r.currency = ${currencyRates.currency} and r.date <= ${from}), ${from})`,
          ),
        ),
      )
      .orderBy(currencyRates.currency, currencyRates.date);
    for (const row of rows) {
      const list = byCurrency.get(row.currency as Currency) ?? [];
      list.push({ date: row.date, rate: row.rate });
      byCurrency.set(row.currency as Currency, list);
    }
  }
  /** The rates of one day, with the date each came from. */
  return (date: string) => {
    const rates: GelRates = {};
    const dates: Partial<Record<Currency, string>> = {};
    for (const [currency, list] of byCurrency) {
      let low = 0;
      let high = list.length - 1;
      let found = -1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        if (list[mid].date <= date) {
          found = mid;
          low = mid + 1;
        } else high = mid - 1;
      }
      if (found >= 0) {
        rates[currency] = list[found].rate;
        dates[currency] = list[found].date;
      }
    }
    return { rates, dates };
  };
}

/**
 * Writes rates (GEL per unit), replacing what was stored for the same currency and day, and in the same transaction
 * the payments' converted amounts the new rates reach (saleLedger/converted.ts). `record` records a rate typed in (one
 * row, belonging to no complex) as its last step.
 */
export async function saveRates(
  db: Executor,
  rows: ReadonlyArray<{ currency: Currency; date: string; rate: string }>,
  source: string,
  record?: RecordWrite,
) {
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(currencyRates)
      .values(rows.map((r) => ({ currency: r.currency, date: r.date, rate: r.rate, source })))
      .onConflictDoUpdate({
        target: [currencyRates.currency, currencyRates.date],
        set: { rate: sql`excluded.rate`, source: sql`excluded.source` },
      });
    await convertPaymentsAfterRates(tx, rows);
    // a rate's id is its currency and day, as its answer names it
    await record?.(tx, { recordId: `${rows[0].currency}:${rows[0].date}`, buildingId: null });
  });
}

/** The stored rates page by page, newest first unless asked otherwise (GET /currency-rates). */
export async function listRates(
  db: Executor,
  q: ListQuery & { currency?: Currency; date_from?: string; date_to?: string },
) {
  const filters: Array<SQL | undefined> = [
    q.currency ? eq(currencyRates.currency, q.currency) : undefined,
    q.date_from ? gte(currencyRates.date, q.date_from) : undefined,
    q.date_to ? lte(currencyRates.date, q.date_to) : undefined,
  ];
  const base = () =>
    db
      .select({ rate: currencyRates, total: totalCount })
      .from(currencyRates)
      .where(and(...filters));
  const { rows, meta } = await carriedPage(
    q,
    {
      columns: { date: currencyRates.date },
      unsorted: [desc(currencyRates.date), asc(currencyRates.currency)],
      then: asc(currencyRates.currency),
    },
    base,
  );
  return { rows: rows.map((r) => r.rate), meta };
}

/** The rate stored for exactly this currency and date. */
export async function storedRate(db: Executor, currency: Currency, date: string) {
  const [row] = await db
    .select()
    .from(currencyRates)
    .where(and(eq(currencyRates.currency, currency), eq(currencyRates.date, date)));
  return row;
}
