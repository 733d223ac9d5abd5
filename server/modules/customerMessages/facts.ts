import { sql, type SQL } from 'drizzle-orm';
import { formatMoney, toMinor } from '../../../domain/money';
import type { PlaceholderValues } from '../../../domain/customerMessages';
import { isLocale, type Locale } from '../../../i18n';
import { rows, type Db, type Tx } from '../../db/client';
import { saleLateness } from '../saleLedger';
import { customerName } from '../../../domain/names';

/** What a message about a sale says and where it goes: one row per sale, read in one statement. */
export interface SaleFacts {
  sale_id: number;
  contract_no: string;
  currency: string;
  locale: string;
  user_id: number | null;
  building_id: number;
  price: string;
  paid_total: string;
  customer_id: number;
  name_ka: string;
  name_en: string | null;
  name_ru: string | null;
  email: string | null;
  phone: string | null;
  no_marketing: boolean;
  complex: string;
  units: string | null;
  bank_account: string | null;
  amount_overdue: string;
  oldest_due: string | null;
}

/**
 * The columns of SaleFacts over `sales s`; `from` joins customers c and buildings b. What is overdue is the ledger's
 * `saleLateness`: the sale's own late installments and its renovation's.
 */
export const factColumns = (today: string): SQL => {
  const late = saleLateness(today, sql`s.id`);
  return sql`
  s.id as sale_id, s.contract_no, s.currency, s.contract_language as locale, s.user_id, s.building_id,
  s.price, s.paid_total,
  c.id as customer_id, c.name_ka, c.name_en, c.name_ru, c.emails->>0 as email, c.phones->>0 as phone, c.no_marketing,
  b.name as complex,
  (select string_agg(p.no, ', ' order by p.no) from sale_properties sp join properties p on p.id = sp.property_id
    where sp.sale_id = s.id) as units,
  (select coalesce(case s.currency when 'USD' then ba.iban_usd when 'EUR' then ba.iban_eur end, ba.iban)
    from bank_accounts ba where ba.building_id = s.building_id order by ba.id limit 1) as bank_account,
  ${late.amount} as amount_overdue, ${late.oldestDue} as oldest_due`;
};

export const factJoins = sql`from sales s join customers c on c.id = s.customer_id join buildings b on b.id = s.building_id`;

export async function saleFacts(db: Db | Tx, saleId: number, today: string): Promise<SaleFacts | undefined> {
  const [row] = await rows<SaleFacts>(db, sql`select ${factColumns(today)} ${factJoins} where s.id = ${saleId}`);
  return row;
}

/** Dates in a message read as the customer writes them: 05.03.2027. */
export const messageDate = (iso: string | null | undefined) =>
  iso ? iso.slice(0, 10).split('-').reverse().join('.') : '';
export const messageMoney = (amount: string | number | null | undefined) => formatMoney(toMinor(amount ?? 0));

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000);

/** The message's language: the contract's. */
export const factsLocale = (facts: Pick<SaleFacts, 'locale'>): Locale => (isLocale(facts.locale) ? facts.locale : 'ka');

/** The placeholders every message about the sale shares; each kind adds its own. */
export function saleValues(facts: SaleFacts, today: string): PlaceholderValues {
  const locale = factsLocale(facts);
  const remaining = Math.max(0, toMinor(facts.price) - toMinor(facts.paid_total));
  return {
    customer_name: customerName({ nameKa: facts.name_ka, nameEn: facts.name_en, nameRu: facts.name_ru }, locale),
    contract_no: facts.contract_no,
    units: facts.units ?? '',
    complex: facts.complex,
    currency: facts.currency,
    amount_overdue: messageMoney(facts.amount_overdue),
    days_late: facts.oldest_due ? String(Math.max(0, daysBetween(facts.oldest_due, today))) : '0',
    remaining: formatMoney(remaining),
    bank_account: facts.bank_account ?? '',
  };
}
