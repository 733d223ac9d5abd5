import type { GetListParams } from 'react-admin';
import { ALL_PAGE_SIZE } from '../allRows';

/** What every business call does with the API's answer: its `data`, or nothing. */
export const dataOf = <T>(answer: Promise<{ data: T }>) => answer.then((r) => r.data);
export const done = (answer: Promise<unknown>) => answer.then(() => undefined);

/** A list's answer: a page of rows and, for a full page, the total. */
export interface ListAnswer<T> {
  data: T[];
  meta?: { total: number; total_estimated?: true };
}

/**
 * react-admin's list parameters as the API's query: page, perpage (at most a page of the server's size), sort, filters.
 */
export const listQuery = ({ pagination, sort, filter }: Partial<GetListParams>) => {
  const query = new URLSearchParams();
  if (pagination) {
    query.set('page', String(pagination.page));
    query.set('perpage', String(Math.min(pagination.perPage, ALL_PAGE_SIZE)));
  }
  if (sort?.field) {
    query.set('sort', sort.field);
    query.set('order', sort.order.toLowerCase());
  }
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const name = key === 'q' ? 'query' : key;
    if (Array.isArray(value)) value.forEach((v) => query.append(`${name}[]`, String(v)));
    else query.set(name, String(value));
  }
  return query;
};
