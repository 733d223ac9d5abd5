import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PreSaleBookingStatus } from '../../../domain/deals';

const COLOURS: Record<PreSaleBookingStatus, 'warning' | 'success' | 'error' | 'default' | 'info'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
  converted: 'info',
};

/** A pre-sale booking's status as a coloured chip. */
export function ReservationStatusChip({ status }: { status: PreSaleBookingStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      label={translate(`deals.status.${status}`)}
      data-status={status}
    />
  );
}
