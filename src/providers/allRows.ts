/**
 * 'All' rows per page in the paginator: every row the list has, read in pages of the server's largest size
 * (server/core/paging.ts MAX_PAGE_SIZE), as the Excel export reads a list. The server keeps its bound, so no request
 * answers more than 1,000 rows; the table renders only the rows on screen (widgets/VirtualDatagridBody).
 */
export const ALL_PAGE_SIZE = 1000;
/** Pages asked for at once after the first. */
const AT_ONCE = 4;

export interface ListPage<T> {
  data: T[];
  meta?: { total: number; total_estimated?: true };
}

export async function everyRow<T extends { id?: unknown }>(
  readPage: (page: number, perPage: number) => Promise<ListPage<T>>,
): Promise<ListPage<T>> {
  const first = await readPage(1, ALL_PAGE_SIZE);
  const pages = [first.data];
  let last = first;
  if (first.meta?.total_estimated) {
    // above 10,000 rows the total is the database's estimate: only a short page says the list has ended
    for (let page = 2; last.data.length === ALL_PAGE_SIZE; page++) {
      last = await readPage(page, ALL_PAGE_SIZE);
      pages.push(last.data);
    }
  } else if (first.data.length === ALL_PAGE_SIZE) {
    const count = Math.ceil((first.meta?.total ?? 0) / ALL_PAGE_SIZE);
    for (let from = 2; from <= count; from += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, count - from + 1) }, (_, i) => from + i);
      pages.push(...(await Promise.all(batch.map((page) => readPage(page, ALL_PAGE_SIZE)))).map((p) => p.data));
    }
  }
  // a row written while the pages were read may move into the next page: it is shown once
  const seen = new Set<unknown>();
  const data = pages.flat().filter((row) => row.id === undefined || (!seen.has(row.id) && seen.add(row.id)));
  return { data, meta: { ...first.meta, total: data.length, total_estimated: undefined } };
}
