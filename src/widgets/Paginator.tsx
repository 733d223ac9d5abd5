import { useId, type MouseEvent } from 'react';
import {
  Box,
  MenuItem,
  PaginationItem,
  Select,
  Toolbar,
  Typography,
  type SelectChangeEvent,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useListContext, useListPaginationContext, useTranslate } from 'react-admin';

import { ALL_ROWS, MAX_PAGE_LINKS, ROWS_PER_PAGE_OPTIONS } from './pageSizes';

export { ALL_ROWS, DEFAULT_PER_PAGE, MAX_PAGE_LINKS, ROWS_PER_PAGE_OPTIONS } from './pageSizes';

export type PageLink = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The page links to show: every page when there are at most `max`; otherwise the first and the last page
 * and a run of `max - 2` pages around the current one, with an ellipsis for each gap. Never more than
 * `max` page numbers (MUI's Pagination shows 9 for 9 pages whatever its counts, hence this function).
 */
export const pageLinks = (page: number, pageCount: number, max = MAX_PAGE_LINKS): PageLink[] => {
  if (pageCount <= 0) return [];
  if (pageCount <= max) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const inner = Math.max(1, max - 2);
  const current = Math.min(Math.max(page, 1), pageCount);
  const start = Math.min(Math.max(current - Math.floor((inner - 1) / 2), 2), pageCount - inner);
  const end = start + inner - 1;
  return [
    1,
    ...(start > 2 ? (['start-ellipsis'] as const) : []),
    ...Array.from({ length: inner }, (_, i) => start + i),
    ...(end < pageCount - 1 ? (['end-ellipsis'] as const) : []),
    pageCount,
  ];
};

export interface PaginatorProps {
  /** Defaults to ROWS_PER_PAGE_OPTIONS; include ALL_ROWS to offer 'All'. */
  rowsPerPageOptions?: readonly number[];
  /** Defaults to MAX_PAGE_LINKS (8). */
  maxPageLinks?: number;
  className?: string;
  sx?: SxProps<Theme>;
}

/** The list paginator: rows per page, 'from - to of total', at most 8 page links. */
export const Paginator = ({
  rowsPerPageOptions = ROWS_PER_PAGE_OPTIONS,
  maxPageLinks = MAX_PAGE_LINKS,
  className,
  sx,
}: PaginatorProps) => {
  const { isPending, hasNextPage, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  // a list of more than 10,000 matching rows answers the database's estimate (server/core/paging.ts)
  const { meta, data } = useListContext();
  const estimated = (meta as { total_estimated?: boolean } | undefined)?.total_estimated === true;
  const translate = useTranslate();
  const labelId = useId();

  if (isPending) return <Toolbar variant="dense" className={className} sx={sx} />;

  const all = perPage >= ALL_ROWS;
  const counted = total != null ? (all ? 1 : Math.max(1, Math.ceil(total / perPage))) : page + (hasNextPage ? 1 : 0);
  // an estimate may fall short of the rows there are: a full page always offers the next one
  const pageCount = estimated && !all && data?.length === perPage ? Math.max(counted, page + 1) : counted;
  // Nothing to page through, or a page that no longer exists (react-admin moves back to a valid one).
  if (total === 0 || page < 1 || (total != null && page > pageCount)) return null;

  const from = all ? 1 : (page - 1) * perPage + 1;
  const to = total != null ? (all ? total : Math.min(total, page * perPage)) : page * perPage;
  const options = rowsPerPageOptions.includes(perPage)
    ? rowsPerPageOptions
    : [...rowsPerPageOptions, perPage].sort((a, b) => a - b);

  const go = (target: number) => (event: MouseEvent) => {
    event.stopPropagation();
    if (target >= 1 && target <= pageCount && target !== page) setPage(target);
  };
  const onPerPage = (event: SelectChangeEvent<number>) => setPerPage(Number(event.target.value));

  return (
    <Toolbar
      variant="dense"
      className={className}
      sx={[
        { flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 3, rowGap: 1, py: 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" id={labelId}>
          {translate('widgets.rows_per_page')}
        </Typography>
        <Select<number>
          size="small"
          variant="standard"
          value={perPage}
          onChange={onPerPage}
          inputProps={{ 'aria-labelledby': labelId }}
          labelId={labelId}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option >= ALL_ROWS ? translate('widgets.all') : option}
            </MenuItem>
          ))}
        </Select>
      </Box>
      <Typography variant="body2" data-testid="paginator-range">
        {translate(estimated ? 'widgets.range_estimated' : 'widgets.range', { from, to, total: total ?? to })}
      </Typography>
      {pageCount > 1 && (
        <Box component="nav" aria-label={translate('widgets.pagination')}>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', listStyle: 'none', p: 0, m: 0 }}
          >
            <li>
              <PaginationItem
                type="previous"
                size="small"
                disabled={page <= 1}
                onClick={go(page - 1)}
                aria-label={translate('ra.navigation.previous', { _: 'Go to previous page' })}
              />
            </li>
            {pageLinks(page, pageCount, maxPageLinks).map((link) => (
              <li key={link}>
                {typeof link === 'number' ? (
                  <PaginationItem
                    type="page"
                    page={link}
                    size="small"
                    color="primary"
                    selected={link === page}
                    aria-current={link === page ? 'page' : undefined}
                    aria-label={
                      link === page
                        ? translate('ra.navigation.current_page', { page: link, _: `Page ${link}` })
                        : translate('ra.navigation.page', { page: link, _: `Go to page ${link}` })
                    }
                    onClick={go(link)}
                  />
                ) : (
                  <PaginationItem type={link} size="small" />
                )}
              </li>
            ))}
            <li>
              <PaginationItem
                type="next"
                size="small"
                disabled={page >= pageCount}
                onClick={go(page + 1)}
                aria-label={translate('ra.navigation.next', { _: 'Go to next page' })}
              />
            </li>
          </Box>
        </Box>
      )}
    </Toolbar>
  );
};
