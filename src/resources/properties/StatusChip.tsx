import { Chip, useTheme, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STATUS_COLOURS, type PropertyStatus } from '../../../domain/inventory';

/** A unit's status as a chip in the board's colour (domain/inventory STATUS_COLOURS), readable in both themes. */
export function StatusChip({ status, size = 'small', ...rest }: { status: string } & Omit<ChipProps, 'label'>) {
  const translate = useTranslate();
  const theme = useTheme();
  const colour = STATUS_COLOURS[status as PropertyStatus] ?? theme.palette.grey[500];
  return (
    <Chip
      size={size}
      label={translate(`enums.property_status.${status}`, { _: status })}
      data-status={status}
      sx={{ bgcolor: colour, color: theme.palette.getContrastText(colour), fontWeight: 500 }}
      {...rest}
    />
  );
}
