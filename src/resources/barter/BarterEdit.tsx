import { useMemo, useState } from 'react';
import { Box, MenuItem, TextField as MuiTextField } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CURRENCIES } from '../../../domain/money';
import { DateInput, nameRule, RecordForm } from '../../widgets';
import { unitName, type BarterRecord, type BarterUnit } from './types';

const currencies = CURRENCIES.map((c) => ({ id: c, name: c }));
const customerName = (c: { name?: string; name_ka?: string }) => c.name ?? c.name_ka ?? '';

/** Only the fields the server takes; the names and units the show page uses stay behind. */
const formFields = (data: Record<string, unknown>) => ({
  counterparty: data.counterparty,
  customer_id: data.customer_id ?? null,
  description: data.description ?? null,
  value: data.value,
  currency: data.currency,
  agreed_on: data.agreed_on,
  property_ids: data.property_ids ?? [],
});

/** The units picker: a complex first, then its free units (and the deal's own units, when editing). */
function UnitsPicker() {
  const translate = useTranslate();
  const record = useRecordContext<BarterRecord>();
  const [buildingId, setBuildingId] = useState<number | ''>(record?.units[0]?.building_id ?? '');
  const { data: complexes = [] } = useGetList('buildings', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data: free = [] } = useGetList<BarterUnit>(
    'properties',
    {
      filter: { status: 'free', building_id: buildingId },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'no', order: 'ASC' },
    },
    { enabled: buildingId !== '' },
  );
  const choices = useMemo(() => {
    const own = record?.units ?? [];
    const all = [...own, ...free.filter((u) => !own.some((o) => o.id === u.id))];
    return all.map((u) => ({ id: u.id, name: unitName(u) }));
  }, [free, record]);
  return (
    <>
      <MuiTextField
        select
        size="small"
        label={translate('barter.pick_complex')}
        value={buildingId}
        onChange={(e) => setBuildingId(Number(e.target.value))}
        sx={{ minWidth: 280, mb: 2 }}
      >
        {complexes.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </MuiTextField>
      <Box sx={{ width: '100%' }}>
        <AutocompleteArrayInput source="property_ids" choices={choices} validate={required()} fullWidth />
      </Box>
    </>
  );
}

function BarterInputs() {
  return (
    <>
      <TextInput source="counterparty" validate={[required(), nameRule]} fullWidth />
      <ReferenceInput source="customer_id" reference="customers">
        <AutocompleteInput optionText={customerName} filterToQuery={(query) => ({ query })} fullWidth />
      </ReferenceInput>
      <NumberInput source="value" validate={required()} min={0} />
      <SelectInput source="currency" choices={currencies} validate={required()} />
      <DateInput source="agreed_on" validate={required()} />
      <TextInput source="description" multiline minRows={2} fullWidth />
      <UnitsPicker />
    </>
  );
}

export function BarterCreate() {
  return (
    <Create transform={formFields} redirect="show">
      <SimpleForm defaultValues={{ currency: 'USD', property_ids: [] }}>
        <BarterInputs />
      </SimpleForm>
    </Create>
  );
}

export function BarterEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={formFields} redirect="show">
      <RecordForm>
        <BarterInputs />
      </RecordForm>
    </Edit>
  );
}
