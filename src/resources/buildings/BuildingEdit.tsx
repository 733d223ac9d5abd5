import {
  ArrayInput,
  BooleanInput,
  Create,
  Edit,
  ImageField,
  ImageInput,
  NumberInput,
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { PROPERTY_STATES } from '../../../domain/inventory';
import { useCan } from '../../layout/useCan';
import { DeleteWithConfirmButton, RecordForm } from '../../widgets';
import { CustomFieldInputs } from '../customFields/CustomFieldInputs';
import { FacsimileThumb } from './FacsimileThumb';
import { buildingResolver, MAX_FLOORS } from './schema';
import type { Building } from './types';

const TEXT_FIELDS = [
  'name',
  'cad_code',
  'director',
  'director_pid',
  'manager_name',
  'address',
  'email',
  'phone',
] as const;

/**
 * What the form sends: the building's own fields only (not the counts, URLs and accounts the record carries),
 * empty inputs as '' so a multipart save clears them too, and the blocks as JSON text so an emptied list
 * still reaches the server.
 */
const toBody = (data: Record<string, unknown>) => {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) body[field] = (data[field] as string | null | undefined) ?? '';
  body.notifiable = Boolean(data.notifiable);
  body.property_states = data.property_states ?? {};
  const blocks = (data.blocks as Array<{ id?: number; name?: string; floors?: number | string }> | undefined) ?? [];
  body.blocks = JSON.stringify(
    blocks.map((b) => ({ ...(b.id ? { id: b.id } : {}), name: (b.name ?? '').trim(), floors: Number(b.floors) })),
  );
  if (data.facsimile) body.facsimile = data.facsimile;
  if (data.remove_facsimile) body.remove_facsimile = true;
  if (data.custom_fields) body.custom_fields = data.custom_fields;
  return body;
};

const Section = ({ title, help }: { title: string; help?: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 1 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle1" fontWeight={600}>
        {translate(title)}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {translate(help)}
        </Typography>
      )}
    </Box>
  );
};

function CurrentFacsimile() {
  const record = useRecordContext<Building>();
  if (!record?.facsimile_url) return null;
  return (
    <Stack direction="row" alignItems="center" gap={2}>
      <FacsimileThumb url={record.facsimile_url} name={record.name} />
      <BooleanInput source="remove_facsimile" label="sites.building.remove_facsimile" helperText={false} />
    </Stack>
  );
}

/** Create and Edit share these inputs: the complex's own fields, the blocks editor and the state titles. */
export function BuildingInputs() {
  const translate = useTranslate();
  const field = (source: (typeof TEXT_FIELDS)[number], props: { type?: string; required?: boolean } = {}) => (
    <TextInput source={source} label={`sites.building.${source}`} fullWidth {...props} />
  );
  return (
    <Box sx={{ width: '100%', maxWidth: 880 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
        {field('name', { required: true })}
        {field('cad_code')}
      </Stack>
      {field('address')}
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
        {field('director')}
        {field('director_pid')}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
        {field('manager_name')}
        {field('phone')}
        {field('email', { type: 'email' })}
      </Stack>
      <BooleanInput source="notifiable" label="sites.building.notifiable" />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} alignItems={{ sm: 'center' }}>
        <CurrentFacsimile />
        <ImageInput
          source="facsimile"
          label="sites.building.facsimile"
          placeholder={<Typography variant="body2">{translate('sites.building.choose_facsimile')}</Typography>}
          accept={{ 'image/*': ['.png', '.jpg', '.jpeg', '.webp', '.gif'] }}
          maxSize={5 * 1024 * 1024}
          sx={{ flex: 1 }}
        >
          <ImageField source="src" title="title" />
        </ImageInput>
      </Stack>

      <Section title="sites.building.blocks" />
      <Box role="group" aria-label={translate('sites.building.blocks')}>
        <ArrayInput source="blocks" label={false}>
          <SimpleFormIterator
            inline
            disableReordering
            disableClear
            // A block that holds units cannot be removed (the server would answer 409 naming it).
            disableRemove={(block) => Boolean((block as { properties_count?: number } | undefined)?.properties_count)}
            sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
          >
            <TextInput source="name" label="sites.building.block_name" helperText={false} />
            <NumberInput
              source="floors"
              label="sites.building.floors"
              min={1}
              max={MAX_FLOORS}
              step={1}
              helperText={false}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>

      <Section title="sites.building.property_states" help="sites.building.property_states_help" />
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {PROPERTY_STATES.map((state) => (
          <TextInput
            key={state}
            source={`property_states.${state}`}
            label={`sites.states.${state}`}
            fullWidth
            helperText={false}
          />
        ))}
      </Box>
    </Box>
  );
}

function EditToolbar() {
  const can = useCan();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {can('buildings', 'delete') && <DeleteWithConfirmButton />}
    </Toolbar>
  );
}

function EditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<Building>();
  return <>{record ? translate('sites.building.edit', { name: record.name }) : ''}</>;
}

export function BuildingEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={toBody} redirect="show" title={<EditTitle />}>
      <RecordForm resolver={buildingResolver} toolbar={<EditToolbar />}>
        <BuildingInputs />
        <CustomFieldInputs recordKind="complex" />
      </RecordForm>
    </Edit>
  );
}

export function BuildingCreate() {
  const translate = useTranslate();
  const defaults = {
    notifiable: false,
    blocks: [],
    property_states: Object.fromEntries(PROPERTY_STATES.map((state) => [state, translate(`sites.states.${state}`)])),
  };
  return (
    <Create transform={toBody} redirect="show" title={translate('sites.building.new')}>
      <SimpleForm resolver={buildingResolver} defaultValues={defaults}>
        <BuildingInputs />
        <CustomFieldInputs recordKind="complex" />
      </SimpleForm>
    </Create>
  );
}
