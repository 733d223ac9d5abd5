import { z } from 'zod';
import { asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { MAX_ID } from './fields';

export const PAGE_SIZES = [5, 10, 15, 20, 50] as const;
/** perpage=0 ('All') is bounded by this. */
export const MAX_PAGE_SIZE = 1000;

const blankIsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * The page asked for; the original client sends `page=0` when no paging is given, which is the first page
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

/** The query every list accepts; a resource extends it with its own filters. */
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
  /** Present and true when `total` is PostgreSQL's estimate (more than EXACT_COUNT_UP_TO rows match). */
  total_estimated?: true;
  per_page: number;
}

/** A list's total, and whether it was estimated rather than counted (`countOrEstimate`). */
export interface Total {
  total: number;
  estimated: boolean;
}

const pageWindow = (q: Pick<ListQuery, 'page' | 'perpage'>) => {
  const limit = q.perpage === 0 ? MAX_PAGE_SIZE : q.perpage;
  return { limit, offset: (q.page - 1) * limit };
};

const pageMeta = (q: Pick<ListQuery, 'page' | 'perpage'>, counted: number | Total, shown: number): PageMeta => {
  const { limit, offset } = pageWindow(q);
  const { total, estimated } = typeof counted === 'number' ? { total: counted, estimated: false } : counted;
  return {
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    from: shown ? offset + 1 : null,
    to: shown ? offset + shown : null,
    total,
    ...(estimated && { total_estimated: true as const }),
    per_page: q.perpage,
  };
};

/** Whether `sort` is one of the whitelist's own keys (never an inherited one: `__proto__`, `constructor`). */
const sortsBy = (sort: string | undefined, allowed: object): sort is string =>
  sort !== undefined && Object.hasOwn(allowed, sort);

/** A list's sort on `column` in the direction the request asks: descending when it says 'desc', else ascending. */
export const inOrder = (column: SQL | AnyColumn, order: string | undefined) =>
  order === 'desc' ? desc(column) : asc(column);

/** `count(*) over()` rides along with the page, so one statement gives the rows and the total. */
export const totalCount = sql<number>`cast(count(*) over() as integer)`.as('total_count');

/** A list's total from its own query carrying `totalCount` (asked with limit 1): 0 when nothing matches. */
const carriedTotal = async (found: PromiseLike<ReadonlyArray<{ total: number }>>) => (await found)[0]?.total ?? 0;

/** Escapes LIKE wildcards in free text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list page's total, without counting through the page's joins: a list still carrying count(*) over() gives it on
 * its rows; a page shorter than its size tells it (offset + rows); only a full page, or one past the end, asks `count`,
 * which counts the base table under the list's filters.
 */
const pageTotal = async <T extends number | Total>(
  rows: ReadonlyArray<unknown>,
  window: { limit: number; offset: number },
  count: () => Promise<T>,
): Promise<T | number> => {
  const carried = typeof rows[0] === 'object' ? (rows[0] as { total?: number } | null)?.total : undefined;
  if (carried !== undefined) return carried;
  if (rows.length > 0 && rows.length < window.limit) return window.offset + rows.length;
  if (rows.length === 0 && window.offset === 0) return 0;
  return count();
};

/** A page's rows read by id, put back in the order its ids were picked in (a narrow query picks, a wide one reads). */
export const inPickedOrder = <Row>(ids: readonly number[], rows: Row[], idOf: (row: Row) => number) => {
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(idOf(a))! - position.get(idOf(b))!);
};

/** How a list sorts: the columns a request may name (`sort`, in the direction `order` asks) and what stands instead. */
export type ListSort<K extends string> = {
  columns: Record<K, SQL | AnyColumn>;
  /** The last key, so rows equal on the sort keep one order from page to page. */
  then?: SQL;
} & (
  | {
      /** The column sorted by when the request names none of `columns`, in the direction it asks. */
      fallback: NoInfer<K>;
      /** A request with no sort at all shows `fallback` descending (the newest first). */
      newestFirst?: boolean;
    }
  | {
      /** The whole order (`then` is not added) when the request names none of `columns`, whatever `order` says. */
      unsorted: SQL[];
    }
);

/** One page as a list asks its rows: the order, the sort key and direction it resolved, and the window. */
export interface PageAsked<K extends string> {
  orderBy: SQL[];
  /** The key sorted by; undefined when the list fell back to its `unsorted` order. */
  key: K | undefined;
  descending: boolean;
  limit: number;
  offset: number;
}

/** The order a list's request resolves to under its sort rule. */
export function listOrder<K extends string>(
  q: Pick<ListQuery, 'sort' | 'order'>,
  sort: ListSort<K>,
): Pick<PageAsked<K>, 'orderBy' | 'key' | 'descending'> {
  const asked = sortsBy(q.sort, sort.columns);
  const then = sort.then ? [sort.then] : [];
  if (!asked && 'unsorted' in sort) return { orderBy: sort.unsorted, key: undefined, descending: true };
  const key = asked ? (q.sort as K) : (sort as { fallback: K }).fallback;
  const descending = q.order === 'desc' || (!q.sort && 'newestFirst' in sort && sort.newestFirst === true);
  const column = sort.columns[key];
  return { orderBy: [descending ? desc(column) : asc(column), ...then], key, descending };
}

/**
 * A list's page and its meta: `fetch` reads the page's rows in the order and window asked; `count` the total under the
 * list's filters, asked only when the rows cannot tell it (`pageTotal`): a number, or `countOrEstimate`'s answer.
 */
export async function listPage<Row, K extends string>(
  q: Pick<ListQuery, 'page' | 'perpage' | 'sort' | 'order'>,
  sort: ListSort<K>,
  fetch: (page: PageAsked<K>) => Promise<Row[]>,
  count: () => Promise<number | Total>,
): Promise<{ rows: Row[]; meta: PageMeta }> {
  const window = pageWindow(q);
  const rows = await fetch({ ...listOrder(q, sort), ...window });
  const total = await pageTotal(rows, window, count);
  return { rows, meta: pageMeta(q, total, rows.length) };
}

/** A list's query under its filters, carrying `totalCount`, that a page is ordered and windowed from. */
interface CarryingTotal<Row extends { total: number }> {
  orderBy(...columns: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };
  limit(limit: number): PromiseLike<Row[]>;
}

/** `listPage` over a query carrying its total: the page is read from `matching`, the count is its first row's total. */
export const carriedPage = <Row extends { total: number }, K extends string>(
  q: Pick<ListQuery, 'page' | 'perpage' | 'sort' | 'order'>,
  sort: ListSort<K>,
  matching: () => CarryingTotal<Row>,
) =>
  listPage(
    q,
    sort,
    async ({ orderBy, limit, offset }) =>
      matching()
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    () => carriedTotal(matching().limit(1)),
  );

/** Up to this many matching rows a large list counts them exactly; above it the total is PostgreSQL's estimate. */
export const EXACT_COUNT_UP_TO = 1_000;

/** The planner's estimate of how many rows `matching` selects (`explain`: planned, not run). */
async function estimatedRows(db: Pick<Db, 'execute'>, matching: SQLWrapper) {
  const [plan] = await rows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${matching}`);
  const parsed = (
    typeof plan['QUERY PLAN'] === 'string' ? JSON.parse(plan['QUERY PLAN']) : plan['QUERY PLAN']
  ) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/**
 * Whether the user narrowed a list: any query field set besides its paging and sort (a list's scope is not a filter)
 * and the fields named in `besides`.
 */
export const filteredBy = (q: object, besides: readonly string[] = []) =>
  Object.entries(q).some(
    ([key, value]) =>
      !['page', 'perpage', 'sort', 'order', ...besides].includes(key) &&
      value !== undefined &&
      value !== null &&
      value !== '' &&
      !(Array.isArray(value) && value.length === 0),
  );

/**
 * The total of a list over a table that grows without bound (payments, units, customers, the activity log): `matching`
 * selects its rows under the list's filters with only the joins they need. Counted exactly up to EXACT_COUNT_UP_TO
 * rows; above that the planner's estimate, never below what was counted, and the list shows "about N". Unfiltered
 * (`filtered` false: the list as it opens) the estimate is asked first, and when it is well above EXACT_COUNT_UP_TO
 * (half as much again) nothing is counted; a filtered list counts first (usually few rows, so one statement). Counting
 * 190,000 payments cost 40 ms of a 45 ms page; the load bench: counting the first 10,001 of 20,000 customers cost
 * 4.8 ms of a customers page whose rows took 0.7.
 */
export async function countOrEstimate(
  db: Pick<Db, 'execute'>,
  matching: SQLWrapper,
  filtered: boolean,
): Promise<Total> {
  const estimate = filtered ? undefined : await estimatedRows(db, matching);
  if (estimate !== undefined && estimate > 1.5 * EXACT_COUNT_UP_TO) return { total: estimate, estimated: true };
  const [{ n }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${matching} limit ${EXACT_COUNT_UP_TO + 1}) as matching`,
  );
  if (n <= EXACT_COUNT_UP_TO) return { total: n, estimated: false };
  return { total: Math.max(n, estimate ?? (await estimatedRows(db, matching))), estimated: true };
}
