import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STATUS_COLOR } from './choices';

/** A sale, installment or agent-fee status as a coloured chip; `vocabulary` names its translations under `sales.`. */
export function SaleStatusChip({
  status,
  vocabulary = 'status',
  ...rest
}: { status: string; vocabulary?: 'status' | 'installment_status' | 'agent_fee_status' } & Omit<ChipProps, 'label'>) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      label={translate(`sales.${vocabulary}.${status}`, { _: status })}
      data-status={status}
      {...rest}
    />
  );
}
