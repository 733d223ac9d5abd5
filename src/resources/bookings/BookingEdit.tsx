import { Create, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useCan } from '../../layout/useCan';
import { DeleteWithConfirmButton, RecordForm } from '../../widgets';
import { BookingInputs } from './BookingInputs';

const createFields = ({
  property_id,
  customer_id,
  period_from,
  period_to,
  price,
  currency,
  paid,
  note,
}: Record<string, unknown>) => ({
  property_id,
  customer_id,
  period_from,
  period_to,
  price: price ?? 0,
  currency,
  paid: Boolean(paid),
  note: note || null,
});
const editFields = ({
  customer_id,
  period_from,
  period_to,
  price,
  currency,
  paid,
  note,
  status,
}: Record<string, unknown>) => ({
  customer_id,
  period_from,
  period_to,
  price: price ?? 0,
  currency,
  paid: Boolean(paid),
  note: note || null,
  status,
});

function EditToolbar() {
  const can = useCan();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {can('bookings', 'delete') && <DeleteWithConfirmButton />}
    </Toolbar>
  );
}

export function BookingEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={editFields} redirect="show">
      <RecordForm toolbar={<EditToolbar />}>
        <BookingInputs />
      </RecordForm>
    </Edit>
  );
}

export function BookingCreate() {
  return (
    <Create transform={createFields} redirect="show">
      <SimpleForm defaultValues={{ currency: 'USD', paid: false, price: 0 }}>
        <BookingInputs />
      </SimpleForm>
    </Create>
  );
}
