import { Create, Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { isInDeal } from '../../../domain/inventory';
import { DeleteWithConfirmButton, RecordForm } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { PropertyInputs } from './PropertyInputs';
import { CustomFieldInputs } from '../customFields/CustomFieldInputs';

/** Only what the form edits goes to the server: the names and split history it shows are not fields. */
const formFields = (data: Record<string, unknown>) => {
  const {
    building_name: _b,
    block_name: _k,
    feature_list: _f,
    parts: _p,
    parent: _r,
    archived: _a,
    archived_at: _aa,
    created_at: _c,
    updated_at: _u,
    parent_id: _pi,
    id: _id,
    ...fields
  } = data;
  return fields;
};

function EditToolbar() {
  const can = useCan();
  const record = useRecordContext<{ status: string }>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {can('properties', 'delete') && record && !isInDeal(record.status) && <DeleteWithConfirmButton />}
    </Toolbar>
  );
}

export function PropertyEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={formFields} redirect="show">
      <RecordForm toolbar={<EditToolbar />}>
        <PropertyInputs />
        <CustomFieldInputs recordKind="unit" />
      </RecordForm>
    </Edit>
  );
}

export function PropertyCreate() {
  return (
    <Create transform={formFields} redirect="show">
      <SimpleForm
        defaultValues={{ type: 'apartment', state: 'black_frame', status: 'free', currency: 'USD', features: [] }}
      >
        <PropertyInputs />
        <CustomFieldInputs recordKind="unit" />
      </SimpleForm>
    </Create>
  );
}
