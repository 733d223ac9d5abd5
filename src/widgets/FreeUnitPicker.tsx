import { useEffect, useRef } from 'react';
import { Stack } from '@mui/material';
import { AutocompleteInput, ReferenceInput, required, SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

const requiredField = required('validation.required');

/** A complex (`building_id`), then one of its free units (`property_id`); choosing another complex clears the unit. */
export function FreeUnitPicker() {
  const translate = useTranslate();
  const buildingId = useWatch({ name: 'building_id' });
  const { setValue } = useFormContext();
  const previous = useRef(buildingId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== buildingId)
      setValue('property_id', null, { shouldDirty: true });
    previous.current = buildingId;
  }, [buildingId, setValue]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
      <ReferenceInput source="building_id" reference="buildings" perPage={1000} sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" label="deals.complex" validate={requiredField} fullWidth />
      </ReferenceInput>
      <ReferenceInput
        source="property_id"
        reference="properties"
        filter={{ status: 'free', building_id: buildingId || undefined }}
        sort={{ field: 'no', order: 'ASC' }}
        perPage={50}
        enableGetChoices={() => Boolean(buildingId)}
      >
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
