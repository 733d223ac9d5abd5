import { useDeferredValue, useEffect, useState, type ReactElement } from 'react';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HomeIcon from '@mui/icons-material/Home';
import BusinessIcon from '@mui/icons-material/Business';
import ApartmentIcon from '@mui/icons-material/Apartment';
import EventIcon from '@mui/icons-material/Event';
import HouseIcon from '@mui/icons-material/House';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BuildIcon from '@mui/icons-material/Build';
import SecurityIcon from '@mui/icons-material/Security';
import BadgeIcon from '@mui/icons-material/Badge';
import PeopleIcon from '@mui/icons-material/People';
import HandshakeIcon from '@mui/icons-material/Handshake';
import StarsIcon from '@mui/icons-material/Stars';
import DescriptionIcon from '@mui/icons-material/Description';
import BarChartIcon from '@mui/icons-material/BarChart';
import NotificationsIcon from '@mui/icons-material/Notifications';
import HistoryIcon from '@mui/icons-material/History';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EventNoteIcon from '@mui/icons-material/EventNote';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BookOnlineIcon from '@mui/icons-material/BookOnline';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SavingsIcon from '@mui/icons-material/Savings';
import TuneIcon from '@mui/icons-material/Tune';
import FolderIcon from '@mui/icons-material/Folder';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import HandymanIcon from '@mui/icons-material/Handyman';
import PaymentsIcon from '@mui/icons-material/Payments';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import NotesIcon from '@mui/icons-material/Notes';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { MenuItemLink, useSidebarState, useTranslate } from 'react-admin';
import { isMenuGroup, menuLeaves, visibleMenu, type MenuLeaf } from '../../domain/menu';
import { preloadMenuPages } from '../areas';
import { clientConfig } from '../providers/config';
import { useCurrentUser } from './useCurrentUser';

const ICONS: Record<string, ReactElement> = {
  home: <HomeIcon />,
  company: <BusinessIcon />,
  buildings: <ApartmentIcon />,
  bookings_group: <EventIcon />,
  properties_group: <HouseIcon />,
  banks_group: <AccountBalanceIcon />,
  services_group: <BuildIcon />,
  role_permission: <SecurityIcon />,
  employees: <BadgeIcon />,
  customers: <PeopleIcon />,
  agents: <HandshakeIcon />,
  bonuses: <StarsIcon />,
  templates_group: <DescriptionIcon />,
  statistics: <BarChartIcon />,
  notification_logs: <NotificationsIcon />,
  logs: <HistoryIcon />,
  canceled_group: <DeleteSweepIcon />,
  // the entries inside groups have their own icons: a chevron looked like something that expands
  reservation: <EventNoteIcon />,
  pre_bookings: <AddCircleOutlineIcon />,
  properties: <MeetingRoomIcon />,
  sales: <PointOfSaleIcon />,
  payment_schedules: <CalendarMonthIcon />,
  overdue_sales: <ReportProblemIcon />,
  invoices: <ReceiptLongIcon />,
  reports: <AssessmentIcon />,
  bookings: <BookOnlineIcon />,
  barter: <SwapHorizIcon />,
  advance_payments: <SavingsIcon />,
  features: <TuneIcon />,
  documents: <FolderIcon />,
  banks: <AccountBalanceIcon />,
  bank_accounts: <CreditCardIcon />,
  services: <HandymanIcon />,
  service_payments: <PaymentsIcon />,
  service_containers: <Inventory2Icon />,
  templates: <DescriptionIcon />,
  custom_fields: <DynamicFormIcon />,
  notification_templates: <NotesIcon />,
  trashed_sales: <RemoveShoppingCartIcon />,
};

const Leaf = ({ entry, dense }: { entry: MenuLeaf; dense?: boolean }) => {
  const translate = useTranslate();
  return (
    <MenuItemLink
      to={entry.path}
      primaryText={translate(`menu.${entry.tag}`)}
      leftIcon={ICONS[entry.tag]}
      dense={dense}
      data-menu={entry.tag}
      end={entry.path === '/'}
      // a link inside the navigation: MenuItem's own role, menuitem, belongs inside a menu
      role="link"
      // a long label (Georgian ones are) wraps onto a second line instead of running out of the menu
      sx={{ '& .MuiTypography-noWrap': { whiteSpace: 'normal', minWidth: 0, lineHeight: 1.25 } }}
    />
  );
};

/** The side menu, computed by domain/menu from the user's permissions and the deployment's flags. */
export function AppMenu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const [open] = useSidebarState();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // Rendered just after the page on a first load (a deferred render React interrupts for the page's answers): the
  // page asks for its rows sooner and shows them before the menu's links are drawn.
  const drawn = useDeferredValue(true, false);
  const config = clientConfig();
  const menu = user
    ? visibleMenu({ permissions: user.permissions, flags: config.flags, exclusions: config.menuExclusions })
    : [];
  const pages = menuLeaves(menu)
    .map((leaf) => leaf.path)
    .join(' ');
  useEffect(() => (drawn && pages ? preloadMenuPages(pages.split(' ')) : undefined), [drawn, pages]);
  if (!user || !drawn) return null;
  return (
    <List component="nav" dense sx={{ pt: 1 }} aria-label={translate('app.menu')} data-testid="side-menu">
      {menu.map((node) => {
        if (!isMenuGroup(node)) return <Leaf key={node.tag} entry={node} />;
        const isOpen = expanded[node.tag] ?? true;
        return (
          <div key={node.tag} data-menu-group={node.tag}>
            <ListItemButton
              onClick={() => setExpanded({ ...expanded, [node.tag]: !isOpen })}
              aria-expanded={isOpen}
              sx={{ pl: 2 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[node.tag]}</ListItemIcon>
              {open && <ListItemText primary={translate(`menu.${node.tag}`)} />}
              {open && (isOpen ? <ExpandLess /> : <ExpandMore />)}
            </ListItemButton>
            <Collapse in={isOpen} timeout="auto" unmountOnExit>
              <List component="div" disablePadding sx={{ pl: open ? 2 : 0 }}>
                {node.children.map((child) => (
                  <Leaf key={child.tag} entry={child} dense />
                ))}
              </List>
            </Collapse>
          </div>
        );
      })}
    </List>
  );
}
