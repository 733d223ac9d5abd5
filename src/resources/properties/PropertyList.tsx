import { useState } from 'react';
import { Button as MuiButton } from '@mui/material';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import ListAltIcon from '@mui/icons-material/ListAlt';
import {
  CreateButton,
  DatagridConfigurable,
  FunctionField,
  List,
  SelectColumnsButton,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { buildingScope } from '../../../domain/access';
import {
  AREA_DECIMALS,
  DEFAULT_PER_PAGE,
  ExcelExportButton,
  MoneyField,
  Paginator,
  type ExportColumn,
  NumberField,
  PhoneCards,
  EmptyList,
} from '../../widgets';
import { useCurrentUser } from '../../layout/useCurrentUser';
import { useCan } from '../../layout/useCan';
import { PriceDialog } from '../prices/PriceDialog';
import { useEnumLabel } from '../../widgets/choices';
import { FiltersToggle, PropertyFilterPanel } from './PropertyFilters';
import { StatusChip } from './StatusChip';
import { WIDE_TABLE } from '../../widgets/wideTable';
import type { Property } from '../../../domain/contracts/properties';

/** A row of GET /properties. */
export type PropertyRow = Property;

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  const { filterValues, refetch } = useListContext();
  const [pricing, setPricing] = useState(false);
  const buildingId = filterValues.building_id;
  const label = useEnumLabel();
  const exportColumns: ExportColumn<PropertyRow>[] = [
    { source: 'no' },
    { source: 'building_name' },
    { source: 'block_name' },
    { source: 'floor', kind: 'number' },
    { source: 'area', kind: 'number' },
    { source: 'rooms', kind: 'number' },
    { source: 'type', value: (r) => label('property_type', r.type) },
    { source: 'state', value: (r) => label('property_state', r.state) },
    { source: 'view', value: (r) => label('property_view', r.view) },
    { source: 'status', value: (r) => translate(`enums.property_status.${r.status}`, { _: r.status }) },
    { source: 'price_per_m2', kind: 'money', currencySource: 'currency' },
    { source: 'price', kind: 'money', currencySource: 'currency' },
    { source: 'cad_code' },
  ];
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <FiltersToggle />
      <SelectColumnsButton />
      {can('prices', 'list') && (
        <MuiButton
          size="small"
          component={Link}
          to={{
            pathname: '/prices',
            search: buildingId ? `?filter=${encodeURIComponent(JSON.stringify({ building_id: buildingId }))}` : '',
          }}
          startIcon={<ListAltIcon />}
        >
          {translate('resources.prices.name', { smart_count: 2 })}
        </MuiButton>
      )}
      {can('prices', 'create') && (
        <MuiButton size="small" onClick={() => setPricing(true)} startIcon={<PriceChangeIcon />}>
          {translate('units.set_prices')}
        </MuiButton>
      )}
      {can('properties', 'create') && <CreateButton />}
      <ExcelExportButton columns={exportColumns} />
      <PriceDialog
        open={pricing}
        onClose={() => setPricing(false)}
        defaults={{ building_id: buildingId, block_id: filterValues.block_id }}
        onApplied={() => refetch()}
      />
    </TopToolbar>
  );
}

/** /properties: the units of the complexes the user may see, with the filter panel and a column chooser. */
export function PropertyList() {
  const translate = useTranslate();
  const can = useCan();
  const user = useCurrentUser();
  const label = useEnumLabel();
  const scope = user ? buildingScope(user) : { all: true as const };
  // A user bound to some complexes sends their buildings with every property request (the server enforces it too).
  const permanent = scope.all ? undefined : { buildings: scope.buildingIds };
  return (
    <List
      filter={permanent}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'building_name', order: 'ASC' }}
      empty={<EmptyList mayCreate={can('properties', 'create')} />}
    >
      <PropertyFilterPanel />
      <PhoneCards<PropertyRow>
        primaryText={(r) => [r.building_name, r.block_name].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <FunctionField
              render={(r: PropertyRow) =>
                `${translate('sales.unit_label', { no: r.no, floor: r.floor, area: r.area })} · `
              }
            />
            <MoneyField source="price" currencySource="currency" />
          </>
        }
        tertiaryText={(r) => <StatusChip status={r.status} />}
        rowClick="show"
      >
        <DatagridConfigurable rowClick="show" bulkActionButtons={false} sx={WIDE_TABLE}>
          <TextField source="no" />
          <TextField source="building_name" />
          <TextField source="block_name" />
          <NumberField source="floor" />
          <NumberField source="area" options={AREA_DECIMALS} />
          <NumberField source="rooms" />
          <FunctionField source="type" render={(r: PropertyRow) => label('property_type', r.type)} />
          <FunctionField source="state" render={(r: PropertyRow) => label('property_state', r.state)} />
          <FunctionField source="view" render={(r: PropertyRow) => label('property_view', r.view)} />
          <FunctionField source="status" render={(r: PropertyRow) => <StatusChip status={r.status} />} />
          <MoneyField source="price_per_m2" currencySource="currency" textAlign="right" />
          <MoneyField source="price" currencySource="currency" textAlign="right" />
          <TextField source="cad_code" />
        </DatagridConfigurable>
      </PhoneCards>
    </List>
  );
}
