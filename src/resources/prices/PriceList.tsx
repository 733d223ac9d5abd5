import { useState } from 'react';
import { Button as MuiButton, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  DatagridConfigurable,
  FunctionField,
  List,
  ReferenceInput,
  SelectColumnsButton,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import {
  DateField,
  DEFAULT_PER_PAGE,
  DeleteWithConfirmButton,
  EmptyList,
  MoneyField,
  Paginator,
  PhoneCards,
  NumberField,
} from '../../widgets';
import { useCan } from '../../layout/useCan';
import { WIDE_TABLE } from '../../widgets/wideTable';
import type { PriceList } from '../../../domain/contracts/properties';
import { PriceDialog } from './PriceDialog';

const filters = [
  <ReferenceInput
    key="building_id"
    source="building_id"
    reference="buildings"
    perPage={1000}
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput optionText="name" sx={{ minWidth: 220 }} />
  </ReferenceInput>,
];

/** 'Whole building', 'Block A · floors 3–9', 'Unit 12': what a list covers, in words. */
export function useTargetText() {
  const translate = useTranslate();
  return (list: PriceList) => {
    if (list.property_id) return translate('units.one_unit', { no: list.property_no ?? list.property_id });
    const parts = [list.block_name ?? translate('units.whole_building')];
    if (list.floor_from != null && list.floor_to != null)
      parts.push(translate('units.floors', { from: list.floor_from, to: list.floor_to }));
    else if (list.floor_from != null) parts.push(translate('units.floors_from', { from: list.floor_from }));
    else if (list.floor_to != null) parts.push(translate('units.floors_to', { to: list.floor_to }));
    return parts.join(' · ');
  };
}

/** "New price list" and its dialog, for the complex the list is filtered on if any. */
function NewPriceButton({ buildingId }: { buildingId?: number }) {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <MuiButton size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
        {translate('units.price_new')}
      </MuiButton>
      <PriceDialog open={adding} onClose={() => setAdding(false)} defaults={{ building_id: buildingId }} />
    </>
  );
}

function Actions() {
  const can = useCan();
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {can('prices', 'create') && <NewPriceButton buildingId={filterValues.building_id} />}
    </TopToolbar>
  );
}

function EditPriceButton() {
  const translate = useTranslate();
  const record = useRecordContext<PriceList>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Tooltip title={translate('units.price_edit')}>
        <IconButton size="small" aria-label={translate('units.price_edit')} onClick={() => setOpen(true)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <PriceDialog open={open} onClose={() => setOpen(false)} id={record.id as number} />
    </>
  );
}

/** The price lists of the complexes the user may see; each was applied when saved. */
export function PriceList() {
  const can = useCan();
  const target = useTargetText();
  const translate = useTranslate();
  const rowButtons = (
    <>
      {can('prices', 'edit') && <EditPriceButton />}
      {can('prices', 'delete') && <DeleteWithConfirmButton redirect={false} />}
    </>
  );
  return (
    <List
      filters={filters}
      actions={<Actions />}
      pagination={<Paginator />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyList>{can('prices', 'create') && <NewPriceButton />}</EmptyList>}
    >
      <PhoneCards<PriceList>
        primaryText={(r) => [r.building_name, target(r)].filter(Boolean).join(' · ')}
        secondaryText={
          <>
            <DateField source="applied_at" />
            <FunctionField
              render={(r: PriceList) => (r.created_by_name && r.applied_at ? ' · ' : '') + (r.created_by_name ?? '')}
            />
          </>
        }
        tertiaryText={
          <Typography component="span" variant="body2">
            <MoneyField source="price_per_m2" currencySource="currency" />
            {` / ${translate('units.m2')}`}
          </Typography>
        }
        rowClick={false}
        actions={(can('prices', 'edit') || can('prices', 'delete')) && rowButtons}
      >
        <DatagridConfigurable rowClick={false} bulkActionButtons={false} sx={WIDE_TABLE}>
          <TextField source="id" />
          <TextField source="building_name" />
          <FunctionField source="target" sortable={false} render={(r: PriceList) => target(r)} />
          <MoneyField source="price_per_m2" currencySource="currency" />
          <NumberField source="applied_count" />
          <DateField source="applied_at" />
          <TextField source="created_by_name" sortable={false} />
          <TextField source="note" sortable={false} sx={{ display: 'inline-block', minWidth: 220, maxWidth: 360 }} />
          {can('prices', 'edit') && <EditPriceButton />}
          {can('prices', 'delete') && <DeleteWithConfirmButton redirect={false} />}
        </DatagridConfigurable>
      </PhoneCards>
    </List>
  );
}
