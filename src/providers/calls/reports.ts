import type {
  Dashboard,
  ReportAnswers,
  ReportName,
  ReportRequest,
  YearsRange,
} from '../../../domain/contracts/reports';
import { REPORTS } from '../../../domain/reports';
import { api } from '../httpClient';
import { dataOf } from './answers';

/** Reports: POST calls take the filters as a body, GET ones (the units of a year) as the query. */
export const reportCalls = {
  report: <K extends ReportName>(name: K, filters: ReportRequest) => {
    const call = REPORTS[name];
    if (call.method === 'POST')
      return dataOf(api<{ data: ReportAnswers[K] }>(call.path, { method: 'POST', body: filters }));
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters))
      if (Array.isArray(value)) for (const v of value) query.append(`${key}[]`, String(v));
      else if (value !== undefined && key !== 'year') query.set(key, String(value));
    const year = filters.year ?? new Date().getFullYear();
    return dataOf(api<{ data: ReportAnswers[K] }>(`${call.path}/${year}`, { query }));
  },
  reportYears: () => dataOf(api<{ data: YearsRange }>('/reporting/getYearsRange')),
  dashboard: () => dataOf(api<{ data: Dashboard }>('/reporting/dashboard')),
};
