import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { CustomField } from '../../../domain/contracts/customFields';
import { useCan } from '../../layout/useCan';
import {
  DEFAULT_PER_PAGE,
  DeleteWithConfirmButton,
  EmptyList,
  Paginator,
  NumberField,
  PhoneCards,
} from '../../widgets';
import { useCustomFieldChoices } from './choices';
import { CustomFieldDialog } from './CustomFieldDialog';

/** "Add a field": the create dialog (a field has no create page of its own). */
function AddFieldButton({ variant }: { variant?: 'contained' }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('custom_fields.add')}
      </Button>
      <CustomFieldDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function Actions() {
  const can = useCan();
  if (!can('custom-fields', 'create')) return <TopToolbar />;
  return (
    <TopToolbar>
      <AddFieldButton />
    </TopToolbar>
  );
}

/** No field yet: what they are for, and (for a user who may) the dialog that adds the first one. */
function NoFields() {
  const can = useCan();
  return <EmptyList>{can('custom-fields', 'create') && <AddFieldButton variant="contained" />}</EmptyList>;
}

function EditFieldButton() {
  const field = useRecordContext<CustomField>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!field) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<EditIcon />}
        onClick={() => setOpen(true)}
        data-testid={`edit-field-${field.name}`}
      >
        {translate('custom_fields.edit')}
      </Button>
      <CustomFieldDialog field={field} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function DeleteFieldButton() {
  const field = useRecordContext<CustomField>();
  const translate = useTranslate();
  if (!field) return null;
  return (
    <DeleteWithConfirmButton
      redirect={false}
      confirmText={
        field.values_count
          ? `${translate('custom_fields.delete_confirm_title', { name: field.name })} ${translate(
              'custom_fields.delete_confirm_content',
              { count: field.values_count },
            )}`
          : translate('custom_fields.delete_confirm_title', { name: field.name })
      }
    />
  );
}

/** /templates/custom-fields: the fields a developer added to its records, their placeholders and types. */
export function CustomFieldList() {
  const can = useCan();
  const translate = useTranslate();
  const { types, recordKinds } = useCustomFieldChoices();
  const canEdit = can('custom-fields', 'edit');
  const canDelete = can('custom-fields', 'delete');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="record_kind" source="record_kind" choices={recordKinds} alwaysOn />,
    <SelectInput key="type" source="type" choices={types} />,
  ];
  return (
    <List
      resource="custom-fields"
      title={translate('custom_fields.title')}
      filters={filters}
      actions={<Actions />}
      perPage={DEFAULT_PER_PAGE}
      pagination={<Paginator />}
      sort={{ field: 'id', order: 'ASC' }}
      disableSyncWithLocation
      empty={<NoFields />}
    >
      <PhoneCards<CustomField>
        primaryText={(f) => <span style={{ fontFamily: 'monospace' }}>{`{${f.name}}`}</span>}
        secondaryText={(f) => [f.label, translate(`custom_fields.types.${f.type}`)].filter(Boolean).join(' · ')}
        tertiaryText={(f) => <Chip size="small" label={translate(`custom_fields.record_kinds.${f.record_kind}`)} />}
        rowClick={false}
        actions={
          (canEdit || canDelete) && (
            <>
              {canEdit && <EditFieldButton />}
              {canDelete && <DeleteFieldButton />}
            </>
          )
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            source="name"
            render={(f: CustomField) => <span style={{ fontFamily: 'monospace' }}>{`{${f.name}}`}</span>}
          />
          <TextField source="label" sortable={false} />
          <FunctionField source="type" render={(f: CustomField) => translate(`custom_fields.types.${f.type}`)} />
          <FunctionField
            source="record_kind"
            render={(f: CustomField) => translate(`custom_fields.record_kinds.${f.record_kind}`)}
          />
          <FunctionField source="choices" sortable={false} render={(f: CustomField) => f.choices.join(', ')} />
          <NumberField source="values_count" />
          {canEdit && <EditFieldButton />}
          {canDelete && <DeleteFieldButton />}
        </Datagrid>
      </PhoneCards>
    </List>
  );
}
