import { businessToday } from '../../../domain/businessDay';
import { Box } from '@mui/material';
import { AutocompleteInput, Create, ReferenceInput, required, SimpleForm, TextInput, useGetOne } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DateInput } from '../../widgets';
import { FreeUnitPicker } from '../../widgets/FreeUnitPicker';

const requiredField = required('validation.required');
const today = businessToday;
const notBeforeToday = (value: unknown) =>
  typeof value === 'string' && value && value < today() ? 'deals.hold_in_past' : undefined;
const inDays = (n: number) => businessToday(new Date(Date.now() + n * 86_400_000));

/** Only what the server takes: the complex picker just narrows the units. */
const formFields = ({ property_id, customer_id, hold_until, note }: Record<string, unknown>) => ({
  property_id,
  customer_id,
  hold_until,
  note: note || null,
});

/** /reservation/create: holds a free unit for a customer until a date (prefilled from ?property_id=). */
export function ReservationCreate() {
  const [params] = useSearchParams();
  const propertyId = Number(params.get('property_id')) || undefined;
  const { data: unit, isPending } = useGetOne<{ id: number; building_id: number }>(
    'properties',
    { id: propertyId! },
    { enabled: Boolean(propertyId) },
  );
  if (propertyId && isPending) return null;
  return (
    <Create resource="pre-sale-bookings" transform={formFields} redirect={() => '/reservation'}>
      <SimpleForm defaultValues={{ building_id: unit?.building_id, property_id: unit?.id, hold_until: inDays(7) }}>
        <Box sx={{ width: '100%', maxWidth: 700 }}>
          <FreeUnitPicker />
          <ReferenceInput source="customer_id" reference="customers" filter={{ shortMode: 1 }} perPage={50}>
            <AutocompleteInput
              optionText="name"
              validate={requiredField}
              fullWidth
              filterToQuery={(search) => ({ q: search })}
            />
          </ReferenceInput>
          <DateInput source="hold_until" validate={[requiredField, notBeforeToday]} />
          <TextInput source="note" multiline minRows={2} fullWidth />
        </Box>
      </SimpleForm>
    </Create>
  );
}
