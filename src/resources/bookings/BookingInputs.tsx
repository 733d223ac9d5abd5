import { Box, Stack } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BOOKING_STATUSES } from '../../../domain/deals';
import { CURRENCIES } from '../../../domain/money';
import { DateInput } from '../../widgets';
import { FreeUnitPicker } from '../../widgets/FreeUnitPicker';

const requiredField = required('validation.required');
const notNegative = minValue(0, 'units.not_negative');
const periodInOrder = (value: unknown, values: Record<string, unknown>) =>
  typeof value === 'string' &&
  typeof values.period_from === 'string' &&
  value &&
  values.period_from &&
  value < values.period_from
    ? 'deals.period_order'
    : undefined;

/** The booking form, shared by create and edit. */
export function BookingInputs() {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      {/* A new booking picks its unit; a booking keeps its unit. */}
      {!record?.id && <FreeUnitPicker />}
      <ReferenceInput source="customer_id" reference="customers" filter={{ shortMode: 1 }} perPage={50}>
        <AutocompleteInput
          optionText="name"
          validate={requiredField}
          fullWidth
          filterToQuery={(search) => ({ q: search })}
        />
      </ReferenceInput>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <DateInput source="period_from" validate={requiredField} />
        <DateInput source="period_to" validate={[requiredField, periodInOrder]} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <NumberInput source="price" validate={notNegative} fullWidth />
        <SelectInput
          source="currency"
          choices={CURRENCIES.map((id) => ({ id, name: id }))}
          validate={requiredField}
          fullWidth
        />
        {record?.id && (
          <SelectInput
            source="status"
            choices={BOOKING_STATUSES.map((id) => ({ id, name: translate(`deals.booking_status.${id}`) }))}
            fullWidth
          />
        )}
      </Stack>
      <BooleanInput source="paid" />
      <TextInput source="note" multiline minRows={2} fullWidth />
    </Box>
  );
}
