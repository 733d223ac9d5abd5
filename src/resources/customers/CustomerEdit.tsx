import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Grid } from '@mui/material';
import { DateInput, DeleteWithConfirmButton, nameRule, phoneRule, websiteRule, RecordForm } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { CustomFieldInputs } from '../customFields/CustomFieldInputs';
import { EMAIL_PATTERN, PERSONAL_NUMBER_PATTERN, V } from '../../../domain/validation';
import { useCountries, useCustomerChoices } from './choices';
import { ResponsibleManagerInput } from '../users/ResponsibleManagerInput';

/** The validation rules checked on the form before anything is sent (the server checks them again). */
const requiredName = (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : V.required);
const personalNumberRule = (value: unknown) =>
  typeof value !== 'string' || !value.trim()
    ? V.required
    : PERSONAL_NUMBER_PATTERN.test(value.trim())
      ? undefined
      : V.personalNumber;
const companyCodeRule = (value: unknown) => (typeof value === 'string' && value.trim() ? undefined : V.required);
const emailRule = (value: unknown) =>
  typeof value === 'string' && value.trim() && !EMAIL_PATTERN.test(value.trim()) ? V.invalidEmail : undefined;

/** Only the form's fields go to the server; phones and emails drop empty rows. */
const formFields = (data: Record<string, unknown>) => {
  const {
    id: _id,
    name: _n,
    responsible_user_name: _r,
    created_by: _c,
    created_by_name: _cn,
    created_at: _ca,
    updated_at: _u,
    ...fields
  } = data;
  const clean = (list: unknown) =>
    Array.isArray(list) ? list.filter((v) => typeof v === 'string' && v.trim() !== '') : [];
  return { ...fields, phones: clean(fields.phones), emails: clean(fields.emails) };
};

function CustomerInputs() {
  const type = useWatch({ name: 'type' });
  const { choices: countries } = useCountries();
  const { types, genders } = useCustomerChoices();
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={12}>
        <RadioButtonGroupInput source="type" choices={types} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="name_ka" fullWidth validate={[requiredName, nameRule]} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="name_en" fullWidth validate={nameRule} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput source="name_ru" fullWidth validate={nameRule} />
      </Grid>
      {type === 'company' ? (
        <Grid size={{ xs: 12, md: 4 }}>
          <TextInput source="company_code" fullWidth validate={companyCodeRule} />
        </Grid>
      ) : (
        <>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextInput
              source="personal_number"
              fullWidth
              validate={personalNumberRule}
              slotProps={{ htmlInput: { maxLength: 11, inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SelectInput source="gender" choices={genders} fullWidth emptyText="—" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <DateInput source="birth_date" fullWidth />
          </Grid>
        </>
      )}
      <Grid size={{ xs: 12, md: 6 }}>
        <AutocompleteInput source="country" choices={countries} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <AutocompleteInput source="citizenship" choices={countries} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextInput source="address" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <ResponsibleManagerInput source="responsible_user_id" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ArrayInput source="phones">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="" label={false} validate={phoneRule} />
          </SimpleFormIterator>
        </ArrayInput>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ArrayInput source="emails">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="" label={false} type="email" validate={emailRule} />
          </SimpleFormIterator>
        </ArrayInput>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="website" fullWidth validate={websiteRule} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="info_source" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BooleanInput
          source="no_marketing"
          label="customer_messages.no_marketing_field"
          helperText="customer_messages.no_marketing_help"
        />
      </Grid>
      <Grid size={12}>
        <TextInput source="note" multiline minRows={2} fullWidth />
      </Grid>
    </Grid>
  );
}

function EditToolbar() {
  const can = useCan();
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {can('customers', 'delete') && record && <DeleteWithConfirmButton />}
    </Toolbar>
  );
}

export function CustomerEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={formFields} redirect="show">
      <RecordForm toolbar={<EditToolbar />}>
        <CustomerInputs />
        <CustomFieldInputs recordKind="customer" />
      </RecordForm>
    </Edit>
  );
}

export function CustomerCreate() {
  return (
    <Create transform={formFields} redirect="show">
      <SimpleForm
        defaultValues={{
          type: 'individual',
          country: 'GE',
          citizenship: 'GE',
          phones: [''],
          emails: [],
          no_marketing: false,
        }}
      >
        <CustomerInputs />
        <CustomFieldInputs recordKind="customer" />
      </SimpleForm>
    </Create>
  );
}
