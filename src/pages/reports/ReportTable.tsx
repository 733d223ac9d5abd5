import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { cellText, isSummed, type ReportRow } from './cells';
import type { ReportColumn } from './definitions';

const numeric = (c: ReportColumn) => ['money', 'count', 'area', 'percent'].includes(c.kind);

/** A report's table: a header, the rows, and the totals row (the server's totals, which are the sums of the rows). */
export function ReportTable({
  columns,
  rows,
  totals,
  testId,
}: {
  columns: ReportColumn[];
  rows: ReportRow[];
  totals?: Record<string, unknown>;
  testId?: string;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  if (!rows.length) return <Typography sx={{ p: 2 }}>{translate('reports.no_rows')}</Typography>;
  return (
    <TableContainer data-testid={testId}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={numeric(c) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {translate(`reports.columns.${c.key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i} hover>
              {columns.map((c) => (
                <TableCell key={c.key} align={numeric(c) ? 'right' : 'left'}>
                  {cellText(c, row, translate, locale)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {totals && (
          <TableFooter>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell
                  key={c.key}
                  align={numeric(c) ? 'right' : 'left'}
                  sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
                >
                  {i === 0
                    ? translate('reports.total')
                    : isSummed(c) && totals[c.key] != null
                      ? cellText(c, totals, translate, locale)
                      : ''}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
