import { Chip } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { BOOKING_STATUSES } from '../../../domain/deals';
import { useCan } from '../../layout/useCan';
import {
  DateField,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  MoneyField,
  Paginator,
  PhoneCards,
  EmptyList,
  type ExportColumn,
} from '../../widgets';

interface BookingRow {
  id: number;
  building_name: string;
  property_no: string;
  customer_name: string;
  status: string;
}

export function BookingStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : 'default'}
      label={translate(`deals.booking_status.${status}`, { _: status })}
      data-status={status}
    />
  );
}

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  const exportColumns: ExportColumn<{ status: string }>[] = [
    { source: 'id', kind: 'number' },
    { source: 'building_name' },
    { source: 'property_no' },
    { source: 'customer_name' },
    { source: 'period_from', kind: 'date' },
    { source: 'period_to', kind: 'date' },
    { source: 'price', kind: 'money', currencySource: 'currency' },
    { source: 'paid' },
    { source: 'status', value: (r) => translate(`deals.booking_status.${r.status}`, { _: r.status }) },
  ];
  return (
    <TopToolbar>
      {can('bookings', 'create') && <CreateButton />}
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** /bookings: the bookings of the complexes the user may see. */
export function BookingList() {
  const translate = useTranslate();
  const can = useCan();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      choices={BOOKING_STATUSES.map((id) => ({ id, name: translate(`deals.booking_status.${id}`) }))}
      alwaysOn
    />,
    <ReferenceInput
      key="building"
      source="building_id"
      reference="buildings"
      perPage={1000}
      sort={{ field: 'name', order: 'ASC' }}
      alwaysOn
    >
      <SelectInput optionText="name" />
    </ReferenceInput>,
  ];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList mayCreate={can('bookings', 'create')} />}
    >
      <PhoneCards<BookingRow>
        primaryText={(r) => `${r.building_name} · ${r.property_no}`}
        secondaryText={
          <>
            <FunctionField render={(r: BookingRow) => `${r.customer_name} · `} />
            <DateField source="period_from" /> – <DateField source="period_to" />
          </>
        }
        tertiaryText={(r) => <BookingStatusChip status={r.status} />}
        rowClick="show"
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="building_name" />
          <TextField source="property_no" />
          <TextField source="customer_name" />
          <DateField source="period_from" />
          <DateField source="period_to" />
          <MoneyField source="price" currencySource="currency" textAlign="right" />
          <BooleanField source="paid" />
          <FunctionField source="status" render={(r: { status: string }) => <BookingStatusChip status={r.status} />} />
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
