import type { ReportName } from './contracts/reports';

/**
 * The reports the screens show, by name: the call each one is. Kept apart from the zod contracts so the
 * browser's first bundle carries no report schema.
 */
export const REPORTS = {
  overview: { method: 'POST', path: '/reporting' },
  managers: { method: 'POST', path: '/reporting/manager-report' },
  revenue: { method: 'POST', path: '/reporting/revenue-by-scheduler' },
  monthly: { method: 'POST', path: '/reporting/monthlyReporting' },
  finance: { method: 'POST', path: '/reporting/getFinanceSummaryReport' },
  cashflow: { method: 'POST', path: '/reporting/cash-flow' },
  sales: { method: 'POST', path: '/sales/getReport' },
  installments: { method: 'POST', path: '/payment-scheduler/forReporting' },
  deals: { method: 'POST', path: '/sales/bookings-report' },
  payments: { method: 'POST', path: '/payments/forReporting' },
  units: { method: 'GET', path: '/reporting/pie' },
} as const satisfies Record<ReportName, { method: 'GET' | 'POST'; path: string }>;
