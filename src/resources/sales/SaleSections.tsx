import { useId, type ReactNode } from 'react';
import {
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatIsoDate, isIsoDay } from '../../../domain/dateFormats';
import { useAppData } from '../../providers/useAppData';
import { DateField, useDateFormat, useLocaleFormat } from '../../widgets';
import type { SaleRecord } from './types';

/**
 * The sale page's building blocks: a titled section (a region named by its title), a table head, an empty note, and
 * the history table.
 */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const titleId = useId();
  return (
    <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby={titleId} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom id={titleId}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function Head({ cells }: { cells: Array<string | [string, 'right']> }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map((c, i) =>
          Array.isArray(c) ? (
            <TableCell key={i} align="right">
              {c[0]}
            </TableCell>
          ) : (
            <TableCell key={i}>{c}</TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}

export function Nothing() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('sales.nothing')}
    </Typography>
  );
}

/** A history value as the user reads it: statuses translated, days in the chosen date format. */
function useHistoryValue() {
  const translate = useTranslate();
  const [dateFormat] = useDateFormat();
  return (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'object') return JSON.stringify(value);
    const text = String(value);
    if (field === 'status') return translate(`sales.status.${text}`, { _: text });
    if (field === 'agent_fee_status') return translate(`sales.agent_fee_status.${text}`, { _: text });
    return isIsoDay(text) ? formatIsoDate(text, dateFormat) : text;
  };
}

/** GET /sales/sale-histories?sale_id=: who changed what, when and why, newest first. */
export function History({ sale }: { sale: SaleRecord }) {
  const provider = useAppData();
  const translate = useTranslate();
  const valueOf = useHistoryValue();
  const format = useLocaleFormat();
  const saleId = sale.id;
  const history = useInfiniteQuery({
    // A change on the page (a payment, a new schedule) reloads the sale; the history follows it.
    queryKey: ['sales', saleId, 'history', sale.updated_at, sale.paid_total, sale.status],
    queryFn: ({ pageParam }) => provider.saleHistory(saleId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.data.length, 0) < last.total && last.data.length ? pages.length + 1 : undefined,
  });
  const pages = history.data?.pages ?? [];
  const data = pages.flatMap((p) => p.data);
  const total = pages[0]?.total ?? 0;
  if (!data.length) return <Nothing />;
  const t = (k: string) => translate(`sales.${k}`);
  return (
    <Table size="small" data-testid="sale-history">
      <Head cells={[t('when'), t('who'), t('action'), t('field'), t('from'), t('to'), t('reason')]} />
      <TableBody>
        {data.flatMap((row) => {
          const changes = row.changes.length ? row.changes : [null];
          return changes.map((change, i) => (
            <TableRow key={`${row.id}-${i}`}>
              <TableCell>
                {i === 0 && (
                  <>
                    <DateField source="created_at" record={row} /> {format.time(row.created_at)}
                    {row.effective_date && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {translate('sales.history_effective', {
                          date: valueOf('effective_date', row.effective_date),
                        })}
                      </Typography>
                    )}
                  </>
                )}
              </TableCell>
              <TableCell>{i === 0 && row.user_name}</TableCell>
              <TableCell>{i === 0 && translate(`sales.history_action.${row.action}`, { _: row.action })}</TableCell>
              <TableCell>
                {change &&
                  translate(`resources.sales.fields.${change.field}`, {
                    _: translate(`sales.${change.field}`, { _: change.field }),
                  })}
              </TableCell>
              <TableCell>{change && valueOf(change.field, change.from)}</TableCell>
              <TableCell>{change && valueOf(change.field, change.to)}</TableCell>
              <TableCell data-testid="history-reason">{i === 0 && row.reason}</TableCell>
            </TableRow>
          ));
        })}
      </TableBody>
      {history.hasNextPage && (
        <TableFooter>
          <TableRow>
            <TableCell colSpan={7} align="center">
              <Button
                size="small"
                onClick={() => void history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
                data-testid="history-more"
              >
                {translate('sales.history_more', { shown: data.length, total })}
              </Button>
            </TableCell>
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}
