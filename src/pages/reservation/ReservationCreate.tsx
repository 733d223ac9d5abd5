import { useEffect, useRef } from 'react';
import { Box, Stack } from '@mui/material';
import { AutocompleteInput, Create, ReferenceInput, required, SelectInput, SimpleForm, TextInput, useGetOne, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { DateInput, toIsoDay } from '../../widgets';

const requiredField = required('validation.required');
const today = () => toIsoDay(new Date()) ?? '';
const notBeforeToday = (value: unknown) => (typeof value === 'string' && value && value < today() ? 'deals.hold_in_past' : undefined);
const inDays = (n: number) => toIsoDay(new Date(Date.now() + n * 86_400_000)) ?? undefined;

/** Only what the server takes: the complex picker just narrows the units. */
const formFields = ({ property_id, customer_id, hold_until, note }: Record<string, unknown>) => ({ property_id, customer_id, hold_until, note: note || null });

/** A complex, then one of its free units; another complex clears the unit. */
function UnitPicker() {
  const translate = useTranslate();
  const buildingId = useWatch({ name: 'building_id' });
  const { setValue } = useFormContext();
  const previous = useRef(buildingId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== buildingId) setValue('property_id', null, { shouldDirty: true });
    previous.current = buildingId;
  }, [buildingId, setValue]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
      <ReferenceInput source="building_id" reference="buildings" perPage={1000} sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" label="deals.complex" validate={requiredField} fullWidth />
      </ReferenceInput>
      <ReferenceInput source="property_id" reference="properties" filter={{ status: 'free', building_id: buildingId || undefined }} sort={{ field: 'no', order: 'ASC' }} perPage={50} enableGetChoices={() => Boolean(buildingId)}>
        <AutocompleteInput
          optionText="no"
          label="deals.free_unit"
          disabled={!buildingId}
          helperText={buildingId ? false : translate('deals.pick_complex_first')}
          validate={requiredField}
          fullWidth
          filterToQuery={(search) => ({ q: search })}
        />
      </ReferenceInput>
    </Stack>
  );
}

/** /reservation/create: holds a free unit for a customer until a date (prefilled from ?property_id=). */
export function ReservationCreate() {
  const [params] = useSearchParams();
  const propertyId = Number(params.get('property_id')) || undefined;
  const { data: unit, isPending } = useGetOne<{ id: number; building_id: number }>('properties', { id: propertyId! }, { enabled: Boolean(propertyId) });
  if (propertyId && isPending) return null;
  return (
    <Create resource="pre-sale-bookings" transform={formFields} redirect={() => '/reservation'}>
      <SimpleForm defaultValues={{ building_id: unit?.building_id, property_id: unit?.id, hold_until: inDays(7) }}>
        <Box sx={{ width: '100%', maxWidth: 700 }}>
          <UnitPicker />
          <ReferenceInput source="customer_id" reference="customers" filter={{ shortMode: 1 }} perPage={50}>
            <AutocompleteInput optionText="name" validate={requiredField} fullWidth filterToQuery={(search) => ({ q: search })} />
          </ReferenceInput>
          <DateInput source="hold_until" validate={[requiredField, notBeforeToday]} />
          <TextInput source="note" multiline minRows={2} fullWidth />
        </Box>
      </SimpleForm>
    </Create>
  );
}
