import { useId, type ReactNode } from 'react';
import { Box, Card, CardActions, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import {
  CreateButton,
  EditButton,
  List,
  RecordContextProvider,
  SearchInput,
  ShowButton,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DEFAULT_PER_PAGE, DeleteWithConfirmButton, Paginator } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { FacsimileThumb } from './FacsimileThumb';
import type { Building } from './types';

function Actions() {
  const can = useCan();
  return <TopToolbar>{can('buildings', 'create') && <CreateButton label="sites.building.new" />}</TopToolbar>;
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  if (children === null || children === undefined || children === '') return null;
  return (
    <Typography variant="body2" sx={{ display: 'flex', gap: 1 }}>
      <Box component="span" sx={{ color: 'text.secondary', flex: 'none' }}>
        {translate(label)}:
      </Box>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Typography>
  );
}

/**
 * The building card: the building's details;
 * edit needs edit_buildings, and delete, inside that check, delete_buildings.
 */
export function BuildingCard({ building }: { building: Building }) {
  const translate = useTranslate();
  const can = useCan();
  const canEdit = can('buildings', 'edit');
  const canDelete = canEdit && can('buildings', 'delete');
  const titleId = useId();
  return (
    <RecordContextProvider value={building}>
      <Card
        variant="outlined"
        sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
        component="article"
        aria-labelledby={titleId}
      >
        <CardHeader
          avatar={<FacsimileThumb url={building.facsimile_url} name={building.name} />}
          title={building.name}
          subheader={building.address}
          slotProps={{ title: { variant: 'h6', id: titleId, sx: { lineHeight: 1.3 } } }}
          sx={{ alignItems: 'flex-start', pb: 1 }}
        />
        <CardContent sx={{ pt: 0, flexGrow: 1 }}>
          <Stack gap={0.5}>
            <Line label="sites.building.cad_code">{building.cad_code}</Line>
            <Line label="sites.building.director">{building.director}</Line>
            <Line label="sites.building.manager_name">{building.manager_name}</Line>
          </Stack>
          <Stack direction="row" gap={1} sx={{ mt: 1.5 }} flexWrap="wrap">
            <Chip size="small" label={`${translate('sites.building.blocks_count')}: ${building.blocks_count}`} />
            <Chip
              size="small"
              variant="outlined"
              label={`${translate('sites.building.properties_count')}: ${building.properties_count}`}
            />
          </Stack>
        </CardContent>
        <CardActions sx={{ flexWrap: 'wrap' }}>
          <ShowButton label="sites.building.open" />
          {canEdit && <EditButton />}
          {canDelete && <DeleteWithConfirmButton record={building} redirect={false} />}
        </CardActions>
      </Card>
    </RecordContextProvider>
  );
}

function BuildingCards() {
  const translate = useTranslate();
  const { data, isPending, filterValues } = useListContext<Building>();
  if (isPending) return null;
  if (!data?.length) {
    return (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {translate(filterValues.q ? 'sites.building.no_results' : 'sites.building.empty')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
      {data.map((building) => (
        <BuildingCard key={building.id} building={building} />
      ))}
    </Box>
  );
}

/** /buildings: the complexes the user may see, as cards, with a search box and the paginator. */
export function BuildingList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('sites.building.search')}
      sx={{ minWidth: { sm: 480 } }}
    />,
  ];
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
    >
      <BuildingCards />
    </List>
  );
}
