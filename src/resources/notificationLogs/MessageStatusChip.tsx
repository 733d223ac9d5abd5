import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DeliveryStatus } from '../../../domain/customerMessages';

const COLOR: Record<DeliveryStatus, ChipProps['color']> = {
  queued: 'info',
  sent: 'primary',
  delivered: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** A message's delivery status as a coloured chip. */
export function MessageStatusChip({ status, ...rest }: { status: DeliveryStatus } & Omit<ChipProps, 'label'>) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOR[status] ?? 'default'}
      label={translate(`customer_messages.statuses.${status}`, { _: status })}
      data-status={status}
      {...rest}
    />
  );
}
