import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  Divider,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import {
  EditButton,
  Link,
  ListButton,
  Show,
  TopToolbar,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { isInDeal, isManualStatus } from '../../../domain/inventory';
import { DeleteWithConfirmButton, useLocaleFormat } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { PriceDialog } from '../prices/PriceDialog';
import { useEnumLabel } from '../../widgets/choices';
import type { PropertyRow } from './PropertyList';
import { SplitDialog } from './SplitDialog';
import { StatusChip } from './StatusChip';
import { DetailItem } from '../../widgets/DetailItem';
import type { PropertyDetail } from '../../../domain/contracts/properties';

/**
 * GET /properties/{id}. Opened from the units list, the page first shows the list's row (react-admin keeps each listed
 * row as the record until the unit's own answer arrives), which carries `description` but none of the optional fields.
 */
export type PropertyRecord = PropertyRow &
  Partial<Pick<PropertyDetail, 'features' | 'feature_list' | 'parent' | 'parts'>>;

function Actions() {
  const can = useCan();
  const translate = useTranslate();
  const record = useRecordContext<PropertyRecord>();
  const [splitting, setSplitting] = useState(false);
  const [pricing, setPricing] = useState(false);
  const live = record && !record.archived;
  return (
    <TopToolbar>
      <ListButton />
      {live && can('properties', 'edit') && <EditButton />}
      {live && can('properties', 'edit') && isManualStatus(record.status) && (
        <MuiButton size="small" startIcon={<CallSplitIcon />} onClick={() => setSplitting(true)}>
          {translate('units.split')}
        </MuiButton>
      )}
      {live && can('prices', 'create') && !isInDeal(record.status) && (
        <MuiButton size="small" startIcon={<PriceChangeIcon />} onClick={() => setPricing(true)}>
          {translate('units.set_prices')}
        </MuiButton>
      )}
      {live && can('properties', 'delete') && !isInDeal(record.status) && <DeleteWithConfirmButton />}
      {record && <SplitDialog open={splitting} onClose={() => setSplitting(false)} unit={record} />}
      {record && (
        <PriceDialog
          open={pricing}
          onClose={() => setPricing(false)}
          defaults={{
            building_id: record.building_id,
            block_id: record.block_id,
            property_id: record.id,
            currency: record.currency,
          }}
        />
      )}
    </TopToolbar>
  );
}

function UnitLink({ id, children }: { id: number; children: ReactNode }) {
  const createPath = useCreatePath();
  return <Link to={createPath({ resource: 'properties', id, type: 'show' })}>{children}</Link>;
}

function PropertyDetails() {
  const { amount: formatAmount } = useLocaleFormat();
  const translate = useTranslate();
  const label = useEnumLabel();
  const record = useRecordContext<PropertyRecord>();
  if (!record) return null;
  const field = (name: string) => translate(`resources.properties.fields.${name}`);
  const parts = record.parts ?? [];
  const groups = new Map<string, string[]>();
  for (const feature of record.feature_list ?? []) {
    const group = feature.group_name ?? '';
    groups.set(group, [...(groups.get(group) ?? []), feature.name]);
  }
  return (
    <Card>
      <CardContent>
        <Stack direction="row" alignItems="center" gap={2} sx={{ mb: 2 }} flexWrap="wrap">
          <Typography variant="h5" component="h2">
            {translate('resources.properties.name', { smart_count: 1 })} {record.no}
          </Typography>
          <StatusChip status={record.status} size="medium" />
          <Typography variant="h6" component="div" sx={{ ml: 'auto' }}>
            {formatAmount(record.price, record.currency)}
          </Typography>
        </Stack>
        {record.archived && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('units.archived_note')}
          </Alert>
        )}
        <Grid container spacing={2}>
          <DetailItem label={field('building_name')}>{record.building_name}</DetailItem>
          <DetailItem label={field('block_name')}>{record.block_name}</DetailItem>
          <DetailItem label={field('floor')}>{record.floor}</DetailItem>
          <DetailItem label={field('area')}>{record.area.toFixed(2)}</DetailItem>
          <DetailItem label={field('rooms')}>{record.rooms}</DetailItem>
          <DetailItem label={field('type')}>{label('property_type', record.type)}</DetailItem>
          <DetailItem label={field('state')}>{label('property_state', record.state)}</DetailItem>
          <DetailItem label={field('view')}>{label('property_view', record.view) || null}</DetailItem>
          <DetailItem label={field('price_per_m2')}>
            {formatAmount(record.price_per_m2, record.currency) || null}
          </DetailItem>
          <DetailItem label={field('price')}>{formatAmount(record.price, record.currency) || null}</DetailItem>
          <DetailItem label={field('cad_code')}>{record.cad_code}</DetailItem>
        </Grid>
        {record.description && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            {record.description}
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" gutterBottom>
          {field('features')}
        </Typography>
        {!record.feature_list ? null : record.feature_list.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('units.no_features')}
          </Typography>
        ) : (
          <Stack gap={1}>
            {[...groups].map(([group, names]) => (
              <Stack key={group} direction="row" gap={1} alignItems="center" flexWrap="wrap">
                {group && (
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
                    {group}
                  </Typography>
                )}
                {names.map((name) => (
                  <Chip key={name} size="small" label={name} variant="outlined" />
                ))}
              </Stack>
            ))}
          </Stack>
        )}
        {(record.parent || parts.length > 0) && (
          <Box sx={{ mt: 2 }}>
            <Divider sx={{ mb: 2 }} />
            {record.parent && (
              <Typography variant="body2">
                <UnitLink id={record.parent.id}>{translate('units.split_from', { no: record.parent.no })}</UnitLink>
              </Typography>
            )}
            {parts.length > 0 && (
              <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
                <Typography variant="body2">{translate('units.split_into')}:</Typography>
                {parts.map((part) => (
                  <UnitLink key={part.id} id={part.id}>
                    <Chip
                      size="small"
                      clickable
                      label={`${part.no} · ${part.area.toFixed(2)} ${translate('units.m2')}`}
                    />
                  </UnitLink>
                ))}
              </Stack>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** A unit's page: its details, features and split history; edit, split, price and delete as the user may. */
export function PropertyShow() {
  return (
    <Show actions={<Actions />} component="div">
      <PropertyDetails />
    </Show>
  );
}
