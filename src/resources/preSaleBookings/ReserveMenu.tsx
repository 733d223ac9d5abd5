import { useState, type MouseEvent } from 'react';
import { ListItemIcon, Menu, MenuItem } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useCan, useCanOpen } from '../../layout/useCan';
import { RESERVE_PATH, reservePath } from './paths';
import { sellPath } from '../sales';

/**
 * The availability board's actions on a free unit: "Reserve" opens /reservation/create for it, "Sell"
 * opens /sales/create for it (users with add_sales who are not view-only), "Open the unit" opens it.
 * Spread `onContextMenu` on the grid and render `menu`; other cells, and users who may not reserve, keep the
 * browser's own menu. A click (or a tap: touch screens have no right button) on a free unit asks `offers` and, when
 * there are actions, opens the same menu at the unit with `openAt` (right-click only was never found).
 */
export function useReserveMenu(onOpen?: (unitId: number) => void) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const can = useCan();
  const canOpen = useCanOpen();
  const [target, setTarget] = useState<{ x: number; y: number; unitId: number } | null>(null);
  const mayReserve = canOpen(RESERVE_PATH);
  const maySell = can('sales', 'create');
  const allowed = mayReserve || maySell;

  const onContextMenu = (event: MouseEvent) => {
    const cell = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-unit-id]') : null;
    if (!allowed || !cell || cell.dataset.status !== 'free') return;
    event.preventDefault();
    setTarget({ x: event.clientX, y: event.clientY, unitId: Number(cell.dataset.unitId) });
  };

  /** Whether a click on this cell shows the actions (a free unit, and the user may reserve or sell). */
  const offers = (cell: HTMLElement): boolean => allowed && cell.dataset.status === 'free';
  const openAt = (cell: HTMLElement) => {
    const box = cell.getBoundingClientRect();
    setTarget({ x: box.left + box.width / 2, y: box.bottom, unitId: Number(cell.dataset.unitId) });
  };

  const menu = (
    <Menu
      open={Boolean(target)}
      onClose={() => setTarget(null)}
      anchorReference="anchorPosition"
      anchorPosition={target ? { top: target.y, left: target.x } : undefined}
    >
      {onOpen && (
        <MenuItem
          onClick={() => {
            if (target) onOpen(target.unitId);
            setTarget(null);
          }}
        >
          <ListItemIcon>
            <OpenInNewIcon fontSize="small" />
          </ListItemIcon>
          {translate('board.menu_open')}
        </MenuItem>
      )}
      {mayReserve && (
        <MenuItem
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
      )}
      {maySell && (
        <MenuItem
          onClick={() => {
            if (target) navigate(sellPath(target.unitId));
            setTarget(null);
          }}
        >
          <ListItemIcon>
            <PointOfSaleIcon fontSize="small" />
          </ListItemIcon>
          {translate('sales.sell')}
        </MenuItem>
      )}
    </Menu>
  );
  return { onContextMenu, menu, offers, openAt, allowed };
}
