import { useId } from 'react';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  List,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import type { DueInstallment } from '../../../domain/contracts/paymentSchedules';
import { INSTALLMENT_STATUSES } from '../../../domain/ledger';
import { useCan } from '../../layout/useCan';
import { useAppData } from '../../providers/useAppData';
import {
  DateField,
  DateRangeInput,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  MoneyField,
  NumberField,
  Paginator,
  PhoneCards,
  useLocaleFormat,
  WIDE_TABLE,
  type ExportColumn,
} from '../../widgets';
import { CURRENCY_CHOICES } from '../../widgets/choices';
import { STATUS_COLOR } from '../sales/choices';
import { ResponsibleManagerInput } from '../users/ResponsibleManagerInput';

const statusLabel = (status: string) => `payment_schedules.status.${status}`;

function useFilters() {
  const translate = useTranslate();
  const can = useCan();
  const statuses = INSTALLMENT_STATUSES.map((id) => ({ id, name: translate(statusLabel(id)) }));
  return [
    <SearchInput key="query" source="query" alwaysOn />,
    <DateRangeInput key="due" source="due" resource="payment-schedules" alwaysOn />,
    <SelectArrayInput key="statuses" source="statuses" choices={statuses} alwaysOn sx={{ minWidth: 160 }} />,
    <ReferenceArrayInput
      key="building_ids"
      source="building_ids"
      reference="buildings"
      perPage={1000}
      sort={{ field: 'name', order: 'ASC' }}
      alwaysOn
    >
      <SelectArrayInput
        optionText="name"
        label="resources.payment-schedules.fields.building_ids"
        sx={{ minWidth: 180 }}
      />
    </ReferenceArrayInput>,
    <SelectArrayInput
      key="currencies"
      source="currencies"
      choices={CURRENCY_CHOICES}
      alwaysOn
      sx={{ minWidth: 120 }}
    />,
    ...(can('customers', 'list')
      ? [
          <ReferenceInput key="customer_id" source="customer_id" reference="customers" perPage={50}>
            <AutocompleteInput
              optionText="name"
              label="resources.payment-schedules.fields.customer_id"
              filterToQuery={(q) => ({ q })}
              sx={{ minWidth: 220 }}
            />
          </ReferenceInput>,
        ]
      : []),
    <ResponsibleManagerInput key="user_id" source="user_id" />,
  ];
}

function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      label={translate(statusLabel(status))}
      data-status={status}
    />
  );
}

/** The filtered installments summed per currency (GET /payment-schedules/totals). */
function TotalsStrip() {
  const provider = useAppData();
  const translate = useTranslate();
  const { amount } = useLocaleFormat();
  const { filterValues } = useListContext();
  const titleId = useId();
  const { data } = useQuery({
    queryKey: ['payment-schedules', 'totals', filterValues],
    queryFn: () => provider.dueTotals(filterValues),
  });
  if (!data) return null;
  const f = (name: string) => translate(`resources.payment-schedules.fields.${name}`);
  const count = data.by_currency.reduce((sum, row) => sum + row.count, 0);
  return (
    <Paper variant="outlined" sx={{ mx: 1, mb: 1, p: 1.5 }} role="group" aria-labelledby={titleId}>
      <Stack direction="row" gap={4} flexWrap="wrap" alignItems="center">
        <Typography variant="subtitle2" id={titleId}>
          {translate('payment_schedules.totals', { count })}
        </Typography>
        {data.by_currency.map((row) => (
          <Box key={row.currency} role="group" aria-label={row.currency}>
            <Typography variant="caption" color="text.secondary" component="div">
              {row.currency} · {row.count}
            </Typography>
            <Typography variant="body2" component="div">
              {f('amount')}: {amount(row.amount)} · {f('paid')}: {amount(row.paid)} · {f('remaining')}:{' '}
              {amount(row.remaining)} ·{' '}
              <Box component="span" sx={{ color: row.late > 0 ? 'error.main' : undefined }}>
                {translate('payment_schedules.late')}: {amount(row.late)}
              </Box>
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

function Actions() {
  const translate = useTranslate();
  const columns: ExportColumn<DueInstallment>[] = [
    { source: 'due_date', kind: 'date' },
    { source: 'contract_no' },
    { source: 'number', kind: 'number' },
    { source: 'customer_name' },
    { source: 'building_name' },
    { source: 'amount', kind: 'money', currencySource: 'currency' },
    { source: 'paid', kind: 'money', currencySource: 'currency' },
    { source: 'remaining', kind: 'money', currencySource: 'currency' },
    { source: 'status', value: (r) => translate(statusLabel(r.status)) },
    { source: 'days_late', kind: 'number' },
    { source: 'user_name' },
  ];
  return (
    <TopToolbar>
      <ExcelExportButton columns={columns} />
    </TopToolbar>
  );
}

/**
 * Every installment of the sales the user may see: what falls due, what is late, totals per currency;
 * a row opens its sale.
 */
export function PaymentScheduleList() {
  const translate = useTranslate();
  const { amount } = useLocaleFormat();
  const openSale = (_id: unknown, _resource: unknown, record: unknown) =>
    `/sales/${(record as DueInstallment).sale_id}`;
  return (
    <List
      filters={useFilters()}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'due_date', order: 'ASC' }}
      empty={false}
    >
      <TotalsStrip />
      <PhoneCards<DueInstallment>
        primaryText={(r) => [`${r.contract_no} №${r.number}`, r.customer_name].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <DateField source="due_date" />
            <FunctionField<DueInstallment>
              render={(r) =>
                ` · ${translate('resources.payment-schedules.fields.remaining')}: ${amount(r.remaining, r.currency)}`
              }
            />
          </>
        }
        tertiaryText={(r) => <StatusChip status={r.status} />}
        rowClick={openSale}
      >
        <Datagrid rowClick={openSale} bulkActionButtons={false} sx={WIDE_TABLE}>
          <DateField source="due_date" />
          <TextField source="contract_no" />
          <NumberField source="number" />
          <TextField source="customer_name" sortable={false} />
          <TextField source="building_name" sortable={false} />
          <MoneyField source="amount" currencySource="currency" textAlign="right" />
          <MoneyField source="paid" currencySource="currency" textAlign="right" />
          <MoneyField source="remaining" currencySource="currency" textAlign="right" sortable={false} />
          <FunctionField
            source="status"
            sortable={false}
            render={(r: DueInstallment) => <StatusChip status={r.status} />}
          />
          <NumberField source="days_late" sortable={false} />
          <TextField source="user_name" sortable={false} />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
