import { useId, useRef, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, CardHeader, Grid, IconButton, Tooltip, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { useQuery } from '@tanstack/react-query';
import { BarChart, LineChart, PieChart } from '@mui/x-charts';
import { Title, useLocale, useTranslate } from 'react-admin';
import type { ReportName, ReportRequest } from '../../../domain/contracts/reports';
import { STATUS_COLOURS, type PropertyStatus } from '../../../domain/inventory';
import { useAppData } from '../../providers/useAppData';
import { formatAxisMonths, formatLocaleAmount, useLocaleFormat } from '../../widgets/localeFormat';
import { saveChartPng } from './chartPng';
import { defaultReportFilters, ReportFilters, type ReportFilterState } from './ReportFilters';

const UNIT_STATUSES: PropertyStatus[] = ['free', 'pre_booked', 'booked', 'sold', 'barter', 'not_for_sale'];

function useReport<K extends ReportName>(name: K, filters: ReportRequest) {
  const appData = useAppData();
  return useQuery({ queryKey: ['report', name, filters], queryFn: () => appData.report(name, filters) }).data;
}

/** A chart in a card, with its PNG export. */
function ChartCard({ title, name, children }: { title: string; name: string; children: ReactNode }) {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  return (
    <Card sx={{ height: '100%' }} component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'subtitle1', id: titleId } }}
        action={
          <Tooltip title={translate('reports.save_png')}>
            <IconButton
              aria-label={translate('reports.save_png')}
              onClick={() => void saveChartPng(box.current, `${name}.png`)}
            >
              <ImageIcon />
            </IconButton>
          </Tooltip>
        }
      />
      <CardContent>
        <Box ref={box} sx={{ bgcolor: 'background.paper' }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /statistics: the reports as charts (receipts and scheduled by month, sales by month, units by status per complex,
 * the year's units, managers), sharing the reports' filter panel. Loaded on demand with @mui/x-charts.
 */
export function StatisticsPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const [filters, setFilters] = useState<ReportFilterState>(defaultReportFilters);
  const revenue = useReport('revenue', filters);
  const sales = useReport('sales', filters);
  const overview = useReport('overview', filters);
  const units = useReport('units', filters);
  const managers = useReport('managers', filters);
  const months = formatAxisMonths(
    (revenue?.rows ?? []).map((r) => r.month),
    locale,
  );
  const money = (v: number | null) => (v == null ? '' : formatLocaleAmount(v, locale, filters.currency));
  const { compact } = useLocaleFormat();
  /** The value axis short, in the user's language (1,2 მლნ), so no label is cut. */
  const valueAxis = [{ valueFormatter: (v: number | null) => compact(v), width: 76 }];
  /**
   * The months, complexes or managers along the bottom. The axis is taller than the charts' default: a label taller
   * than its axis (Georgian script's line is) is drawn as nothing at all.
   */
  const categoryAxis = (data: string[], scaleType: 'band' | 'point' = 'band') => [{ data, scaleType, height: 36 }];
  /** The charts' own words (an empty chart, one loading) in the user's language. */
  const localeText = { noData: translate('reports.no_rows'), loading: translate('ra.page.loading') };
  const column = (key: string) => translate(`reports.columns.${key}`);
  return (
    <>
      <Title title={translate('menu.statistics', { _: 'Statistics' })} />
      <Card sx={{ mt: 2, mb: 2 }}>
        <ReportFilters value={filters} onChange={setFilters} period currency />
      </Card>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={translate('reports.names.revenue')} name="revenue">
            <BarChart
              localeText={localeText}
              height={300}
              yAxis={valueAxis}
              xAxis={categoryAxis(months)}
              series={[
                {
                  data: revenue?.rows.map((r) => r.scheduled) ?? [],
                  label: column('scheduled'),
                  valueFormatter: money,
                },
                { data: revenue?.rows.map((r) => r.received) ?? [], label: column('received'), valueFormatter: money },
              ]}
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={translate('reports.names.sales')} name="sales">
            <LineChart
              localeText={localeText}
              height={300}
              yAxis={valueAxis}
              xAxis={categoryAxis(
                formatAxisMonths(
                  (sales?.rows ?? []).map((r) => r.month),
                  locale,
                ),
                'point',
              )}
              series={[{ data: sales?.rows.map((r) => r.value) ?? [], label: column('value'), valueFormatter: money }]}
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={translate('reports.names.overview')} name="units-by-complex">
            <BarChart
              localeText={localeText}
              height={300}
              yAxis={valueAxis}
              xAxis={categoryAxis((overview?.rows ?? []).map((r) => r.building_name))}
              series={UNIT_STATUSES.map((status) => ({
                data: overview?.rows.map((r) => r[status]) ?? [],
                label: translate(`reports.statuses.${status}`),
                stack: 'units',
                color: STATUS_COLOURS[status],
              }))}
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={`${translate('reports.names.units')} ${filters.year}`} name="units-of-year">
            <PieChart
              localeText={localeText}
              height={300}
              series={[
                {
                  data: (units?.rows ?? []).map((r, i) => ({
                    id: i,
                    value: r.count,
                    label: translate(`reports.statuses.${r.status}`),
                    color: STATUS_COLOURS[r.status as PropertyStatus],
                  })),
                  innerRadius: 40,
                },
              ]}
            />
          </ChartCard>
        </Grid>
        <Grid size={12}>
          <ChartCard title={translate('reports.names.managers')} name="managers">
            {managers?.rows.length ? (
              <BarChart
                localeText={localeText}
                height={300}
                yAxis={valueAxis}
                xAxis={categoryAxis(managers.rows.map((r) => r.user_name ?? translate('reports.no_manager')))}
                series={[
                  {
                    data: managers.rows.map((r) => r.sales_value),
                    label: column('sales_value'),
                    valueFormatter: money,
                  },
                  { data: managers.rows.map((r) => r.received), label: column('received'), valueFormatter: money },
                ]}
              />
            ) : (
              <Typography>{translate('reports.no_rows')}</Typography>
            )}
          </ChartCard>
        </Grid>
      </Grid>
    </>
  );
}
