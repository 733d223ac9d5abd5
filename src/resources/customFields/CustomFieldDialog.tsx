import { Button, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  CreateBase,
  EditBase,
  FormDataConsumer,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  maxLength,
  regex,
  required,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { CustomField } from '../../../domain/contracts/customFields';
import { CUSTOM_FIELD_NAME_MAX, CUSTOM_FIELD_NAME_PATTERN } from '../../../domain/customFields';
import { useCustomFieldChoices } from './choices';
import { RecordForm } from '../../widgets';

function DialogToolbar({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={onCancel}>{translate('custom_fields.cancel')}</Button>
      <SaveButton label="custom_fields.save" alwaysEnable />
    </Toolbar>
  );
}

/** The choices are typed one per line; the API takes them as a list. */
const toBody = (data: Record<string, unknown>) => ({
  name: data.name,
  label_ka: data.label_ka,
  label_en: data.label_en ?? null,
  label_ru: data.label_ru ?? null,
  type: data.type,
  record_kind: data.record_kind,
  choices:
    data.type !== 'choice'
      ? []
      : typeof data.choices === 'string'
        ? data.choices
            .split(/\r?\n/)
            .map((c) => c.trim())
            .filter(Boolean)
        : (data.choices ?? []),
});

function FieldInputs({ inUse }: { inUse: boolean }) {
  const { types, recordKinds } = useCustomFieldChoices();
  return (
    <>
      <TextInput
        source="name"
        validate={[
          required(),
          maxLength(CUSTOM_FIELD_NAME_MAX),
          regex(CUSTOM_FIELD_NAME_PATTERN, 'custom_fields.errors.name'),
        ]}
        helperText="custom_fields.name_help"
        fullWidth
      />
      <TextInput source="label_ka" validate={[required(), maxLength(255)]} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
        <TextInput source="label_en" validate={maxLength(255)} fullWidth />
        <TextInput source="label_ru" validate={maxLength(255)} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2} sx={{ width: '100%' }}>
        <SelectInput
          source="type"
          choices={types}
          validate={required()}
          disabled={inUse}
          helperText={inUse ? 'custom_fields.errors.in_use' : false}
          fullWidth
        />
        <SelectInput
          source="record_kind"
          choices={recordKinds}
          validate={required()}
          disabled={inUse}
          helperText={false}
          fullWidth
        />
      </Stack>
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === 'choice' && (
            <TextInput
              source="choices"
              multiline
              minRows={3}
              format={(v: unknown) => (Array.isArray(v) ? v.join('\n') : ((v as string) ?? ''))}
              validate={required()}
              helperText="custom_fields.choices_help"
              fullWidth
            />
          )
        }
      </FormDataConsumer>
    </>
  );
}

/** The create and edit dialog of /templates/custom-fields: `field` given edits it, else a new field is made. */
export function CustomFieldDialog({
  field,
  open,
  onClose,
}: {
  field?: CustomField;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const done = {
    onSuccess: () => {
      notify('custom_fields.saved', { type: 'success' });
      refresh();
      onClose();
    },
  };
  const form = (
    <RecordForm toolbar={<DialogToolbar onCancel={onClose} />} defaultValues={field ? undefined : { type: 'text' }}>
      <FieldInputs inUse={Boolean(field && field.values_count > 0)} />
    </RecordForm>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="custom-field-dialog-title">
      <DialogTitle id="custom-field-dialog-title">
        {field ? translate('custom_fields.edit_title', { name: field.name }) : translate('custom_fields.create_title')}
      </DialogTitle>
      <DialogContent sx={{ px: 1, pb: 0 }}>
        {open &&
          (field ? (
            <EditBase
              resource="custom-fields"
              id={field.id}
              mutationMode="pessimistic"
              redirect={false}
              transform={toBody}
              mutationOptions={done}
            >
              {form}
            </EditBase>
          ) : (
            <CreateBase resource="custom-fields" redirect={false} transform={toBody} mutationOptions={done}>
              {form}
            </CreateBase>
          ))}
      </DialogContent>
    </Dialog>
  );
}
