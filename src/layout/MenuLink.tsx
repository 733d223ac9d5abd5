import { memo, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ListItemIcon, MenuItem, Tooltip, Typography, styled } from '@mui/material';

export interface MenuLinkProps {
  tag: string;
  to: string;
  label: string;
  icon: ReactElement;
  /** The page shown belongs to this entry. */
  active: boolean;
  /** The side bar is open: the label shows beside the icon, otherwise in a tooltip. */
  labelShown: boolean;
  dense?: boolean;
  /** Called when the link is followed (a phone closes the side bar). */
  onFollow: () => void;
}

/** react-admin's menu entry look: secondary text, the entry of the page shown in primary; icons as the groups' own. */
const Entry = styled(MenuItem)(({ theme }) => ({
  color: theme.palette.text.secondary,
  '& .MenuLink-icon': { minWidth: theme.spacing(5) },
  '.MuiList-dense > & > .MenuLink-icon': { minWidth: theme.spacing(3.5) },
  '&.MenuLink-active': { color: theme.palette.text.primary },
})) as typeof MenuItem;

/**
 * One entry of the side menu. It is told whether it is active instead of reading the address itself, so a move
 * between pages draws again only the entry left and the entry reached, not the whole menu.
 */
export const MenuLink = memo(function MenuLink(props: MenuLinkProps) {
  const { tag, to, label, icon, active, labelShown, dense, onFollow } = props;
  const entry = (
    <Entry
      component={Link}
      to={to}
      className={active ? 'MenuLink-active' : undefined}
      aria-current={active ? 'page' : undefined}
      dense={dense}
      data-menu={tag}
      // a link inside the navigation: MenuItem's own role, menuitem, belongs inside a menu
      role="link"
      tabIndex={0}
      onClick={onFollow}
    >
      <ListItemIcon className="MenuLink-icon">{icon}</ListItemIcon>
      {/* a long label (Georgian ones are) wraps onto a second line instead of running out of the menu */}
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1, whiteSpace: 'normal', minWidth: 0, lineHeight: 1.25 }}>
        {label}
      </Typography>
    </Entry>
  );
  if (labelShown) return entry;
  return (
    <Tooltip title={label} placement="right">
      {entry}
    </Tooltip>
  );
});
