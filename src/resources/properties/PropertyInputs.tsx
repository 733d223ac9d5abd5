import { useEffect, useMemo, useRef } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Typography,
} from '@mui/material';
import {
  FieldTitle,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useGetList,
  useInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  hasAtMostTwoDecimals,
  isManualStatus,
  MANUAL_STATUSES,
  priceForArea,
  pricePerM2For,
} from '../../../domain/inventory';
import { fromMinor } from '../../../domain/money';
import { CURRENCY_CHOICES, useBlocks, useEnumChoices } from '../../widgets/choices';

const twoDecimals = (value: unknown) =>
  value == null || value === '' || hasAtMostTwoDecimals(String(value)) ? undefined : 'units.two_decimals';
const requiredField = required('validation.required');
const positive = minValue(0.01, 'validation.positive');
const notNegative = minValue(0, 'units.not_negative');

/** Blocks of the chosen complex; another complex clears a block that is not in it. */
function BlockInput() {
  const buildingId = useWatch({ name: 'building_id' });
  const blockId = useWatch({ name: 'block_id' });
  const blocks = useBlocks(buildingId);
  const { setValue } = useFormContext();
  const previous = useRef(buildingId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== buildingId && blockId)
      setValue('block_id', null, { shouldDirty: true });
    previous.current = buildingId;
  }, [buildingId, blockId, setValue]);
  // The unit's own block shows even before the complex's blocks arrive.
  const record = useRecordContext<{ block_id: number | null; block_name: string | null }>();
  const choices =
    blocks.length || !record?.block_id
      ? blocks
      : [{ id: record.block_id, name: record.block_name ?? String(record.block_id) }];
  return <SelectInput source="block_id" choices={choices} disabled={!buildingId} fullWidth />;
}

/**
 * Price per m² and price keep each other true as the user types: a new area or price per m² gives the price
 * (area × price per m², half-up at the cent), a new price gives the price per m².
 */
function PriceInputs() {
  const { getValues, setValue } = useFormContext();
  const numberOf = (value: unknown) =>
    value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? null : Number(value);
  // react-admin calls onChange before the form holds the new value: the changed field's value comes from the event.
  const changed = (name: 'area' | 'price_per_m2' | 'price', event: { target: { value: string } }) => {
    const values = {
      area: numberOf(getValues('area')),
      price_per_m2: numberOf(getValues('price_per_m2')),
      price: numberOf(getValues('price')),
      [name]: numberOf(event.target.value),
    };
    if (!values.area || values.area <= 0) return;
    if (name === 'price') {
      const perM2 = values.price !== null && values.price >= 0 ? pricePerM2For(values.price, values.area) : null;
      if (perM2 !== null) setValue('price_per_m2', fromMinor(perM2), { shouldDirty: true });
    } else if (values.price_per_m2 !== null && values.price_per_m2 >= 0) {
      setValue('price', fromMinor(priceForArea(values.area, values.price_per_m2)), { shouldDirty: true });
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
      <NumberInput
        source="area"
        validate={[requiredField, positive, twoDecimals]}
        onChange={(e) => changed('area', e)}
        min={0}
        step={0.01}
        fullWidth
      />
      <NumberInput
        source="price_per_m2"
        validate={[notNegative, twoDecimals]}
        onChange={(e) => changed('price_per_m2', e)}
        min={0}
        step={0.01}
        fullWidth
      />
      <NumberInput
        source="price"
        validate={[notNegative, twoDecimals]}
        onChange={(e) => changed('price', e)}
        min={0}
        step={0.01}
        fullWidth
      />
      <SelectInput source="currency" choices={CURRENCY_CHOICES} validate={requiredField} sx={{ minWidth: 110 }} />
    </Stack>
  );
}

interface FeatureGroup {
  id: number;
  name: string;
  features: Array<{ id: number; name: string }>;
}

/** The unit's features as ticks, grouped as on the /features page. */
function FeaturesInput() {
  const translate = useTranslate();
  const { data: groups = [], isPending } = useGetList<FeatureGroup>('property-feature-groups', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const { field, fieldState } = useInput<number[]>({ source: 'features', defaultValue: [] });
  const chosen = useMemo(() => new Set((field.value ?? []).map(Number)), [field.value]);
  const toggle = (id: number) => field.onChange(chosen.has(id) ? [...chosen].filter((f) => f !== id) : [...chosen, id]);
  if (isPending || !groups.some((g) => g.features.length)) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
      <FormLabel component="legend">
        <FieldTitle source="features" resource="properties" />
      </FormLabel>
      <Stack direction="row" flexWrap="wrap" columnGap={4} rowGap={1} sx={{ mt: 1 }}>
        {groups
          .filter((g) => g.features.length)
          .map((group) => (
            <Box key={group.id} sx={{ minWidth: 200 }}>
              <Typography variant="subtitle2">{group.name}</Typography>
              <FormGroup>
                {group.features.map((feature) => (
                  <FormControlLabel
                    key={feature.id}
                    control={
                      <Checkbox size="small" checked={chosen.has(feature.id)} onChange={() => toggle(feature.id)} />
                    }
                    label={feature.name}
                  />
                ))}
              </FormGroup>
            </Box>
          ))}
      </Stack>
      {fieldState.error && (
        <FormHelperText error>
          {translate(fieldState.error.message ?? '', { _: fieldState.error.message })}
        </FormHelperText>
      )}
    </Box>
  );
}

/** Create and Edit share these inputs. A unit in a deal shows its status but cannot change it here. */
export function PropertyInputs() {
  const record = useRecordContext<{ status?: string }>();
  const types = useEnumChoices('property_type');
  const states = useEnumChoices('property_state');
  const views = useEnumChoices('property_view');
  const inDeal = record?.status !== undefined && !isManualStatus(record.status);
  const statuses = useEnumChoices('property_status', inDeal ? undefined : MANUAL_STATUSES);
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <ReferenceInput
          source="building_id"
          reference="buildings"
          perPage={1000}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <SelectInput optionText="name" validate={requiredField} fullWidth />
        </ReferenceInput>
        <BlockInput />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <TextInput source="no" validate={requiredField} fullWidth />
        <NumberInput source="floor" validate={requiredField} step={1} fullWidth />
        <NumberInput source="rooms" min={0} step={1} fullWidth />
        <SelectInput source="status" choices={statuses} disabled={inDeal} validate={requiredField} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <SelectInput source="type" choices={types} validate={requiredField} fullWidth />
        <SelectInput source="state" choices={states} validate={requiredField} fullWidth />
        <SelectInput source="view" choices={views} fullWidth />
      </Stack>
      <PriceInputs />
      <TextInput source="cad_code" fullWidth />
      <TextInput source="description" multiline minRows={2} fullWidth />
      <FeaturesInput />
    </Box>
  );
}
