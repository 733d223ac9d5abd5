import { formatLocaleAmount, formatLocaleMonth, formatLocaleNumber } from '../../widgets/localeFormat';
import type { ReportColumn } from './definitions';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export type ReportRow = Record<string, unknown>;

/** A cell as the table shows it, in the user's language's digits (and the Excel file, for text columns). */
export function cellText(column: ReportColumn, row: ReportRow, translate: Translate, locale: string): string {
  const value = row[column.key];
  switch (column.kind) {
    case 'month':
      return formatLocaleMonth(String(value ?? ''), locale);
    case 'money':
    case 'area':
      return value == null ? '' : formatLocaleAmount(Number(value), locale);
    case 'count':
      return formatLocaleNumber(value, locale);
    case 'percent':
      return value == null ? '' : `${formatLocaleNumber(Number(value) * 100, locale, 1)}%`;
    case 'status':
      return translate(`reports.statuses.${String(value)}`, { _: String(value) });
    case 'kind':
      return translate(`reports.kinds.${String(value)}`, { _: String(value) });
    case 'manager':
      return value ? String(value) : translate('reports.no_manager');
    default:
      return value == null ? '' : String(value);
  }
}

/** Whether a column adds up in the totals row (money in one currency, counts and areas). */
export const isSummed = (column: ReportColumn) =>
  (column.kind === 'money' && column.currency !== 'row') || column.kind === 'count' || column.kind === 'area';
