/**
 * Custom fields: a developer adds its own fields to sales, customers, units and complexes. Each has a name
 * that is a template placeholder, a label in ka/en/ru, a type, and for a choice the list of its choices. Values are
 * kept as text in a canonical form (a number as written by String, a date YYYY-MM-DD, a yes/no 'true' or 'false'),
 * read and written here by both the server and the browser.
 */
import { formatIsoDate, type DateFormat } from './dateFormats';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'choice'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_RECORD_KINDS = ['sale', 'customer', 'unit', 'complex'] as const;
export type CustomFieldRecordKind = (typeof CUSTOM_FIELD_RECORD_KINDS)[number];

/** A placeholder-safe identifier: a lower-case letter, then lower-case letters, digits and underscores. */
export const CUSTOM_FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const CUSTOM_FIELD_NAME_MAX = 60;
export const CUSTOM_FIELD_TEXT_MAX = 2000;
export const CUSTOM_FIELD_CHOICE_MAX = 100;
export const CUSTOM_FIELD_CHOICES_MAX = 50;

export type CustomFieldValue = string | number | boolean | null;

/** Catalogue keys of what can be wrong with a value. */
export const CUSTOM_VALUE_ERRORS = {
  number: 'custom_fields.errors.number',
  date: 'custom_fields.errors.date',
  boolean: 'custom_fields.errors.boolean',
  choice: 'custom_fields.errors.choice',
  tooLong: 'validation.too_long',
  invalidType: 'validation.invalid_type',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isIsoDate = (text: string) => {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

export type ParsedValue = { ok: true; value: string | null } | { ok: false; error: string };

/**
 * Reads a value sent for a field of this type into its stored text: null (or '' or blanks) clears it; anything the
 * type cannot hold is an error key.
 */
export function parseCustomValue(
  field: { type: CustomFieldType; choices: readonly string[] },
  raw: unknown,
): ParsedValue {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return { ok: true, value: null };
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (field.type) {
    case 'text':
      if (typeof text !== 'string' && typeof text !== 'number')
        return { ok: false, error: CUSTOM_VALUE_ERRORS.invalidType };
      if (String(text).length > CUSTOM_FIELD_TEXT_MAX) return { ok: false, error: CUSTOM_VALUE_ERRORS.tooLong };
      return { ok: true, value: String(text) };
    case 'number': {
      const n = typeof text === 'number' ? text : typeof text === 'string' ? Number(text.replace(/,/g, '')) : NaN;
      if (!Number.isFinite(n) || (typeof text === 'string' && !/^[+-]?[\d,]*\.?\d+(e[+-]?\d+)?$/i.test(text)))
        return { ok: false, error: CUSTOM_VALUE_ERRORS.number };
      return { ok: true, value: String(n) };
    }
    case 'date': {
      const iso = typeof text === 'string' ? text.slice(0, 10) : '';
      if (typeof text !== 'string' || !isIsoDate(iso) || (text.length > 10 && text[10] !== 'T'))
        return { ok: false, error: CUSTOM_VALUE_ERRORS.date };
      return { ok: true, value: iso };
    }
    case 'boolean': {
      if (text === true || text === 'true' || text === 1 || text === '1') return { ok: true, value: 'true' };
      if (text === false || text === 'false' || text === 0 || text === '0') return { ok: true, value: 'false' };
      return { ok: false, error: CUSTOM_VALUE_ERRORS.boolean };
    }
    case 'choice': {
      if (typeof text !== 'string' || !field.choices.includes(text))
        return { ok: false, error: CUSTOM_VALUE_ERRORS.choice };
      return { ok: true, value: text };
    }
  }
}

/** A stored value as the forms hold it: a number as a number, a yes/no as a boolean, the rest as text. */
export function formValueOf(type: CustomFieldType, stored: string | null): CustomFieldValue {
  if (stored === null) return null;
  if (type === 'number') return Number(stored);
  if (type === 'boolean') return stored === 'true';
  return stored;
}

const YES_NO: Record<string, [string, string]> = {
  ka: ['კი', 'არა'],
  en: ['Yes', 'No'],
  ru: ['Да', 'Нет'],
};

/**
 * A stored value as a document or a page prints it: a date in the given format, a number with thousands separators,
 * a yes/no in the language; nothing stored is ''.
 */
export function displayCustomValue(
  type: CustomFieldType,
  stored: string | null,
  options: { locale?: string; dateFormat?: DateFormat } = {},
): string {
  if (stored === null || stored === '') return '';
  if (type === 'date') return formatIsoDate(stored, options.dateFormat ?? 'DD.MM.YYYY');
  if (type === 'boolean') return (YES_NO[options.locale ?? 'ka'] ?? YES_NO.en)[stored === 'true' ? 0 : 1];
  if (type === 'number') {
    const [whole, fraction] = stored.split('.');
    if (!/^-?\d+$/.test(whole)) return stored;
    return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
  }
  return stored;
}
