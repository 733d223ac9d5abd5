import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import {
  FunctionField,
  SelectArrayInput,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PreSaleBooking } from '../../../domain/contracts/deals';
import { PRE_SALE_BOOKING_STATUSES, type PreSaleBookingStatus } from '../../../domain/deals';
import { useCan } from '../../layout/useCan';
import { DateField, DealList, DeleteWithConfirmButton, type ExportColumn } from '../../widgets';
import { ReservationStatusChip } from '../../resources/preSaleBookings/ReservationStatusChip';
import { RESERVE_PATH } from '../../resources/preSaleBookings/paths';
import { useAppData } from '../../providers/useAppData';
import { sellReservationPath } from '../../resources/sales';

/** A reservation as the list shows it: what GET /pre-sale-bookings answers. */
export type ReservationRow = PreSaleBooking;

/**
 * The buttons of the changes the status table allows from here (approve, reject, …), and `children` (the delete) in
 * the same row, which wraps as a whole.
 */
export function StatusActions({ record: given, children }: { record?: ReservationRow; children?: ReactNode }) {
  const record = useRecordContext<ReservationRow>({ record: given });
  const provider = useAppData();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = useCan();
  const navigate = useNavigate();
  if (!record) return null;
  // a reservation becomes a sale by the sale itself: its form, filled in from the reservation
  const convert = () => navigate(sellReservationPath(record.id));
  const shown = can('pre-sale-bookings', 'edit')
    ? record.next_statuses.filter((status) => status !== 'converted' || can('sales', 'create'))
    : [];
  if (!shown.length && !children) return null;
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
    <Stack component="span" direction="row" flexWrap="wrap" gap={0.5} onClick={(e) => e.stopPropagation()}>
      {shown.map((status) => (
        <Button
          key={status}
          size="small"
          variant="outlined"
          color={status === 'rejected' ? 'error' : 'primary'}
          onClick={() => (status === 'converted' ? convert() : void change(status))}
        >
          {translate(`deals.action.${status}`)}
        </Button>
      ))}
      {children}
    </Stack>
  );
}

/** /reservation: the pre-sale bookings of the complexes the user may see, with their status and what may come next. */
export function ReservationList() {
  const translate = useTranslate();
  const can = useCan();
  const exportColumns: ExportColumn<ReservationRow>[] = [
    { source: 'id', kind: 'number' },
    { source: 'building_name' },
    { source: 'property_no' },
    { source: 'customer_name' },
    { source: 'hold_until', kind: 'date' },
    { source: 'status', value: (r) => translate(`deals.status.${r.status}`, { _: r.status }) },
    { source: 'note' },
  ];
  return (
    <DealList<ReservationRow>
      resource="pre-sale-bookings"
      statusInput={
        <SelectArrayInput
          key="status"
          source="status"
          choices={PRE_SALE_BOOKING_STATUSES.map((id) => ({ id, name: translate(`deals.status.${id}`) }))}
          alwaysOn
        />
      }
      exportColumns={exportColumns}
      createTo={RESERVE_PATH}
      dates={<DateField source="hold_until" />}
      statusChip={(status) => <ReservationStatusChip status={status} />}
      rowClick={(id) => `/reservation/${id}`}
      actions={
        <StatusActions>
          {can('pre-sale-bookings', 'delete') && <DeleteWithConfirmButton redirect={false} />}
        </StatusActions>
      }
    >
      <DateField source="hold_until" />
      <FunctionField source="status" render={(r: ReservationRow) => <ReservationStatusChip status={r.status} />} />
      <TextField source="note" />
    </DealList>
  );
}
