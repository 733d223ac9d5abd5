import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import { MAX_ID } from './fields';

export const PAGE_SIZES = [5, 10, 15, 20, 50] as const;
/** perpage=0 ('All') is bounded by this. */
export const MAX_PAGE_SIZE = 1000;

const blankIsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * SPEC §9: the page asked for; the original client sends `page=0` when no paging is given, which is the first page
 * (as are a missing or empty one). Anything else that is not a whole number from 0 is refused with a message naming it.
 */
export const pageField = () =>
  z.preprocess(
    blankIsUndefined,
    z.coerce
      .number({ error: 'validation.page' })
      .int({ error: 'validation.page' })
      .min(0, { error: 'validation.page' })
      .max(MAX_ID, { error: 'validation.page' })
      .default(1)
      .transform((page) => Math.max(page, 1)),
  );

/** Rows per page: 0 ('All') up to MAX_PAGE_SIZE; anything else is refused with a message naming it. */
export const perPageField = (fallback: number) =>
  z.preprocess(
    blankIsUndefined,
    z.coerce
      .number({ error: 'validation.perpage' })
      .int({ error: 'validation.perpage' })
      .min(0, { error: 'validation.perpage' })
      .max(MAX_PAGE_SIZE, { error: 'validation.perpage' })
      .default(fallback),
  );

/** DESIGN §4: the query every list accepts; a resource extends it with its own filters. */
export const listQuery = z.object({
  query: z.string().trim().max(200).optional(),
  page: pageField(),
  perpage: perPageField(10),
  sort: z.string().max(50).optional(),
  order: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .optional()
    .transform((o) => (o?.toLowerCase() === 'desc' ? 'desc' : 'asc')),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface PageMeta {
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
}

export const pageWindow = (q: Pick<ListQuery, 'page' | 'perpage'>) => {
  const limit = q.perpage === 0 ? MAX_PAGE_SIZE : q.perpage;
  return { limit, offset: (q.page - 1) * limit };
};

export const pageMeta = (q: Pick<ListQuery, 'page' | 'perpage'>, total: number, shown: number): PageMeta => {
  const { limit, offset } = pageWindow(q);
  return {
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    from: shown ? offset + 1 : null,
    to: shown ? offset + shown : null,
    total,
    per_page: q.perpage,
  };
};

/** The column a list may be sorted by, from a whitelist; anything else falls back to the default. */
export const sortColumn = (sort: string | undefined, allowed: Record<string, SQL | unknown>, fallback: string) =>
  (allowed[sort ?? ''] ?? allowed[fallback]) as SQL;

/** `count(*) over()` rides along with the page, so one statement gives the rows and the total. */
export const totalCount = sql<number>`cast(count(*) over() as integer)`.as('total_count');

/** Escapes LIKE wildcards in free text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list page's total, without counting through the page's joins: a list still carrying count(*) over() gives it on
 * its rows; a page shorter than its size tells it (offset + rows); only a full page, or one past the end, asks `count`,
 * which counts the base table under the list's filters.
 */
export const pageTotal = async (
  rows: ReadonlyArray<object>,
  window: { limit: number; offset: number },
  count: () => Promise<number>,
): Promise<number> => {
  const carried = (rows[0] as { total?: number } | undefined)?.total;
  if (carried !== undefined) return carried;
  if (rows.length > 0 && rows.length < window.limit) return window.offset + rows.length;
  if (rows.length === 0 && window.offset === 0) return 0;
  return count();
};
