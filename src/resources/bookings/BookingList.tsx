import { Chip } from '@mui/material';
import { BooleanField, FunctionField, SelectInput, useTranslate } from 'react-admin';
import { BOOKING_STATUSES } from '../../../domain/deals';
import { DateField, DealList, MoneyField, type DealRow, type ExportColumn } from '../../widgets';

interface BookingRow extends DealRow {
  building_name: string;
  customer_name: string;
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

/** /bookings: the bookings of the complexes the user may see. */
export function BookingList() {
  const translate = useTranslate();
  const exportColumns: ExportColumn<BookingRow>[] = [
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
    <DealList<BookingRow>
      resource="bookings"
      statusInput={
        <SelectInput
          key="status"
          source="status"
          choices={BOOKING_STATUSES.map((id) => ({ id, name: translate(`deals.booking_status.${id}`) }))}
          alwaysOn
        />
      }
      exportColumns={exportColumns}
      dates={
        <>
          <DateField source="period_from" /> – <DateField source="period_to" />
        </>
      }
      statusChip={(status) => <BookingStatusChip status={status} />}
      rowClick="show"
    >
      <DateField source="period_from" />
      <DateField source="period_to" />
      <MoneyField source="price" currencySource="currency" textAlign="right" />
      <BooleanField source="paid" />
      <FunctionField source="status" render={(r: { status: string }) => <BookingStatusChip status={r.status} />} />
    </DealList>
  );
}
