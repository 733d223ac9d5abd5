import { useEffect, useRef } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  AutocompleteInput,
  CreateBase,
  EditBase,
  Form,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PriceList } from '../../../domain/contracts/properties';
import { hasAtMostTwoDecimals } from '../../../domain/inventory';
import { CURRENCY_CHOICES, useBlocks } from '../../widgets/choices';
import { KEEP_TYPED } from '../../widgets';

export interface PriceDefaults {
  building_id?: number | string | null;
  block_id?: number | string | null;
  property_id?: number | null;
  currency?: string;
}

const requiredField = required('validation.required');
const positive = minValue(0.01, 'validation.positive');
const twoDecimals = (value: unknown) =>
  value == null || value === '' || hasAtMostTwoDecimals(String(value)) ? undefined : 'units.two_decimals';
const floorsInOrder = (value: unknown, values: Record<string, unknown>) =>
  value != null &&
  value !== '' &&
  values.floor_from != null &&
  values.floor_from !== '' &&
  Number(values.floor_from) > Number(value)
    ? 'validation.min_max'
    : undefined;

/** What the list covers: the complex, a block of it (optionally a floor range), or one unit. */
function TargetInputs() {
  const { setValue } = useFormContext();
  const buildingId = useWatch({ name: 'building_id' });
  const blockId = useWatch({ name: 'block_id' });
  const blocks = useBlocks(buildingId);
  const previous = useRef(buildingId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== buildingId) {
      setValue('block_id', null, { shouldDirty: true });
      setValue('property_id', null, { shouldDirty: true });
    }
    previous.current = buildingId;
  }, [buildingId, setValue]);
  return (
    <>
      <ReferenceInput source="building_id" reference="buildings" perPage={1000} sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" validate={requiredField} fullWidth />
      </ReferenceInput>
      <SelectInput source="block_id" choices={blocks} disabled={!buildingId} emptyText="units.all_blocks" fullWidth />
      <Stack direction="row" gap={2}>
        <NumberInput source="floor_from" step={1} fullWidth />
        <NumberInput source="floor_to" step={1} validate={floorsInOrder} fullWidth />
      </Stack>
      <ReferenceInput
        source="property_id"
        reference="properties"
        filter={{
          building_id: buildingId || undefined,
          block_id: blockId || undefined,
          status: ['free', 'not_for_sale'],
        }}
        sort={{ field: 'no', order: 'ASC' }}
        perPage={50}
      >
        <AutocompleteInput
          optionText="no"
          disabled={!buildingId}
          fullWidth
          filterToQuery={(search) => ({ q: search })}
        />
      </ReferenceInput>
    </>
  );
}

function PriceForm({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Form resetOptions={KEEP_TYPED}>
      <DialogContent sx={{ pt: 1 }}>
        <TargetInputs />
        <Stack direction="row" gap={2}>
          <NumberInput
            source="price_per_m2"
            validate={[requiredField, positive, twoDecimals]}
            min={0}
            step={0.01}
            fullWidth
          />
          <SelectInput source="currency" choices={CURRENCY_CHOICES} validate={requiredField} sx={{ minWidth: 110 }} />
        </Stack>
        <TextInput source="note" multiline fullWidth />
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('units.price_hint')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <SaveButton alwaysEnable />
      </DialogActions>
    </Form>
  );
}

/**
 * The add/edit price dialog, on the price lists and on a complex's units. Saving applies the list at once;
 * the toast says how many units were repriced.
 */
export function PriceDialog({
  open,
  onClose,
  id,
  defaults,
  onApplied,
}: {
  open: boolean;
  onClose: () => void;
  id?: number;
  defaults?: PriceDefaults;
  onApplied?: (list: PriceList) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onSuccess = (data: PriceList) => {
    notify('units.price_applied', { type: 'success', messageArgs: { count: data.applied_count } });
    onClose();
    onApplied?.(data);
    refresh();
  };
  const initial = {
    currency: 'USD',
    ...Object.fromEntries(Object.entries(defaults ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '')),
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(id ? 'units.price_edit' : 'units.price_new')}</DialogTitle>
      {open &&
        (id ? (
          <EditBase
            resource="prices"
            id={id}
            mutationMode="pessimistic"
            mutationOptions={{ onSuccess }}
            redirect={false}
          >
            <PriceForm onCancel={onClose} />
          </EditBase>
        ) : (
          <CreateBase resource="prices" record={initial} mutationOptions={{ onSuccess }} redirect={false}>
            <PriceForm onCancel={onClose} />
          </CreateBase>
        ))}
    </Dialog>
  );
}
