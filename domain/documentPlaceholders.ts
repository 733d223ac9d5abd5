/**
 * Contract placeholders: every name a document or Word template may write as {name}, and the
 * pure formatting that turns one sale's data into their texts. Dates follow the user's date format, money has
 * thousands separators and two decimals, enum values are labelled in the template's language (the caller passes the
 * labels), amounts in words come from domain/amountInWords. A value that is not known is left visibly empty
 * (MISSING_VALUE) and listed in `missing`, never printed as "{customer_address}" or "undefined".
 */
import { amountInWords } from './amountInWords';
import { formatIsoDate, type DateFormat } from './dateFormats';
import { formatMoney, type Currency, type Minor } from './money';

export const PLACEHOLDER_GROUPS = {
  company: ['company_name', 'company_id', 'company_director', 'company_phone', 'company_email', 'company_address'],
  contract: ['contract_no', 'contract_start_date', 'contract_end_date', 'contract_currency', 'payment_schedule'],
  customer: ['customer_name', 'customer_pn', 'customer_address', 'customer_phone', 'customer_email'],
  property: [
    'property_cad_code',
    'property_type',
    'property_price',
    'property_wprice',
    'property_total_area',
    'property_floor_num',
    'property_num',
    'property_state',
    'property_features',
  ],
  complex: [
    'complex_name',
    'complex_cad_code',
    'complex_address',
    'complex_block',
    'complex_director',
    'complex_director_facsimile',
  ],
} as const;

export type PlaceholderGroup = keyof typeof PLACEHOLDER_GROUPS;
export type ContractPlaceholder = (typeof PLACEHOLDER_GROUPS)[PlaceholderGroup][number];

/** Every built-in placeholder, in the order the editor's menu lists them. */
export const CONTRACT_PLACEHOLDERS: readonly ContractPlaceholder[] = Object.values(PLACEHOLDER_GROUPS).flat();

/** The columns of one payment-schedule row: `{#payment_schedule}{number}{due_date}{amount}{/payment_schedule}`. */
export const SCHEDULE_ROW_FIELDS = ['number', 'due_date', 'amount', 'amount_words', 'currency'] as const;
export type ScheduleRowField = (typeof SCHEDULE_ROW_FIELDS)[number];
export type ScheduleRow = Record<ScheduleRowField, string>;

/** The loop that fills the schedule table row by row. */
export const SCHEDULE_LOOP = 'payment_schedule';

/** The colour the editor writes an inserted field in, so it stands out in the template; it is never printed. */
export const PLACEHOLDER_COLOR = '#d32f2f';

/** What a missing value prints as: a blank line to fill in by hand, never the placeholder's name. */
export const MISSING_VALUE = '________';

/** The document kinds a template is written for (GET /doc-templates/types). */
export const DOC_TEMPLATE_TYPES = [
  'contract',
  'pre_contract',
  'payment_schedule',
  'invoice',
  'receipt',
  'cancellation_notice',
] as const;
export type DocTemplateType = (typeof DOC_TEMPLATE_TYPES)[number];

export const TEMPLATE_LANGUAGES = ['ka', 'en', 'ru'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** One sale's data as the server loads it: raw values, no formatting. */
export interface ContractData {
  company: {
    name: string | null;
    id: string | null;
    director: string | null;
    phone: string | null;
    email: string | null;
    address: string | null;
  };
  contract: { no: string | null; startDate: string | null; endDate: string | null; currency: Currency; price: Minor };
  schedule: Array<{ number: number; dueDate: string; amount: Minor }>;
  customer: {
    name: string | null;
    pn: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
  };
  units: Array<{
    no: string;
    floor: number;
    area: number;
    type: string;
    state: string;
    cadCode: string | null;
    block: string | null;
    features: string[];
  }>;
  complex: {
    name: string | null;
    cadCode: string | null;
    address: string | null;
    director: string | null;
    /** An address the browser or the converter can read the facsimile image from; null without one. */
    facsimileUrl: string | null;
  };
  /** Custom fields' values by name, already formatted (customFields' customFieldValues). */
  custom: Record<string, string>;
}

export interface PlaceholderOptions {
  locale: TemplateLanguage;
  dateFormat: DateFormat;
  /** The label of an enum value in the template's language (property type, state). */
  label: (vocabulary: 'property_type' | 'property_state', value: string) => string;
}

export interface FilledPlaceholders {
  /** Every placeholder's text (a missing one is MISSING_VALUE); payment_schedule is the schedule as lines of text. */
  values: Record<string, string>;
  /** The schedule table's rows, for the loop. */
  schedule: ScheduleRow[];
  /** Placeholders that had no value, in CONTRACT_PLACEHOLDERS order, then custom fields. */
  missing: string[];
}

const joined = (items: Array<string | null | undefined>) =>
  [...new Set(items.filter((i): i is string => Boolean(i && i.trim())))].join(', ');

const area = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The text of every placeholder for one sale, and which of them are missing. */
export function fillPlaceholders(data: ContractData, options: PlaceholderOptions): FilledPlaceholders {
  const { locale, dateFormat, label } = options;
  const currency = data.contract.currency;
  const date = (iso: string | null) => (iso ? formatIsoDate(iso, dateFormat) : '');
  const schedule: ScheduleRow[] = data.schedule.map((i) => ({
    number: String(i.number),
    due_date: date(i.dueDate),
    amount: formatMoney(i.amount),
    amount_words: amountInWords(i.amount, currency, locale),
    currency,
  }));
  const units = data.units;
  const raw: Record<ContractPlaceholder, string | null> = {
    company_name: data.company.name,
    company_id: data.company.id,
    company_director: data.company.director,
    company_phone: data.company.phone,
    company_email: data.company.email,
    company_address: data.company.address,
    contract_no: data.contract.no,
    contract_start_date: date(data.contract.startDate),
    contract_end_date: date(data.contract.endDate),
    contract_currency: currency,
    payment_schedule: schedule.map((r) => `${r.number}. ${r.due_date} ${r.amount} ${currency}`).join('\n'),
    customer_name: data.customer.name,
    customer_pn: data.customer.pn,
    customer_address: data.customer.address,
    customer_phone: data.customer.phone,
    customer_email: data.customer.email,
    property_cad_code: joined(units.map((u) => u.cadCode)),
    property_type: joined(units.map((u) => label('property_type', u.type))),
    property_price: `${formatMoney(data.contract.price)} ${currency}`,
    property_wprice: amountInWords(data.contract.price, currency, locale),
    property_total_area: units.length ? area(units.reduce((sum, u) => sum + u.area, 0)) : '',
    property_floor_num: joined(units.map((u) => String(u.floor))),
    property_num: joined(units.map((u) => u.no)),
    property_state: joined(units.map((u) => label('property_state', u.state))),
    property_features: joined(units.flatMap((u) => u.features)),
    complex_name: data.complex.name,
    complex_cad_code: data.complex.cadCode,
    complex_address: data.complex.address,
    complex_block: joined(units.map((u) => u.block)),
    complex_director: data.complex.director,
    complex_director_facsimile: data.complex.facsimileUrl,
  };
  const values: Record<string, string> = {};
  const missing: string[] = [];
  const put = (name: string, value: string | null | undefined) => {
    const text = value?.trim() ?? '';
    if (text) values[name] = value as string;
    else {
      values[name] = MISSING_VALUE;
      missing.push(name);
    }
  };
  for (const name of CONTRACT_PLACEHOLDERS) put(name, raw[name]);
  for (const [name, value] of Object.entries(data.custom)) if (!(name in raw)) put(name, value);
  return { values, schedule, missing };
}

/** Whether a name is a placeholder a template may use, given the custom fields' names. */
export const isKnownPlaceholder = (name: string, customNames: readonly string[]) =>
  (CONTRACT_PLACEHOLDERS as readonly string[]).includes(name) || customNames.includes(name);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A placeholder as the rich-text body writes it: {name}, possibly wrapped in the editor's red span. */
export const PLACEHOLDER_PATTERN = /\{([a-z][a-z0-9_]*)\}/g;

/**
 * Fills a rich-text body (sanitised HTML): each {name} becomes its escaped text, {payment_schedule} the schedule
 * table, {complex_director_facsimile} the image. Unknown names are left as written and listed in `unknown`.
 */
export function fillHtml(
  body: string,
  filled: FilledPlaceholders,
  headings: { number: string; due_date: string; amount: string },
): { html: string; unknown: string[] } {
  const unknown = new Set<string>();
  const html = body.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    if (name === SCHEDULE_LOOP) {
      const rows = filled.schedule
        .map((r) => `<tr><td>${r.number}</td><td>${r.due_date}</td><td>${r.amount} ${escapeHtml(r.currency)}</td></tr>`)
        .join('');
      return (
        `<table border="1" style="border-collapse:collapse;width:100%"><thead><tr><th>${escapeHtml(headings.number)}</th>` +
        `<th>${escapeHtml(headings.due_date)}</th><th>${escapeHtml(headings.amount)}</th></tr></thead>` +
        `<tbody>${rows}</tbody></table>`
      );
    }
    if (name === 'complex_director_facsimile') {
      const url = filled.values[name];
      return url && url !== MISSING_VALUE ? `<img src="${escapeHtml(url)}" alt="" width="150" />` : MISSING_VALUE;
    }
    if (!(name in filled.values)) {
      unknown.add(name);
      return whole;
    }
    return escapeHtml(filled.values[name]);
  });
  return { html, unknown: [...unknown] };
}

/** The placeholders a rich-text body uses. */
export const placeholdersIn = (body: string) => [...new Set([...body.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]))];
