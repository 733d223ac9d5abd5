import type { ActivityLog } from '../../../domain/contracts/logs';
import { isIsoMoment } from '../../../domain/dateFormats';

type Translate = (key: string, options?: Record<string, unknown>) => string;
/**
 * How values are written for the user: a date or a moment in the user's date format (and, for a moment, the
 * language's clock: `useFormatMoment`'s), a number in the language's digits (`useLocaleFormat`'s `decimal`).
 */
export interface ValueFormats {
  moment: (value: string) => string;
  number: (value: number) => string;
}

/**
 * A changed field's name as the record's own screens label it (`resources.<type>.fields.<field>`), else the log's
 * own label for fields of no screen (a sign-in's email, password and code), else the field as sent.
 */
const fieldLabel = (entry: ActivityLog, field: string, translate: Translate) =>
  translate(`resources.${entry.record_type}.fields.${field}`, {
    _: translate(`logs.fields.${field}`, { _: field }),
  });

/** Fields whose values are words of a fixed vocabulary, by record type and field: the catalogue's list of them. */
const VOCABULARIES: Record<string, Record<string, string>> = {
  properties: {
    status: 'enums.property_status',
    state: 'enums.property_state',
    type: 'enums.property_type',
    view: 'enums.property_view',
  },
  sales: { contract_type: 'enums.contract_type' },
  tickets: { category: 'tickets.categories', status: 'tickets.statuses' },
};

/** An item of a list sent (units, services, phones) by its name or number where it has one. */
const itemText = (item: unknown): string => {
  if (item === null || typeof item !== 'object') return String(item);
  const named = item as Record<string, unknown>;
  const name = named.name ?? named.name_ka ?? named.title ?? named.no ?? named.id;
  return name === undefined ? JSON.stringify(item) : String(name);
};

/**
 * A value as words: "—" for none, yes or no in the user's language, a date in the user's format, a number in the
 * language's digits, a word of a vocabulary by its label, a list by its items' names.
 */
const valueText = (value: unknown, translate: Translate, formats: ValueFormats, vocabulary?: string): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && isIsoMoment(value)) return formats.moment(value);
  if (typeof value === 'number') return formats.number(value);
  if (vocabulary && typeof value === 'string') return translate(`${vocabulary}.${value}`, { _: value });
  if (typeof value === 'boolean') return translate(`ra.boolean.${value}`);
  if (Array.isArray(value)) return value.length ? value.map(itemText).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** One field of an entry as text: `label: old → new` when the old value is known, else `label: value sent`. */
export const changeText = (entry: ActivityLog, field: string, translate: Translate, formats: ValueFormats) => {
  const label = fieldLabel(entry, field, translate);
  const vocabulary = VOCABULARIES[entry.record_type]?.[field];
  const next = valueText(entry.changes?.[field], translate, formats, vocabulary);
  return entry.old_values && field in entry.old_values
    ? `${label}: ${valueText(entry.old_values[field], translate, formats, vocabulary)} → ${next}`
    : `${label}: ${next}`;
};

/** The record a line is about, as people call it: its type and its name ("Sale VP-0001"), else its number. */
export const recordText = (entry: ActivityLog, typeName: (type: string) => string) =>
  `${typeName(entry.record_type)}${entry.record_name ? ` ${entry.record_name}` : entry.record_id ? ` #${entry.record_id}` : ''}`;
