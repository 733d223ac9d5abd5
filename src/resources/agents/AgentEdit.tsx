import {
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  SimpleForm,
  TextInput,
  email,
  maxLength,
  regex,
  required,
} from 'react-admin';
import { ibanError } from '../../../domain/iban';
import { PERSONAL_NUMBER_PATTERN } from '../../../domain/validation';
import { nameRule, percentRule, phoneRule, websiteRule, RecordForm } from '../../widgets';

const ibanCheck = (value: unknown) => (typeof value === 'string' && value.trim() ? ibanError(value) : undefined);

function AgentInputs() {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(255), nameRule]} fullWidth />
      <TextInput source="personal_number" validate={regex(PERSONAL_NUMBER_PATTERN, 'validation.personal_number')} />
      <TextInput source="phone" validate={[maxLength(50), phoneRule]} />
      <TextInput source="email" validate={email('validation.invalid_email')} />
      <TextInput source="website" validate={websiteRule} fullWidth />
      <NumberInput source="fee_percent" validate={percentRule} />
      <TextInput source="iban" validate={ibanCheck} fullWidth />
      <TextInput source="note" multiline fullWidth validate={maxLength(2000)} />
      <BooleanInput source="active" defaultValue />
    </>
  );
}

export function AgentCreate() {
  return (
    <Create redirect="show">
      <SimpleForm>
        <AgentInputs />
      </SimpleForm>
    </Create>
  );
}

export function AgentEdit() {
  return (
    <Edit redirect="show" mutationMode="pessimistic">
      <RecordForm>
        <AgentInputs />
      </RecordForm>
    </Edit>
  );
}
