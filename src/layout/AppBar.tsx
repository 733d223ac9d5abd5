import { forwardRef, lazy, memo, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { clientConfig } from '../providers/config';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useThemeMode } from './themeMode';

// The bell and the tasks counter come after the first paint, so the initial JavaScript stays small.
const NotificationBell = lazy(() =>
  import('../resources/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const TasksCounter = lazy(() => import('../resources/tasks/TasksCounter').then((m) => ({ default: m.TasksCounter })));

const MyProfileItem = forwardRef<HTMLAnchorElement>(function MyProfileItem(props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/my-profile" ref={ref} {...props} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <EditIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('menu.my_profile')}</ListItemText>
    </MenuItem>
  );
});

/** The theme the switch turns to: its words, the icon that shows it and the turn itself. */
function useThemeSwitch() {
  const translate = useTranslate();
  const [mode, setMode] = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return {
    label: translate(next === 'dark' ? 'app.theme_dark' : 'app.theme_light'),
    Icon: next === 'dark' ? DarkModeIcon : LightModeIcon,
    turn: () => setMode(next),
  };
}

/** The theme's switch as an entry of the user menu, where it goes on a phone. */
const ThemeMenuItem = forwardRef<HTMLLIElement>(function ThemeMenuItem(props, ref) {
  const userMenu = useUserMenu();
  const { label, Icon, turn } = useThemeSwitch();
  return (
    <MenuItem
      ref={ref}
      {...props}
      onClick={() => {
        turn();
        userMenu?.onClose();
      }}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

function ThemeToggle() {
  const { label, Icon, turn } = useThemeSwitch();
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={turn} aria-label={label}>
        <Icon />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The top bar: page title, language switcher, notifications (the bell), tasks, theme, profile menu
 * (pencil to /my-profile, logout). It renders when what it reads changes, not with every render of the layout.
 */
export const AppBar = memo(function AppBar({ alwaysOn }: { alwaysOn?: boolean }) {
  const config = clientConfig();
  // a phone's top bar keeps room for the page's title: the theme's switch moves into the user menu
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <RaAppBar
      alwaysOn={alwaysOn}
      toolbar={
        <>
          {config.multilingual && <LanguageSwitcher />}
          <Suspense fallback={null}>
            <NotificationBell />
            {config.flags.tasks && <TasksCounter />}
          </Suspense>
          {!phone && <ThemeToggle />}
        </>
      }
      userMenu={
        <UserMenu>
          <MyProfileItem />
          {phone && <ThemeMenuItem />}
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
});
