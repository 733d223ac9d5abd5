import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  NullableBooleanInput,
  NumberInput,
  SelectInput,
  TextInput,
  maxLength,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { CustomFieldValueEntry } from '../../../domain/contracts/customFields';
import { CUSTOM_FIELD_TEXT_MAX, type CustomFieldRecordKind } from '../../../domain/customFields';
import { readCustomFieldValues } from '../../providers/customFieldValues';
import { DateInput } from '../../widgets';

/** One field's input: its source is custom_fields.<name>, which the data provider writes after the record. */
function CustomFieldInput({ entry }: { entry: CustomFieldValueEntry }) {
  const common = {
    source: `custom_fields.${entry.name}`,
    label: entry.label,
    defaultValue: entry.value ?? null,
    helperText: false as const,
  };
  switch (entry.type) {
    case 'number':
      return <NumberInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'boolean':
      return <NullableBooleanInput {...common} sx={{ minWidth: 160 }} />;
    case 'choice':
      return <SelectInput {...common} choices={entry.choices.map((c) => ({ id: c, name: c }))} emptyText="—" />;
    default:
      return <TextInput {...common} validate={maxLength(CUSTOM_FIELD_TEXT_MAX)} />;
  }
}

/**
 * The custom fields of a record kind on its create or edit form: the fields' inputs, filled with the record's
 * values when it exists. Nothing shows when the kind has no fields.
 */
export function CustomFieldInputs({ recordKind }: { recordKind: CustomFieldRecordKind }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const id = record?.id;
  const { data } = useQuery({
    queryKey: ['custom-field-values', recordKind, id ?? 'new'],
    queryFn: () => readCustomFieldValues(recordKind, id),
    staleTime: 0,
    gcTime: 0,
  });
  if (!data?.length) return null;
  return (
    <Box sx={{ width: '100%', mt: 1 }}>
      <Typography variant="subtitle1" gutterBottom>
        {translate('custom_fields.section')}
      </Typography>
      <Stack direction="row" flexWrap="wrap" columnGap={2}>
        {data.map((entry) => (
          <CustomFieldInput key={entry.field_id} entry={entry} />
        ))}
      </Stack>
    </Box>
  );
}
