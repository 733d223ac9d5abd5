import { memo } from 'react';
import { Box, ButtonBase, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PROPERTY_STATUSES, type PropertyStatus } from '../../../domain/inventory';
import { statusColour, useEnumLabel } from './labels';

/**
 * One entry per status with its colour and count. Clicking one lights up only its units (several may be
 * chosen); with none chosen every status is lit.
 */
export const BoardLegend = memo(function BoardLegend({
  legend,
  selected,
  onToggle,
}: {
  legend: Record<PropertyStatus, number>;
  selected: readonly PropertyStatus[];
  onToggle: (status: PropertyStatus) => void;
}) {
  const translate = useTranslate();
  const label = useEnumLabel();
  return (
    <Tooltip title={translate('board.legend_hint')} placement="bottom-start" enterDelay={800}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label={translate('board.status')}>
        {PROPERTY_STATUSES.map((status) => {
          const active = selected.length === 0 || selected.includes(status);
          const pressed = selected.includes(status);
          return (
            <ButtonBase
              key={status}
              aria-pressed={pressed}
              onClick={() => onToggle(status)}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.75,
                px: 1,
                py: 0.25,
                borderRadius: 4,
                border: 1,
                borderColor: pressed ? 'text.primary' : 'divider',
                opacity: active ? 1 : 0.45,
                fontSize: 13,
                lineHeight: '22px',
              }}
            >
              <Box
                component="span"
                sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: statusColour(status), flexShrink: 0 }}
              />
              <span>{label('property_status', status)}</span>{' '}
              <Box component="span" sx={{ fontWeight: 700 }}>
                {legend[status] ?? 0}
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
    </Tooltip>
  );
});
