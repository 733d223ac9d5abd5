import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, useMediaQuery, type Theme } from '@mui/material';
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
import { useSidebarState, useTranslate } from 'react-admin';
import { activeMenuTag, isMenuGroup, menuLeaves, visibleMenu, type MenuGroup } from '../../domain/menu';
import { preloadMenuPages } from '../areas';
import { clientConfig } from '../providers/config';
import { MenuLink } from './MenuLink';
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

interface SectionProps {
  group: MenuGroup;
  /** Each entry's label, the group's own among them, by tag. */
  labels: Readonly<Record<string, string>>;
  /** The active entry when it is one of this group's. */
  activeTag: string | null;
  expanded: boolean;
  labelShown: boolean;
  onToggle: (tag: string, expanded: boolean) => void;
  onFollow: () => void;
}

/** A group of the menu: its header folds its entries away. */
const MenuSection = memo(function MenuSection(props: SectionProps) {
  const { group, labels, activeTag, expanded, labelShown, onToggle, onFollow } = props;
  return (
    <div data-menu-group={group.tag}>
      <ListItemButton onClick={() => onToggle(group.tag, expanded)} aria-expanded={expanded} sx={{ pl: 2 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[group.tag]}</ListItemIcon>
        {labelShown && <ListItemText primary={labels[group.tag]} />}
        {labelShown && (expanded ? <ExpandLess /> : <ExpandMore />)}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List component="div" disablePadding sx={{ pl: labelShown ? 2 : 0 }}>
          {group.children.map((child) => (
            <MenuLink
              key={child.tag}
              tag={child.tag}
              to={child.path}
              label={labels[child.tag]}
              icon={ICONS[child.tag]}
              active={activeTag === child.tag}
              labelShown={labelShown}
              dense
              onFollow={onFollow}
            />
          ))}
        </List>
      </Collapse>
    </div>
  );
});

/**
 * The side menu, computed by domain/menu from the user's permissions and the deployment's flags. Only this component
 * reads the address; its entries and groups are drawn again when what they show changes.
 */
export function AppMenu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const [labelShown, setSidebarOpen] = useSidebarState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // Rendered just after the page on a first load (a deferred render React interrupts for the page's answers): the
  // page asks for its rows sooner and shows them before the menu's links are drawn.
  const drawn = useDeferredValue(true, false);
  const menu = useMemo(() => {
    const config = clientConfig();
    return user
      ? visibleMenu({ permissions: user.permissions, flags: config.flags, exclusions: config.menuExclusions })
      : [];
  }, [user]);
  const labels = useMemo(
    () =>
      Object.fromEntries(
        menu
          .flatMap((node) => [node, ...(isMenuGroup(node) ? node.children : [])])
          .map((node) => [node.tag, translate(`menu.${node.tag}`)]),
      ),
    [menu, translate],
  );
  const toggle = useCallback((tag: string, open: boolean) => setExpanded((was) => ({ ...was, [tag]: !open })), []);
  const follow = useCallback(() => {
    if (phone) setSidebarOpen(false);
  }, [phone, setSidebarOpen]);
  const pages = menuLeaves(menu)
    .map((leaf) => leaf.path)
    .join(' ');
  useEffect(() => (drawn && pages ? preloadMenuPages(pages.split(' ')) : undefined), [drawn, pages]);
  if (!user || !drawn) return null;
  const activeTag = activeMenuTag(menu, pathname);
  return (
    <List component="nav" dense sx={{ pt: 1 }} aria-label={translate('app.menu')} data-testid="side-menu">
      {menu.map((node) =>
        isMenuGroup(node) ? (
          <MenuSection
            key={node.tag}
            group={node}
            labels={labels}
            activeTag={node.children.some((child) => child.tag === activeTag) ? activeTag : null}
            expanded={expanded[node.tag] ?? true}
            labelShown={labelShown}
            onToggle={toggle}
            onFollow={follow}
          />
        ) : (
          <MenuLink
            key={node.tag}
            tag={node.tag}
            to={node.path}
            label={labels[node.tag]}
            icon={ICONS[node.tag]}
            active={activeTag === node.tag}
            labelShown={labelShown}
            onFollow={follow}
          />
        ),
      )}
    </List>
  );
}
