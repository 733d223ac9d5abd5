import { forwardRef, lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
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

function ThemeToggle() {
  const translate = useTranslate();
  const [mode, setMode] = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip title={translate(next === 'dark' ? 'app.theme_dark' : 'app.theme_light')}>
      <IconButton
        color="inherit"
        onClick={() => setMode(next)}
        aria-label={translate(next === 'dark' ? 'app.theme_dark' : 'app.theme_light')}
      >
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The top bar: page title, language switcher, notifications (the bell), tasks, theme, profile menu
 * (pencil to /my-profile, logout).
 */
export function AppBar() {
  const config = clientConfig();
  return (
    <RaAppBar
      toolbar={
        <>
          {config.multilingual && <LanguageSwitcher />}
          <Suspense fallback={null}>
            <NotificationBell />
            {config.flags.tasks && <TasksCounter />}
          </Suspense>
          <ThemeToggle />
        </>
      }
      userMenu={
        <UserMenu>
          <MyProfileItem />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}
