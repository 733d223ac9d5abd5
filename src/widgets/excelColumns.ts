import type { AnyRecord } from './anyRecord';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** How a column's values are written: text, a number, money (a number, its currency in a column of its own), a date. */
export type ExportKind = 'text' | 'number' | 'money' | 'date' | 'datetime';

/**
 * One column a list can export. `source` is the list column's source, so the column chooser's selection applies;
 * `label` an i18n key (default `resources.<resource>.fields.<source>`); `value` what the cell holds (default the
 * record's `source`), as the screen shows it (a translated status, joined names).
 */
export interface ExportColumn<R extends AnyRecord = AnyRecord> {
  source: string;
  label?: string;
  kind?: ExportKind;
  /** money: the record field holding the currency code. */
  currencySource?: string;
  /** A method, so a list's typed columns pass where any record's are taken. */
  value?(row: R): unknown;
}

/** A cell as it crosses to the worker: what structured cloning keeps (a Date stays a Date). */
export type ExportCell = string | number | Date | null;

/** A column of the sheet: its translated title and how to format it. */
export interface SheetColumn {
  title: string;
  kind: ExportKind;
}

export interface SheetLayout {
  columns: SheetColumn[];
  /** The cells of one record, in the columns' order. */
  cells: (row: AnyRecord) => ExportCell[];
}

const readPath = (record: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node != null && typeof node === 'object' ? (node as AnyRecord)[key] : undefined),
      record,
    );

const text = (value: unknown): ExportCell => {
  if (value == null || value === '') return null;
  if (Array.isArray(value)) return value.map((v) => text(v)).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const number = (value: unknown): ExportCell => {
  if (value == null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : text(value);
};

/** 'YYYY-MM-DD…' as midnight UTC of that day: the calendar day Excel shows, whatever the time zone. */
const day = (value: unknown): ExportCell => {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return text(value);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
};

/**
 * A moment as the user's wall-clock time (Excel has no time zones: it shows the UTC fields of the date it is given).
 */
const moment = (value: unknown): ExportCell => {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return text(value);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
};

const CONVERT: Record<ExportKind, (value: unknown) => ExportCell> = {
  text,
  number,
  money: number,
  date: day,
  datetime: moment,
};

/**
 * The sheet's columns for the columns shown (`shown`: the column chooser's sources in its order; all columns when the
 * list has no chooser): titles in the user's language, and after a money column the currency of its amounts, once
 * per currency field.
 */
export function sheetLayout(
  resource: string,
  columns: ExportColumn[],
  translate: Translate,
  shown?: string[],
): SheetLayout {
  const chosen = shown ? shown.flatMap((source) => columns.filter((c) => c.source === source)) : columns;
  const out: SheetColumn[] = [];
  const readers: Array<(row: AnyRecord) => ExportCell> = [];
  const currencies = new Set<string>();
  const title = (key: string) => translate(key, { _: key });
  for (const column of chosen) {
    const kind = column.kind ?? 'text';
    const read = column.value ?? ((row: AnyRecord) => readPath(row, column.source));
    out.push({ title: title(column.label ?? `resources.${resource}.fields.${column.source}`), kind });
    readers.push((row) => CONVERT[kind](read(row)));
    const currency = column.currencySource;
    if (kind === 'money' && currency && !currencies.has(currency)) {
      currencies.add(currency);
      const fallback = translate('excel_export.currency');
      out.push({ title: translate(`resources.${resource}.fields.${currency}`, { _: fallback }), kind: 'text' });
      readers.push((row) => text(readPath(row, currency)));
    }
  }
  return { columns: out, cells: (row) => readers.map((read) => read(row)) };
}

/** The sources a configurable datagrid shows, from react-admin's stored preferences (undefined: not configurable). */
export function shownSources(
  available: Array<{ index: string; source?: string }> | undefined,
  omit: string[] | undefined,
  columns: string[] | undefined,
): string[] | undefined {
  if (!available?.length) return undefined;
  const indexes = columns ?? available.filter((c) => !c.source || !omit?.includes(c.source)).map((c) => c.index);
  return indexes.flatMap((index) => available.find((c) => c.index === index)?.source ?? []);
}

/**
 * Excel's number format for a date in the user's chosen format (one of the 15 choices; the calendar shows DD/MM/YYYY).
 */
export const excelDateFormat = (format: string) => (format === 'DATE_PICKER' ? 'DD/MM/YYYY' : format).toLowerCase();
