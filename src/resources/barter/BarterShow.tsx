import { useId } from 'react';
import { Card, CardContent, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
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
import { DeleteWithConfirmButton, useFormatMoment, useLocaleFormat } from '../../widgets';
import { useCan } from '../../layout/useCan';
import { Comments } from '../../widgets/Comments';
import { OwnerFiles } from '../../widgets/OwnerFiles';
import type { BarterRecord } from './types';
import { DetailItem } from '../../widgets/DetailItem';

function Actions() {
  const can = useCan();
  return (
    <TopToolbar>
      <ListButton />
      {can('barter', 'edit') && <EditButton />}
      {can('barter', 'delete') && <DeleteWithConfirmButton />}
    </TopToolbar>
  );
}

function BarterDetails() {
  const { amount: formatAmount } = useLocaleFormat();
  const formatMoment = useFormatMoment();
  const translate = useTranslate();
  const can = useCan();
  const createPath = useCreatePath();
  const unitsTitleId = useId();
  const record = useRecordContext<BarterRecord>();
  if (!record) return null;
  const field = (name: string) => translate(`resources.barter.fields.${name}`);
  const unitField = (name: string) => translate(`resources.properties.fields.${name}`);
  return (
    <>
      <CardContent>
        <Grid container spacing={2}>
          <DetailItem label={field('counterparty')}>{record.counterparty}</DetailItem>
          <DetailItem label={field('customer_id')}>{record.customer_name}</DetailItem>
          <DetailItem label={field('value')}>{formatAmount(record.value, record.currency)}</DetailItem>
          <DetailItem label={field('agreed_on')}>{formatMoment(record.agreed_on)}</DetailItem>
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary" component="div">
              {field('description')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{record.description || '—'}</Typography>
          </Grid>
        </Grid>
      </CardContent>
      <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby={unitsTitleId}>
        <CardContent>
          <Typography variant="h6" id={unitsTitleId}>
            {translate('barter.units_title')}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{unitField('no')}</TableCell>
                <TableCell>{unitField('building_name')}</TableCell>
                <TableCell>{unitField('block_name')}</TableCell>
                <TableCell align="right">{unitField('area')}</TableCell>
                <TableCell align="right">{unitField('price')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {record.units.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>
                    <Link to={createPath({ resource: 'properties', id: u.id, type: 'show' })}>{u.no}</Link>
                  </TableCell>
                  <TableCell>{u.building_name}</TableCell>
                  <TableCell>{u.block_name ?? '—'}</TableCell>
                  <TableCell align="right">{u.area.toFixed(2)}</TableCell>
                  <TableCell align="right">{formatAmount(u.price, u.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ m: 2 }}>
        <CardContent>
          <OwnerFiles resource="barter" ownerId={record.id} canEdit={can('barter', 'files')} />
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ m: 2 }}>
        <CardContent>
          <Comments model="barter" modelId={record.id} />
        </CardContent>
      </Card>
    </>
  );
}

/** One barter deal: its terms and the units it gave. */
export function BarterShow() {
  return (
    <Show actions={<Actions />}>
      <BarterDetails />
    </Show>
  );
}
