import { Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  CreateButton,
  DatagridConfigurable,
  FunctionField,
  List,
  SelectColumnsButton,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useCan } from '../../layout/useCan';
import {
  DateField,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  MoneyField,
  Paginator,
  type ExportColumn,
  useLocaleFormat,
  NumberField,
  PhoneCards,
  EmptyList,
} from '../../widgets';
import { WIDE_TABLE } from '../../widgets/wideTable';
import { SaleFilterPanel, SaleFiltersToggle, SaleSidebar } from './SaleFilters';
import { SaleStatusChip } from './SaleStatusChip';
import { SalesImportButton } from './SalesImport';
import { KeepPageWhenAsked } from './SaleFilterRules';
import { unitName, type SaleRecord } from './types';
import { useAppData } from '../../providers/useAppData';

/** The list's columns as the Excel export writes them (the column chooser picks which). */
function useExportColumns(): ExportColumn<SaleRecord>[] {
  const translate = useTranslate();
  return [
    { source: 'id', kind: 'number' },
    { source: 'contract_no' },
    { source: 'customer_name' },
    { source: 'building_name' },
    { source: 'properties', value: (r) => r.properties.map(unitName).join(', ') },
    { source: 'price', kind: 'money', currencySource: 'currency' },
    { source: 'paid_total', kind: 'money', currencySource: 'currency' },
    { source: 'remaining', kind: 'money', currencySource: 'currency' },
    { source: 'paid_percent', kind: 'number' },
    { source: 'status', value: (r) => translate(`sales.status.${r.status}`, { _: r.status }) },
    { source: 'next_due_date', kind: 'date' },
    { source: 'contract_start_date', kind: 'date' },
    { source: 'agent_name' },
    { source: 'user_name' },
    { source: 'created_at', kind: 'datetime' },
  ];
}

function Actions() {
  const can = useCan();
  const mayCreate = can('sales', 'create');
  const exportColumns = useExportColumns();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <SaleFiltersToggle />
      <SelectColumnsButton />
      {mayCreate && <CreateButton />}
      <SalesImportButton />
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** GET /sales/totals with the list's filters: count and sums per currency. */
function TotalsStrip() {
  const { amount: screenAmount } = useLocaleFormat();
  const provider = useAppData();
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { data } = useQuery({
    queryKey: ['sales', 'totals', filterValues],
    queryFn: () => provider.saleTotals(filterValues),
  });
  if (!data) return null;
  const f = (name: string) => translate(`resources.sales.fields.${name}`);
  return (
    <Paper variant="outlined" sx={{ mx: 1, mb: 1, p: 1.5 }} role="group" aria-label={translate('sales.totals')}>
      <Stack direction="row" gap={4} flexWrap="wrap" alignItems="center">
        <Typography variant="subtitle2">{translate('sales.totals_count', { smart_count: data.count })}</Typography>
        {data.by_currency.map((row) => (
          <Box key={row.currency} role="group" aria-label={row.currency}>
            <Typography variant="caption" color="text.secondary" component="div">
              {row.currency} · {row.count}
            </Typography>
            <Typography variant="body2" component="div">
              {f('price')}: {screenAmount(row.price)} · {f('paid_total')}: {screenAmount(row.paid_total)} ·{' '}
              {f('remaining')}: {screenAmount(row.remaining)} ·{' '}
              <Box component="span" sx={{ color: row.amount_overdue > 0 ? 'error.main' : undefined }}>
                {f('amount_overdue')}: {screenAmount(row.amount_overdue)}
              </Box>
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

/** /sales: every sale the user may see, with the filter panel, saved filter sets and totals. */
export function SaleList() {
  const can = useCan();
  return (
    <List
      actions={<Actions />}
      aside={
        <KeepPageWhenAsked>
          <SaleSidebar />
        </KeepPageWhenAsked>
      }
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={
        <EmptyList mayCreate={can('sales', 'create')}>
          <SalesImportButton />
        </EmptyList>
      }
    >
      <KeepPageWhenAsked>
        <SaleFilterPanel />
      </KeepPageWhenAsked>
      <TotalsStrip />
      <PhoneCards<SaleRecord>
        primaryText={(r) => [r.contract_no, r.customer_name].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <FunctionField
              render={(r: SaleRecord) => `${r.building_name} ${r.properties.map(unitName).join(', ')} · `}
            />
            <MoneyField source="remaining" currencySource="currency" />
          </>
        }
        tertiaryText={(r) => <SaleStatusChip status={r.status} />}
        rowClick={(id) => `/sales/${id}`}
      >
        <DatagridConfigurable rowClick={(id) => `/sales/${id}`} bulkActionButtons={false} sx={WIDE_TABLE}>
          <TextField source="id" />
          <TextField source="contract_no" />
          <TextField source="customer_name" />
          {/* the status early, so it shows at 1440 px without scrolling */}
          <FunctionField source="status" render={(r: SaleRecord) => <SaleStatusChip status={r.status} />} />
          <TextField source="building_name" sortable={false} />
          <FunctionField
            source="properties"
            sortable={false}
            render={(r: SaleRecord) => r.properties.map(unitName).join(', ')}
          />
          <MoneyField source="price" currencySource="currency" textAlign="right" />
          <MoneyField source="paid_total" currencySource="currency" textAlign="right" />
          <MoneyField source="remaining" currencySource="currency" textAlign="right" sortable={false} />
          <NumberField source="paid_percent" sortable={false} />
          <DateField source="next_due_date" sortable={false} />
          <DateField source="contract_start_date" />
          <TextField source="agent_name" sortable={false} />
          <TextField source="user_name" sortable={false} />
          <DateField source="created_at" />
        </DatagridConfigurable>
      </PhoneCards>
    </List>
  );
}
