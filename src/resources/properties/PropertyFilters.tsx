import { useEffect, useRef } from 'react';
import { Badge, Box, Button, Chip, Collapse, Paper, Stack, Typography, useTheme } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import ClearIcon from '@mui/icons-material/Clear';
import {
  BooleanInput,
  FieldTitle,
  FilterLiveForm,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useInput,
  useListContext,
  useStore,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PROPERTY_STATUSES, STATUS_COLOURS } from '../../../domain/inventory';
import { useQuery } from '@tanstack/react-query';
import { MinMaxInput } from '../../widgets';
import { useAppData } from '../../providers/useAppData';
import { useBlocks, useEnumChoices } from '../../widgets/choices';

export const FILTERS_OPEN_KEY = 'properties.filtersOpen';

/** Filters the panel sets; the buildings filter of a user bound to some complexes is permanent and not counted. */
const PANEL_FILTERS = [
  'q',
  'building_id',
  'block_id',
  'status',
  'type',
  'state',
  'view',
  'rooms',
  'area_from',
  'area_to',
  'price_from',
  'price_to',
  'floor_from',
  'floor_to',
  'archived',
];

/** The status filter as coloured chips: click to add a status, click again to drop it (several may be chosen). */
function StatusChipsInput() {
  const translate = useTranslate();
  const theme = useTheme();
  const { field } = useInput<string[] | undefined>({ source: 'status' });
  const chosen: string[] = Array.isArray(field.value) ? field.value : field.value ? [field.value] : [];
  const toggle = (status: string) =>
    field.onChange(chosen.includes(status) ? chosen.filter((s) => s !== status) : [...chosen, status]);
  return (
    <Box role="group" aria-label={translate('resources.properties.fields.status')}>
      <Typography variant="caption" color="text.secondary" component="div">
        <FieldTitle source="status" resource="properties" />
      </Typography>
      <Stack direction="row" gap={0.75} flexWrap="wrap" sx={{ mt: 0.5 }}>
        {PROPERTY_STATUSES.map((status) => {
          const on = chosen.includes(status);
          const colour = STATUS_COLOURS[status];
          return (
            <Chip
              key={status}
              label={translate(`enums.property_status.${status}`)}
              data-status-filter={status}
              aria-pressed={on}
              onClick={() => toggle(status)}
              variant={on ? 'filled' : 'outlined'}
              sx={
                on
                  ? { bgcolor: colour, color: theme.palette.getContrastText(colour), '&:hover': { bgcolor: colour } }
                  : { borderColor: colour, color: 'text.primary' }
              }
            />
          );
        })}
      </Stack>
    </Box>
  );
}

/** Blocks of the chosen complex; choosing another complex clears a block that is not in it. */
function BlockFilterInput() {
  const buildingId = useWatch({ name: 'building_id' });
  const blockId = useWatch({ name: 'block_id' });
  const blocks = useBlocks(buildingId);
  const { setValue } = useFormContext();
  const previous = useRef(buildingId);
  useEffect(() => {
    if (previous.current !== buildingId && blockId) setValue('block_id', undefined, { shouldDirty: true });
    previous.current = buildingId;
  }, [buildingId, blockId, setValue]);
  return (
    <SelectInput
      source="block_id"
      choices={blocks}
      disabled={!buildingId}
      emptyText="units.all_blocks"
      size="small"
      fullWidth={false}
      sx={{ minWidth: 140 }}
      helperText={false}
    />
  );
}

/** Area, price and floor as min/max boxes with a range slider between the ends of the chosen complexes' units. */
function RangeFilters() {
  const provider = useAppData();
  const chosen = useWatch({ name: 'building_id' }) as number | string | Array<number | string> | undefined;
  const buildingIds = (Array.isArray(chosen) ? chosen : chosen ? [chosen] : []).map(Number).sort((a, b) => a - b);
  const { data: ranges } = useQuery({
    queryKey: ['propertyRanges', buildingIds],
    queryFn: () => provider.propertyRanges(buildingIds),
    staleTime: 5 * 60_000,
  });
  return (
    <>
      <MinMaxInput source="area" resource="properties" range={ranges?.area} />
      <MinMaxInput source="price" resource="properties" range={ranges?.price} step={1000} />
      <MinMaxInput source="floor" resource="properties" range={ranges?.floor} />
    </>
  );
}

/** The collapsible filter panel of the units list. */
export function PropertyFilterPanel() {
  const translate = useTranslate();
  const [open] = useStore(FILTERS_OPEN_KEY, true);
  const { setFilters, displayedFilters } = useListContext();
  const types = useEnumChoices('property_type');
  const states = useEnumChoices('property_state');
  const views = useEnumChoices('property_view');
  return (
    <Collapse in={open} unmountOnExit={false}>
      <Paper variant="outlined" sx={{ m: 1, p: 2 }} component="section" aria-label={translate('units.filters')}>
        <FilterLiveForm debounce={300}>
          <Stack gap={1.5}>
            <Stack direction="row" columnGap={2} rowGap={1} flexWrap="wrap" alignItems="flex-start">
              <SearchInput
                source="q"
                placeholder={translate('resources.properties.fields.q')}
                fullWidth={false}
                sx={{ width: 280 }}
              />
              <ReferenceInput
                source="building_id"
                reference="buildings"
                perPage={1000}
                sort={{ field: 'name', order: 'ASC' }}
              >
                <SelectInput
                  optionText="name"
                  size="small"
                  fullWidth={false}
                  sx={{ minWidth: 200 }}
                  helperText={false}
                  emptyText="units.all_buildings"
                />
              </ReferenceInput>
              <BlockFilterInput />
              <SelectInput
                source="type"
                choices={types}
                size="small"
                fullWidth={false}
                sx={{ minWidth: 180 }}
                helperText={false}
                emptyText="units.any"
              />
              <SelectInput
                source="state"
                choices={states}
                size="small"
                fullWidth={false}
                sx={{ minWidth: 180 }}
                helperText={false}
                emptyText="units.any"
              />
              <SelectInput
                source="view"
                choices={views}
                size="small"
                fullWidth={false}
                sx={{ minWidth: 140 }}
                helperText={false}
                emptyText="units.any"
              />
              <NumberInput
                source="rooms"
                size="small"
                min={0}
                fullWidth={false}
                sx={{ width: 100 }}
                helperText={false}
              />
            </Stack>
            <StatusChipsInput />
            <Stack direction="row" gap={3} flexWrap="wrap" alignItems="flex-start">
              <RangeFilters />
            </Stack>
            <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
              <BooleanInput source="archived" helperText={false} fullWidth={false} />
              <Button size="small" startIcon={<ClearIcon />} onClick={() => setFilters({}, displayedFilters)}>
                {translate('units.clear_filters')}
              </Button>
            </Stack>
          </Stack>
        </FilterLiveForm>
      </Paper>
    </Collapse>
  );
}

/** Shows or hides the panel; the badge counts the filters in use. */
export function FiltersToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useStore(FILTERS_OPEN_KEY, true);
  const { filterValues } = useListContext();
  const inUse = Object.entries(filterValues ?? {}).filter(
    ([key, value]) =>
      PANEL_FILTERS.includes(key) && value !== undefined && value !== '' && !(Array.isArray(value) && !value.length),
  ).length;
  return (
    <Button
      size="small"
      onClick={() => setOpen(!open)}
      aria-expanded={open}
      startIcon={
        <Badge badgeContent={inUse} color="primary">
          <FilterListIcon />
        </Badge>
      }
    >
      {translate('units.filters')}
    </Button>
  );
}
