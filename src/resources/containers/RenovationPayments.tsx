import { useId } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  Datagrid,
  FunctionField,
  List,
  ReferenceArrayInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { ContainerPayment } from '../../../domain/contracts/containers';
import { useAppData } from '../../providers/useAppData';
import {
  DateField,
  DateInput,
  DEFAULT_PER_PAGE,
  EmptyList,
  ExcelExportButton,
  MoneyField,
  NumberField,
  Paginator,
  PhoneCards,
  RATE_DECIMALS,
  type ExportColumn,
  useLocaleFormat,
} from '../../widgets';
import { CURRENCY_CHOICES } from '../../widgets/choices';
import { isIsoDay } from '../../../domain/dateFormats';
import { VoidedChip } from '../payments';

/** The filter as the API takes it: a date still being typed is not a filter yet. */
const apiFilter = (filter: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(filter).filter(([key, value]) => !key.startsWith('paid_on_') || isIsoDay(String(value ?? ''))),
  );

/** A row opens its container, or its sale when the payment has none. */
const openPayment = (_id: Identifier, _resource: string, record: RaRecord) => {
  const payment = record as ContainerPayment;
  return payment.container_id ? `/service-containers/${payment.container_id}/show` : `/sales/${payment.sale_id}/show`;
};

/** The list's columns as the Excel export writes them. */
const EXPORT_COLUMNS: ExportColumn<ContainerPayment>[] = [
  { source: 'paid_on', kind: 'date' },
  { source: 'contract_no' },
  { source: 'customer_name' },
  { source: 'building_name' },
  { source: 'amount', kind: 'money', currencySource: 'currency' },
  { source: 'rate', kind: 'number' },
  { source: 'credited', kind: 'money', currencySource: 'sale_currency' },
  { source: 'note' },
  { source: 'created_by_name' },
];

/** What was received per currency over every page of the filter, and the export of all its rows. */
function TotalsAndExport() {
  const { amount: formatAmount } = useLocaleFormat();
  const { filterValues } = useListContext();
  const provider = useAppData();
  const translate = useTranslate();
  const titleId = useId();
  const filter = apiFilter(filterValues);
  const { data } = useQuery({
    queryKey: ['renovationTotals', filter],
    queryFn: () => provider.renovationPayments(filter, 1, 1),
  });
  const totals = data?.meta.totals ?? [];
  return (
    <Stack
      direction="row"
      gap={1}
      alignItems="center"
      flexWrap="wrap"
      sx={{ px: 2, py: 1 }}
      role="group"
      aria-labelledby={titleId}
    >
      <Typography variant="subtitle2" id={titleId}>
        {translate('containers.totals')}:
      </Typography>
      {totals.length === 0 && <Typography variant="body2">—</Typography>}
      {totals.map((t) => (
        <Chip key={t.currency} label={`${formatAmount(t.amount, t.currency)} (${t.count})`} />
      ))}
      <Stack sx={{ ml: 'auto' }}>
        <ExcelExportButton columns={EXPORT_COLUMNS} filename="service-payments" />
      </Stack>
    </Stack>
  );
}

/** /services/payments: every renovation payment the user sees; a row opens its container. */
export function RenovationPayments() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
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
        label="resources.renovation-payments.fields.building_ids"
        sx={{ minWidth: 200 }}
      />
    </ReferenceArrayInput>,
    <SelectInput key="currency" source="currency" choices={CURRENCY_CHOICES} alwaysOn />,
    <DateInput key="paid_on_from" source="paid_on_from" alwaysOn />,
    <DateInput key="paid_on_to" source="paid_on_to" alwaysOn />,
  ];
  return (
    <>
      <List
        resource="renovation-payments"
        filters={filters}
        actions={<TopToolbar />}
        pagination={<Paginator />}
        perPage={DEFAULT_PER_PAGE}
        sort={{ field: 'paid_on', order: 'DESC' }}
        empty={<EmptyList />}
        disableSyncWithLocation
        title={translate('resources.renovation-payments.name', { smart_count: 2 })}
      >
        <TotalsAndExport />
        <PhoneCards<ContainerPayment>
          primaryText={(r) => [r.contract_no, r.customer_name].filter(Boolean).join(' · ')}
          secondaryText={
            <>
              <DateField source="paid_on" />
              <FunctionField render={(r: ContainerPayment) => (r.building_name ? ` · ${r.building_name}` : '')} />
            </>
          }
          tertiaryText={(r) => (
            <>
              <MoneyField source="amount" currencySource="currency" />
              <VoidedChip voided={r.voided} />
            </>
          )}
          rowClick={openPayment}
        >
          <Datagrid rowClick={openPayment} bulkActionButtons={false}>
            <DateField source="paid_on" />
            <TextField source="contract_no" sortable={false} />
            <TextField source="customer_name" sortable={false} />
            <TextField source="building_name" sortable={false} />
            <MoneyField source="amount" currencySource="currency" textAlign="right" />
            <NumberField source="rate" options={RATE_DECIMALS} textAlign="right" sortable={false} />
            <MoneyField source="credited" currencySource="sale_currency" textAlign="right" sortable={false} />
            <FunctionField
              source="note"
              sortable={false}
              render={(r: ContainerPayment) => (
                <>
                  {r.note}
                  <VoidedChip voided={r.voided} />
                </>
              )}
            />
            <TextField source="created_by_name" sortable={false} />
          </Datagrid>
        </PhoneCards>
      </List>
    </>
  );
}
