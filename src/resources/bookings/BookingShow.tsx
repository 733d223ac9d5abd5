import {
  BooleanField,
  EditButton,
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { Comments } from '../../widgets/Comments';
import { useCan } from '../../layout/useCan';
import { DateField, MoneyField } from '../../widgets';
import { BookingStatusChip } from './BookingList';

function Actions() {
  const can = useCan();
  return <TopToolbar>{can('bookings', 'edit') && <EditButton />}</TopToolbar>;
}

function BookingComments() {
  const record = useRecordContext<{ id: number }>();
  return record ? <Comments model="booking" modelId={record.id} /> : null;
}

export function BookingShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="building_name" />
        <TextField source="block_name" />
        <TextField source="property_no" />
        <TextField source="customer_name" />
        <DateField source="period_from" />
        <DateField source="period_to" />
        <MoneyField source="price" currencySource="currency" />
        <BooleanField source="paid" />
        <FunctionField source="status" render={(r: { status: string }) => <BookingStatusChip status={r.status} />} />
        <TextField source="note" />
        <DateField source="created_at" />
        <BookingComments />
      </SimpleShowLayout>
    </Show>
  );
}
