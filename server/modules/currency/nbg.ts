import { rateUnits } from '../../../domain/currency';
import type { Currency } from '../../../domain/money';
import { AppError } from '../../core/errors';

/**
 * The National Bank of Georgia's official rates. NBG answers
 * `[{date, currencies: [{code, quantity, rate, validFromDate, ...}]}]`, `rate` being GEL per `quantity` units;
 * stored rates are per one unit. On weekends and holidays it answers with the last published rate.
 */
export const NBG_URL = 'https://nbg.gov.ge/gw/api/ct/monetarypolicy/currencies/en/json/';
export const FETCHED_CURRENCIES = ['USD', 'EUR'] as const satisfies readonly Currency[];

export type FetchRates = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** The HTTP client the rate fetch uses; tests swap it for a recorded answer (never the live service). */
export const nbgClient: { fetch: FetchRates } = {
  fetch: (url) => fetch(url, { signal: AbortSignal.timeout(15_000) }),
};

interface NbgCurrency {
  code: string;
  quantity: number;
  rate: number;
  validFromDate?: string;
  date?: string;
}

/** GEL per one unit, 6 places, half-up: 2.7135 per 1 → '2.713500'; 1.8214 per 100 → '0.018214'. */
export const perUnit = (rate: number | string, quantity: number) => {
  const units = rateUnits(String(rate));
  const q = BigInt(Math.max(1, Math.trunc(quantity)));
  const value = (2n * units + q) / (2n * q);
  return `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, '0')}`;
};

const unreachable = () => new AppError(502, 'payment_rules.nbg_unreachable');

/** The rates NBG gives for `date`, each under the date it is valid from. Throws 502 when NBG cannot be read. */
export async function fetchNbgRates(date: string, currencies: readonly Currency[] = FETCHED_CURRENCIES) {
  const query = currencies.map((c) => `currencies=${c}`).join('&');
  let body: unknown;
  try {
    const response = await nbgClient.fetch(`${NBG_URL}?date=${date}&${query}`);
    if (!response.ok) throw unreachable();
    body = await response.json();
  } catch (error) {
    throw error instanceof AppError ? error : unreachable();
  }
  if (!Array.isArray(body)) throw unreachable();
  const rates: Array<{ currency: Currency; date: string; rate: string }> = [];
  for (const day of body as Array<{ date?: string; currencies?: NbgCurrency[] }>) {
    for (const entry of day.currencies ?? []) {
      if (!(currencies as readonly string[]).includes(entry.code) || !(Number(entry.rate) > 0)) continue;
      const validFrom = (entry.validFromDate ?? day.date ?? date).slice(0, 10);
      rates.push({ currency: entry.code as Currency, date: validFrom, rate: perUnit(entry.rate, entry.quantity) });
    }
  }
  return rates;
}
