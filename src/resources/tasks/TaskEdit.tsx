import {
  AutocompleteInput,
  Create,
  Edit,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useCan } from '../../layout/useCan';
import { DateInput, RecordForm } from '../../widgets';
import { useTaskChoices } from './choices';
import { useTasksChanged } from './shared';

function TaskInputs() {
  const choices = useTaskChoices();
  const can = useCan();
  return (
    <>
      <TextInput source="title" validate={[required(), maxLength(255)]} fullWidth />
      <TextInput source="description" multiline minRows={3} validate={maxLength(5000)} fullWidth />
      <SelectInput source="priority" choices={choices.priorities} defaultValue="normal" validate={required()} />
      <DateInput source="due_date" />
      <SelectInput source="status" choices={choices.statuses} defaultValue="open" validate={required()} />
      <SelectInput source="assignee_id" choices={choices.people} emptyText="—" />
      <SelectArrayInput source="participant_ids" choices={choices.people} defaultValue={[]} />
      {can('customers', 'list') && (
        <ReferenceInput source="customer_id" reference="customers" filter={{ shortMode: 1 }} perPage={50}>
          <AutocompleteInput optionText="name" filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
      )}
      {can('sales', 'list') && (
        <ReferenceInput source="sale_id" reference="sales" perPage={20} sort={{ field: 'id', order: 'DESC' }}>
          <AutocompleteInput optionText="contract_no" filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
      )}
    </>
  );
}

/** After a save: the counter is asked again, and the list shows the task. */
function useSaved() {
  const notify = useNotify();
  const redirect = useRedirect();
  const changed = useTasksChanged();
  return {
    onSuccess: () => {
      changed();
      notify('tasks.saved', { type: 'success' });
      redirect('list', 'tasks');
    },
    onError: (error: unknown) =>
      notify(error instanceof Error && error.message ? error.message : 'app.error', { type: 'error' }),
  };
}

export function TaskCreate() {
  const translate = useTranslate();
  const saved = useSaved();
  return (
    <Create resource="tasks" title={translate('tasks.new')} mutationOptions={saved}>
      <SimpleForm>
        <TaskInputs />
      </SimpleForm>
    </Create>
  );
}

export function TaskEdit() {
  const saved = useSaved();
  return (
    <Edit resource="tasks" mutationMode="pessimistic" mutationOptions={saved}>
      <RecordForm>
        <TaskInputs />
      </RecordForm>
    </Edit>
  );
}
