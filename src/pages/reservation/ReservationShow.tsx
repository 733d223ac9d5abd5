import { Card, CardContent, Grid, Link, Stack } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { PreSaleBooking } from '../../../domain/contracts/deals';
import { DateField, DetailItem, Spinner } from '../../widgets';
import { Comments } from '../../widgets/Comments';
import { ReservationStatusChip } from '../../resources/preSaleBookings/ReservationStatusChip';
import { StatusActions } from './ReservationList';

/** /reservation/{id}: one reservation with what may happen to it next and its comments. */
export function ReservationShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<PreSaleBooking>(
    'pre-sale-bookings',
    { id: Number(id) },
    { retry: false },
  );
  const f = (field: string) => translate(`resources.pre-sale-bookings.fields.${field}`);
  if (isPending) return <Spinner />;
  if (error || !data)
    return (
      <Card sx={{ mt: 2 }}>
        <CardContent>{(error as Error | null)?.message ?? ''}</CardContent>
      </Card>
    );
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${translate('resources.pre-sale-bookings.name', { smart_count: 1 })} ${data.property_no}`} />
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1} mb={2}>
          <ReservationStatusChip status={data.status} />
          <StatusActions record={data} />
        </Stack>
        <Grid container spacing={2}>
          <DetailItem label={f('building_name')}>{data.building_name}</DetailItem>
          <DetailItem label={f('block_name')}>{data.block_name}</DetailItem>
          <DetailItem label={f('property_no')}>{data.property_no}</DetailItem>
          <DetailItem label={f('customer_name')}>
            <Link component={RouterLink} to={`/customers/${data.customer_id}/show`}>
              {data.customer_name}
            </Link>
          </DetailItem>
          <DetailItem label={f('hold_until')}>
            {data.hold_until && <DateField source="hold_until" record={data} />}
          </DetailItem>
          <DetailItem label={f('created_at')}>
            <DateField source="created_at" record={data} />
          </DetailItem>
          <DetailItem label={f('note')}>{data.note}</DetailItem>
        </Grid>
        <Comments model="pre_sale_booking" modelId={data.id} />
      </CardContent>
    </Card>
  );
}
