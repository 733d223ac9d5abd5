import { Button } from '@mui/material';
import GridViewIcon from '@mui/icons-material/GridView';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export const BOARD_PATH = '/properties/board';

/**
 * A link to the availability board, for toolbars (the properties list, a building's card). Given a complex
 * (and block), the board opens on it.
 */
export function BoardButton({
  buildingId,
  blockId,
  variant = 'text',
}: {
  buildingId?: number;
  blockId?: number;
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const translate = useTranslate();
  const query = new URLSearchParams();
  if (buildingId) query.set('building', String(buildingId));
  if (blockId) query.set('block', String(blockId));
  const search = query.toString();
  return (
    <Button
      component={Link}
      to={`${BOARD_PATH}${search ? `?${search}` : ''}`}
      size="small"
      variant={variant}
      startIcon={<GridViewIcon />}
    >
      {translate('board.open')}
    </Button>
  );
}
