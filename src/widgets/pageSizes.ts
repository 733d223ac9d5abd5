/** Page sizes, apart from the paginator so the data provider can read them without loading it. */

/** Page size default 10. Use as `<List pagination={<Paginator />} perPage={DEFAULT_PER_PAGE}>`. */
export const DEFAULT_PER_PAGE = 10;
/**
 * 'All': react-admin needs a positive page size, so 'All' is this sentinel; the data provider then reads every row of
 * the list in pages of the server's largest size (providers/allRows.ts).
 */
export const ALL_ROWS = 1_000_000;
/** Rows per page 5, 10, 15, 20, 50, All. */
export const ROWS_PER_PAGE_OPTIONS: readonly number[] = [5, 10, 15, 20, 50, ALL_ROWS];
/** 8 visible page links. */
export const MAX_PAGE_LINKS = 8;
