import { useId, type ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useLocaleFormat } from '../../widgets/localeFormat';
import { useAppData } from '../../providers/useAppData';
import { useCan, useCanOpen } from '../../layout/useCan';
import { TASKS_COUNTER_KEY, TASKS_POLL_MS } from '../../resources/tasks/shared';

/** A react-admin list filtered through the URL (`?filter=` JSON), as the list itself writes it. */
export const filteredList = (path: string, filter: Record<string, unknown>) =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

/** The first day of the month of an ISO day. */
const monthStartOf = (iso: string) => `${iso.slice(0, 7)}-01`;

/** A card of figures, a region named by its title; with `to`, the whole card is a link to the list behind it. */
function Figure({ title, to, children }: { title: string; to?: string; children: ReactNode }) {
  const titleId = useId();
  const content = (
    <CardContent>
      <Typography variant="overline" color="text.secondary" id={titleId}>
        {title}
      </Typography>
      {children}
    </CardContent>
  );
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Card sx={{ height: '100%' }} component="section" aria-labelledby={titleId}>
        {to ? (
          <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
            {content}
          </CardActionArea>
        ) : (
          content
        )}
      </Card>
    </Grid>
  );
}

/**
 * The home page's cards for a user who may read reports (their buildings only, in GEL): due today and this week,
 * the overdue with its aging, receipts this month against last, this month's sale targets against what was signed,
 * my open tasks, free units per complex. Each opens the list behind it filtered to the same figures: the sales with an
 * installment to pay due today (in the next 7 days), the overdue sales, this month's payments, a complex's free units.
 */
export function HomeDashboard() {
  const translate = useTranslate();
  const appData = useAppData();
  const canOpen = useCanOpen();
  const can = useCan();
  const { amount, number } = useLocaleFormat();
  const gel = (value: number) => amount(value, 'GEL');
  // the top bar's counter asks the same: /tasks has no menu entry, so canOpen would let everyone ask and meet a 403
  const tasksOpen = can('tasks', 'list');
  const { data } = useQuery({ queryKey: ['dashboard'], queryFn: () => appData.dashboard() });
  // the same query as the top bar's counter: one request serves both
  const tasks = useQuery({
    queryKey: TASKS_COUNTER_KEY,
    queryFn: () => appData.actualTasks(),
    refetchInterval: TASKS_POLL_MS,
    enabled: tasksOpen,
  });
  if (!data) return <LinearProgress sx={{ mt: 2 }} />;
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.home.${key}`, options);
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Figure
        title={t('due_today')}
        to={filteredList('/sales', { installment_due_from: data.today, installment_due_to: data.today })}
      >
        <Typography variant="h5">{gel(data.due_today.amount)}</Typography>
        <Typography color="text.secondary">{t('installments', { smart_count: data.due_today.count })}</Typography>
      </Figure>
      <Figure
        title={t('due_week')}
        to={filteredList('/sales', { installment_due_from: data.today, installment_due_to: data.due_week.until })}
      >
        <Typography variant="h5">{gel(data.due_week.amount)}</Typography>
        <Typography color="text.secondary">{t('installments', { smart_count: data.due_week.count })}</Typography>
      </Figure>
      <Figure title={t('overdue')} to="/overdue-sales">
        <Typography variant="h5">{gel(data.overdue.amount)}</Typography>
        <Typography color="text.secondary">{t('sales', { smart_count: data.overdue.sales })}</Typography>
        {data.overdue.aging.map((a) => (
          <Stack key={a.bucket} direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2">{t('days', { range: a.bucket })}</Typography>
            <Typography variant="body2">{gel(a.amount)}</Typography>
          </Stack>
        ))}
      </Figure>
      <Figure
        title={t('receipts')}
        to={filteredList('/payments', { paid_on_from: monthStartOf(data.today), paid_on_to: data.today })}
      >
        <Typography variant="h5">{gel(data.receipts.this_month)}</Typography>
        <Typography color="text.secondary">
          {t('last_month')}: {gel(data.receipts.last_month)}
        </Typography>
      </Figure>
      {data.targets.length > 0 && (
        <Figure title={t('targets')} to={canOpen('/bonuses') ? '/bonuses' : '/sales'}>
          {data.targets.map((target) => (
            <Stack key={target.currency}>
              <Typography variant="h5">
                {target.achievement_percent === null
                  ? '—'
                  : `${number(target.achievement_percent, Number.isInteger(target.achievement_percent) ? 0 : 1)}%`}
              </Typography>
              <Typography color="text.secondary">
                {amount(target.achieved)} / {amount(target.amount)} {target.currency}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, target.achievement_percent ?? 0)}
                sx={{ mt: 1 }}
              />
            </Stack>
          ))}
        </Figure>
      )}
      {tasksOpen && tasks.data && (
        <Figure title={t('my_tasks')} to="/tasks">
          <Typography variant="h5">{number(tasks.data.count)}</Typography>
          <Typography color="text.secondary">{t('open_tasks', { smart_count: tasks.data.count })}</Typography>
        </Figure>
      )}
      {/* each complex opens its own free units (a link per row, so the card itself is not one) */}
      <Figure title={t('free_units')}>
        {data.free_units.slice(0, 8).map((b) => (
          <Stack
            key={b.building_id}
            direction="row"
            component={Link}
            to={filteredList('/properties', { building_id: b.building_id, status: ['free'] })}
            data-testid={`free-units-${b.building_id}`}
            sx={{
              justifyContent: 'space-between',
              color: 'inherit',
              textDecoration: 'none',
              '&:hover': { textDecoration: 'underline' },
            }}
          >
            <Typography variant="body2">{b.building_name}</Typography>
            <Typography variant="body2">
              {number(b.free)} / {number(b.units)}
            </Typography>
          </Stack>
        ))}
      </Figure>
    </Grid>
  );
}
