import type { ReportName } from '../../../domain/contracts/reports';

/** How a column shows: text, a month, a money amount (in the currency of presentation), a count, an area, a label. */
export type ColumnKind = 'text' | 'month' | 'money' | 'count' | 'area' | 'status' | 'kind' | 'percent' | 'manager';

export interface ReportColumn {
  key: string;
  kind: ColumnKind;
  /** A money column in a fixed currency (what was received in GEL, say) rather than the currency of presentation. */
  currency?: 'GEL' | 'USD' | 'EUR' | 'row';
}

export interface ReportDefinition {
  name: ReportName;
  columns: ReportColumn[];
  /** Whether the period applies (the units of a year and the cash flow ahead take no period). */
  period: boolean;
  /** Whether the currency of presentation applies. */
  currency: boolean;
}

const c = (key: string, kind: ColumnKind, currency?: ReportColumn['currency']): ReportColumn => ({
  key,
  kind,
  ...(currency ? { currency } : {}),
});

/** The report screens in menu order; the columns are what the table shows and the Excel file holds. */
export const REPORT_DEFINITIONS: ReportDefinition[] = [
  {
    name: 'sales',
    period: true,
    currency: true,
    columns: [c('month', 'month'), c('count', 'count'), c('units', 'count'), c('area', 'area'), c('value', 'money')],
  },
  {
    name: 'monthly',
    period: true,
    currency: true,
    columns: [
      c('month', 'month'),
      c('count', 'count'),
      c('gel', 'money', 'GEL'),
      c('usd', 'money', 'USD'),
      c('eur', 'money', 'EUR'),
      c('total', 'money'),
    ],
  },
  {
    name: 'revenue',
    period: true,
    currency: true,
    columns: [
      c('month', 'month'),
      c('scheduled', 'money'),
      c('paid_of_scheduled', 'money'),
      c('received', 'money'),
      c('difference', 'money'),
    ],
  },
  {
    name: 'managers',
    period: true,
    currency: true,
    columns: [
      c('user_name', 'manager'),
      c('sales_count', 'count'),
      c('units', 'count'),
      c('area', 'area'),
      c('sales_value', 'money'),
      c('received', 'money'),
    ],
  },
  {
    name: 'finance',
    period: true,
    currency: true,
    columns: [
      c('building_name', 'text'),
      c('sales_count', 'count'),
      c('contract_value', 'money'),
      c('received', 'money'),
      c('receivable', 'money'),
      c('overdue', 'money'),
    ],
  },
  {
    name: 'installments',
    period: true,
    currency: true,
    columns: [
      c('month', 'month'),
      c('count', 'count'),
      c('amount', 'money'),
      c('paid', 'money'),
      c('remaining', 'money'),
      c('overdue', 'money'),
    ],
  },
  {
    name: 'overview',
    period: true,
    currency: true,
    columns: [
      c('building_name', 'text'),
      c('units_total', 'count'),
      c('free', 'count'),
      c('pre_booked', 'count'),
      c('booked', 'count'),
      c('sold', 'count'),
      c('barter', 'count'),
      c('not_for_sale', 'count'),
      c('sales_count', 'count'),
      c('sales_value', 'money'),
      c('received', 'money'),
    ],
  },
  {
    name: 'units',
    period: false,
    currency: false,
    columns: [c('status', 'status'), c('count', 'count'), c('area', 'area')],
  },
  {
    name: 'deals',
    period: true,
    currency: true,
    columns: [c('kind', 'kind'), c('status', 'status'), c('count', 'count'), c('value', 'money')],
  },
  {
    name: 'payments',
    period: true,
    currency: true,
    columns: [
      c('building_name', 'text'),
      c('currency', 'text'),
      c('count', 'count'),
      c('amount', 'money', 'row'),
      c('converted', 'money'),
    ],
  },
  {
    name: 'cashflow',
    period: false,
    currency: true,
    columns: [c('month', 'month'), c('scheduled', 'money'), c('expected', 'money')],
  },
];

/** The cash flow's second table: per complex. */
export const CASH_FLOW_COMPLEX_COLUMNS: ReportColumn[] = [
  c('building_name', 'text'),
  c('on_time_share', 'percent'),
  c('scheduled', 'money'),
  c('expected', 'money'),
  c('overdue_open', 'money'),
];

export const definitionOf = (name: string) => REPORT_DEFINITIONS.find((d) => d.name === name);
