import { useState } from 'react';
import { Box, Button, Card, CardContent, GlobalStyles, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Loading, Title, useGetList, useLocale, useTranslate } from 'react-admin';
import type { CashFlow, ReportName } from '../../../domain/contracts/reports';
import { useAppData } from '../../providers/useAppData';
import { useFormatMoment } from '../../widgets/DateField';
import { formatLocaleAmount } from '../../widgets/localeFormat';
import type { ReportRow } from './cells';
import { CASH_FLOW_COMPLEX_COLUMNS, definitionOf, type ReportDefinition } from './definitions';
import { exportReport, type ReportSheet } from './exportExcel';
import { blocksOf, defaultReportFilters, ReportFilters, type ReportFilterState } from './ReportFilters';
import { ReportTable } from './ReportTable';

/** On paper only the report shows: the menu, the top bar and the buttons stay off. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, .RaSidebar-root, .MuiDrawer-root, .RaAppBar-root': { display: 'none !important' },
        '.RaLayout-content': { padding: 0 },
      },
    }}
  />
);

/** /reports/:name: one report with the filter panel, the table with its totals, Excel export and print. */
export function ReportPage() {
  const { name = '' } = useParams();
  const definition = definitionOf(name);
  if (!definition) return <Typography sx={{ p: 2 }}>404</Typography>;
  return <ReportScreen key={definition.name} definition={definition} />;
}

function ReportScreen({ definition }: { definition: ReportDefinition }) {
  const translate = useTranslate();
  const locale = useLocale();
  const formatMoment = useFormatMoment();
  const appData = useAppData();
  const [filters, setFilters] = useState<ReportFilterState>(defaultReportFilters);
  const name: ReportName = definition.name;
  const { data, isPending, error } = useQuery({
    queryKey: ['report', name, filters],
    queryFn: () => appData.report(name, filters),
  });
  const { data: complexes = [] } = useGetList('buildings', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const title = translate(`reports.names.${name}`);
  const rows = (data?.rows ?? []) as ReportRow[];
  const totals = data?.totals as Record<string, unknown> | undefined;
  const flowComplexes = name === 'cashflow' ? ((data as CashFlow | undefined)?.complexes ?? []) : [];

  const shownFilters = (): Array<[string, string]> => {
    const used = data?.filters;
    const lines: Array<[string, string]> = [];
    if (definition.period && used) lines.push([translate('reports.period'), `${used.date_from} — ${used.date_to}`]);
    else lines.push([translate('reports.year'), String(filters.year)]);
    const names = complexes.filter((b) => filters.building_ids.includes(Number(b.id))).map((b) => String(b.name));
    lines.push([translate('reports.complexes'), names.length ? names.join(', ') : translate('reports.all_complexes')]);
    const blockNames = blocksOf(complexes as Parameters<typeof blocksOf>[0], filters.building_ids)
      .filter((b) => filters.block_ids.includes(b.id))
      .map((b) => b.label);
    if (blockNames.length) lines.push([translate('reports.blocks'), blockNames.join(', ')]);
    if (definition.currency) lines.push([translate('reports.currency'), filters.currency]);
    lines.push([translate('reports.generated_at'), formatMoment(new Date())]);
    return lines;
  };

  const onExport = () => {
    const sheet: ReportSheet = {
      title,
      filters: shownFilters(),
      tables: [{ columns: definition.columns, rows, totals }],
    };
    if (name === 'cashflow') {
      sheet.tables.push({
        title: translate('reports.complexes_table'),
        columns: CASH_FLOW_COMPLEX_COLUMNS,
        rows: flowComplexes as unknown as ReportRow[],
      });
    }
    const stamp = data?.filters ? `${data.filters.date_from}_${data.filters.date_to}` : String(filters.year);
    void exportReport(sheet, `${name}-${stamp}.xlsx`, translate, locale);
  };

  return (
    <Card sx={{ mt: 2 }}>
      {printStyles}
      <Title title={title} />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', displayPrint: 'none' }}>
          <Button component={Link} to="/reports" size="small">
            {translate('reports.back')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<DownloadIcon />} onClick={onExport} disabled={!data} variant="outlined" size="small">
            {translate('reports.export_excel')}
          </Button>
          <Button startIcon={<PrintIcon />} onClick={() => window.print()} variant="outlined" size="small">
            {translate('reports.print')}
          </Button>
        </Stack>
        <Typography variant="h5" sx={{ mt: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`reports.hints.${name}`)}
        </Typography>
        <Box sx={{ display: 'none', displayPrint: 'block', mt: 1 }}>
          {shownFilters().map(([label, value]) => (
            <Typography key={label} variant="body2">
              {label}: {value}
            </Typography>
          ))}
        </Box>
        <ReportFilters
          value={filters}
          onChange={setFilters}
          period={definition.period}
          currency={definition.currency}
        />
        {name === 'cashflow' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('reports.cash_flow_note')}
            {data &&
              ` ${translate('reports.overdue_open')}: ${formatLocaleAmount((data as CashFlow).totals.overdue_open, locale, filters.currency)}`}
          </Typography>
        )}
        {isPending ? (
          <Loading />
        ) : error ? (
          <Typography color="error">{(error as Error).message}</Typography>
        ) : (
          <Box>
            <ReportTable columns={definition.columns} rows={rows} totals={totals} />
            {name === 'cashflow' && (
              <>
                <Typography variant="h6" sx={{ mt: 2 }}>
                  {translate('reports.complexes_table')}
                </Typography>
                <ReportTable columns={CASH_FLOW_COMPLEX_COLUMNS} rows={flowComplexes as unknown as ReportRow[]} />
              </>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
