import { useState, type MouseEvent } from 'react';
import { ListItemIcon, Menu, MenuItem } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { canOpen } from '../../../domain/menu';
import { useCurrentUser } from '../../layout/useCurrentUser';
import { clientConfig } from '../../providers/config';
import { RESERVE_PATH, reservePath } from './paths';

/**
 * The availability board's context action on a free unit: "Reserve" opens /reservation/create for it.
 * Spread `onContextMenu` on the grid and render `menu`; other cells, and users who may not reserve, keep the
 * browser's own menu.
 */
export function useReserveMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [target, setTarget] = useState<{ x: number; y: number; unitId: number } | null>(null);
  const allowed = Boolean(user && canOpen(RESERVE_PATH, { permissions: user.permissions, flags: clientConfig().flags }));

  const onContextMenu = (event: MouseEvent) => {
    const cell = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-unit-id]') : null;
    if (!allowed || !cell || cell.dataset.status !== 'free') return;
    event.preventDefault();
    setTarget({ x: event.clientX, y: event.clientY, unitId: Number(cell.dataset.unitId) });
  };

  const menu = (
    <Menu open={Boolean(target)} onClose={() => setTarget(null)} anchorReference="anchorPosition" anchorPosition={target ? { top: target.y, left: target.x } : undefined}>
      <MenuItem
        data-testid="board-reserve"
        onClick={() => {
          if (target) navigate(reservePath(target.unitId));
          setTarget(null);
        }}
      >
        <ListItemIcon>
          <EventAvailableIcon fontSize="small" />
        </ListItemIcon>
        {translate('deals.reserve')}
      </MenuItem>
    </Menu>
  );
  return { onContextMenu, menu };
}
