import {
  AutocompleteInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { CURRENCIES } from '../../../domain/money';
import { DateInput, RecordForm } from '../../widgets';

const currencies = CURRENCIES.map((c) => ({ id: c, name: c }));
const customerName = (c: { name?: string; name_ka?: string }) => c.name ?? c.name_ka ?? '';
const unitName = (u: { building_name?: string; block_name?: string | null; no?: string }) =>
  [u.building_name, u.block_name, `№${u.no}`].filter(Boolean).join(', ');

const formFields = (data: Record<string, unknown>) => ({
  customer_id: data.customer_id,
  property_id: data.property_id ?? null,
  amount: data.amount,
  currency: data.currency,
  paid_on: data.paid_on,
  note: data.note ?? null,
});

function Inputs() {
  return (
    <>
      <ReferenceInput source="customer_id" reference="customers">
        <AutocompleteInput
          optionText={customerName}
          filterToQuery={(query) => ({ query })}
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <ReferenceInput source="property_id" reference="properties">
        <AutocompleteInput optionText={unitName} filterToQuery={(no) => (no ? { no } : {})} fullWidth />
      </ReferenceInput>
      <NumberInput source="amount" validate={required()} min={0} />
      <SelectInput source="currency" choices={currencies} validate={required()} />
      <DateInput source="paid_on" validate={required()} />
      <TextInput source="note" multiline minRows={2} fullWidth />
    </>
  );
}

export function AdvancePaymentCreate() {
  return (
    <Create transform={formFields} redirect="list">
      <SimpleForm defaultValues={{ currency: 'GEL' }}>
        <Inputs />
      </SimpleForm>
    </Create>
  );
}

export function AdvancePaymentEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={formFields} redirect="list">
      <RecordForm>
        <Inputs />
      </RecordForm>
    </Edit>
  );
}
