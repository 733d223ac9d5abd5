import { Button, Stack } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PreSaleBooking } from '../../../domain/contracts/deals';
import { PRE_SALE_BOOKING_STATUSES, type PreSaleBookingStatus } from '../../../domain/deals';
import { useCan } from '../../layout/useCan';
import {
  DateField,
  DEFAULT_PER_PAGE,
  DeleteWithConfirmButton,
  ExcelExportButton,
  Paginator,
  PhoneCards,
  EmptyList,
  type ExportColumn,
} from '../../widgets';
import { ReservationStatusChip } from '../../resources/preSaleBookings/ReservationStatusChip';
import { RESERVE_PATH } from '../../resources/preSaleBookings/paths';
import { useAppData } from '../../providers/useAppData';
import { sellReservationPath } from '../../resources/sales';

/** The buttons of the changes the status table allows from here (approve, reject, …). */
export function StatusActions({ record }: { record: PreSaleBooking }) {
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = useCan();
  const navigate = useNavigate();
  if (!can('pre-sale-bookings', 'edit')) return null;
  // a reservation becomes a sale by the sale itself: its form, filled in from the reservation
  const convert = () => navigate(sellReservationPath(record.id));
  const shown = record.next_statuses.filter((status) => status !== 'converted' || can('sales', 'create'));
  const change = async (status: PreSaleBookingStatus) => {
    try {
      await provider.changeReservationStatus(record.id, status);
      notify('deals.status_changed', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    refresh();
  };
  return (
    <Stack direction="row" gap={0.5} onClick={(e) => e.stopPropagation()}>
      {shown.map((status) => (
        <Button
          key={status}
          size="small"
          variant="outlined"
          color={status === 'rejected' ? 'error' : 'primary'}
          onClick={() => (status === 'converted' ? convert() : void change(status))}
          data-testid={`reservation-${status}`}
        >
          {translate(`deals.action.${status}`)}
        </Button>
      ))}
    </Stack>
  );
}

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  const exportColumns: ExportColumn<PreSaleBooking>[] = [
    { source: 'id', kind: 'number' },
    { source: 'building_name' },
    { source: 'property_no' },
    { source: 'customer_name' },
    { source: 'hold_until', kind: 'date' },
    { source: 'status', value: (r) => translate(`deals.status.${r.status}`, { _: r.status }) },
    { source: 'note' },
  ];
  return (
    <TopToolbar>
      {can('pre-sale-bookings', 'create') && <CreateButton to={RESERVE_PATH} />}
      <ExcelExportButton columns={exportColumns} />
    </TopToolbar>
  );
}

/** /reservation: the pre-sale bookings of the complexes the user may see, with their status and what may come next. */
export function ReservationList() {
  const translate = useTranslate();
  const can = useCan();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput
      key="status"
      source="status"
      choices={PRE_SALE_BOOKING_STATUSES.map((id) => ({ id, name: translate(`deals.status.${id}`) }))}
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
      resource="pre-sale-bookings"
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList mayCreate={can('pre-sale-bookings', 'create')} createTo={RESERVE_PATH} />}
      disableSyncWithLocation={false}
    >
      <PhoneCards<PreSaleBooking>
        primaryText={(r) => [r.building_name, r.property_no].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <FunctionField render={(r: PreSaleBooking) => (r.customer_name ? `${r.customer_name} · ` : '')} />
            <DateField source="hold_until" />
          </>
        }
        tertiaryText={(r) => <ReservationStatusChip status={r.status} />}
        rowClick={(id) => `/reservation/${id}`}
      >
        <Datagrid bulkActionButtons={false} rowClick={(id) => `/reservation/${id}`}>
          <TextField source="id" />
          <TextField source="building_name" />
          <TextField source="property_no" />
          <TextField source="customer_name" />
          <DateField source="hold_until" />
          <FunctionField source="status" render={(r: PreSaleBooking) => <ReservationStatusChip status={r.status} />} />
          <TextField source="note" />
          <FunctionField label="" render={(r: PreSaleBooking) => <StatusActions record={r} />} />
          {can('pre-sale-bookings', 'delete') && <DeleteWithConfirmButton redirect={false} />}
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
