import { businessToday } from '../../domain/businessDay';
import { expect } from 'vitest';
import { apiToken, baseUrl, DEMO_PASSWORD } from './browser';

/**
 * Data a browser test file makes for itself through the real API, so no file depends on what ran before it or on
 * demo records another file changes. Names carry a suffix unique to the run.
 */

/** A short suffix unique to this run and file. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

export interface Api {
  token: string;
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
  /** Like call, but fails the test unless the answer is 2xx; answers `data`. */
  ok: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

/** Signs in through /api/pre-auth and /api/login, reading the code from the server log, and answers an API client. */
export async function apiSession(email = 'admin@demo.ge', password = DEMO_PASSWORD): Promise<Api> {
  const token = await apiToken(email, password);
  const call: Api['call'] = async (method, path, body) => {
    const res = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const ok: Api['ok'] = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return (res.body as { data: T }).data;
  };
  return { token, call, ok };
}

export interface Complex {
  id: number;
  name: string;
  blocks: Record<string, number>;
}

/** A complex of its own with the named blocks (name → floors). */
export async function createComplex(api: Api, name: string, blocks: Record<string, number>): Promise<Complex> {
  const created = await api.ok<{ id: number }>('POST', '/buildings', {
    name,
    address: 'Tbilisi, E2E street 1',
    blocks: Object.entries(blocks).map(([n, floors]) => ({ name: n, floors })),
  });
  const full = await api.ok<{ id: number; name: string; blocks: Array<{ id: number; name: string }> }>(
    'GET',
    `/buildings/${created.id}`,
  );
  return { id: full.id, name: full.name, blocks: Object.fromEntries(full.blocks.map((b) => [b.name, b.id])) };
}

export interface UnitInput {
  building_id: number;
  block_id?: number;
  no: string;
  floor: number;
  area: number;
  rooms?: number;
  type?: string;
  status?: 'free' | 'not_for_sale';
  price?: number;
  currency?: string;
}

export async function createUnit(api: Api, unit: UnitInput): Promise<{ id: number; no: string }> {
  const data = await api.ok<{ id: number }>('POST', '/properties', { price: 90000, currency: 'USD', ...unit });
  return { id: data.id, no: unit.no };
}

/** Many units, a few requests at a time. */
export async function createUnits(api: Api, units: UnitInput[]): Promise<Array<{ id: number; no: string }>> {
  const made: Array<{ id: number; no: string }> = new Array(units.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < units.length) {
        const i = next++;
        made[i] = await createUnit(api, units[i]);
      }
    }),
  );
  return made;
}

let pid = 0;
/** An individual customer named `name` (in both languages) with a personal number unique to the run. */
export async function createCustomer(api: Api, name: string): Promise<{ id: number; name: string }> {
  const personal = `${Date.now()}${pid++ % 10}${Math.floor(Math.random() * 10)}`.slice(-11);
  const data = await api.ok<{ id: number }>('POST', '/customers', {
    type: 'individual',
    name_ka: name,
    name_en: name,
    personal_number: personal,
  });
  return { id: data.id, name };
}

/** An installment sale of the given units. */
export async function createSale(
  api: Api,
  sale: {
    property_ids: number[];
    customer_id: number;
    price: number;
    contract_no: string;
    start: string;
    payments_count: number;
    currency?: string;
    /** The responsible sales manager (the creator when left out). */
    user_id?: number;
  },
): Promise<{ id: number; status: string; days_late: number }> {
  return api.ok<{ id: number; status: string; days_late: number }>('POST', '/sales', {
    property_ids: sale.property_ids,
    customer_id: sale.customer_id,
    price: sale.price,
    currency: sale.currency ?? 'USD',
    contract_no: sale.contract_no,
    contract_type: 'installment',
    payment_type: 'bank_transfer',
    contract_language: 'ka',
    contract_start_date: sale.start,
    first_payment_date: sale.start,
    period_months: 1,
    payments_count: sale.payments_count,
    ...(sale.user_id ? { user_id: sale.user_id } : {}),
  });
}

/** Today's USD rate, set if the server has none (a GEL payment on a USD sale needs it). */
export async function ensureUsdRate(api: Api) {
  const today = businessToday();
  if ((await api.call('GET', `/currency/usd/${today}`)).status !== 200)
    await api.ok('POST', '/currency-rates', { currency: 'USD', date: today, rate: 2.7 });
}

/** A Georgian IBAN with ISO 13616 check digits, for the given two-letter bank code and 16-digit account. */
export const georgianIban = (bankCode: string, account: string) => {
  const digits = `${bankCode}${account}GE00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return `GE${String(98n - (BigInt(digits) % 97n)).padStart(2, '0')}${bankCode}${account}`;
};

/** A bank account for the whole complex with GEL, USD and EUR IBANs at the first bank that has an IBAN code. */
export async function addBankAccount(api: Api, buildingId: number) {
  const banks = await api.ok<Array<{ id: number; iban_code: string | null }>>('GET', '/banks?perpage=0');
  const bank = banks.find((b) => b.iban_code)!;
  const account = (n: number) => georgianIban(bank.iban_code!, `${Date.now()}${n}`.padStart(16, '0').slice(-16));
  return api.ok('POST', '/bank-accounts', {
    building_id: buildingId,
    block_id: null,
    bank_id: bank.id,
    iban: account(1),
    iban_usd: account(2),
    iban_eur: account(3),
  });
}
