import { memo, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CLOSED_DRAWER_WIDTH,
  DRAWER_WIDTH,
  Layout as RaLayout,
  useAuthenticated,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { ConfirmProvider } from '../widgets/ConfirmProvider';
import { useAppValidationOnly } from '../widgets/useAppValidationOnly';
import { FitToScreen } from '../widgets/FitToScreen';
import { Spinner } from '../widgets/Spinner';
import { clientConfig } from '../providers/config';
import { AppBar } from './AppBar';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { AppMenu } from './AppMenu';
import { ErrorPage } from '../pages/ErrorPage';
import { IdleTimer } from './IdleTimer';
import { useCurrentUser } from './useCurrentUser';
import { useDocumentTitle } from './useDocumentTitle';

function Logo() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <Box
      component={Link}
      to="/"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, color: 'inherit', textDecoration: 'none' }}
      aria-label={translate('menu.home')}
    >
      <img src="/logo.svg" alt="" width={32} height={32} />
      {open && (
        <Typography variant="subtitle2" sx={{ lineHeight: 1.25 }}>
          {translate('app.name')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The menu is as wide as the sidebar, so a long label wraps instead of widening it past what shows. It renders when
 * what it reads changes (the user, the language, the sidebar, the address), not with every render of the layout.
 */
const Menu = memo(function Menu() {
  const [open] = useSidebarState();
  return (
    <Box
      sx={(theme) => ({
        width: open
          ? ((theme as { sidebar?: { width?: number } }).sidebar?.width ?? DRAWER_WIDTH)
          : ((theme as { sidebar?: { closedWidth?: number } }).sidebar?.closedWidth ?? CLOSED_DRAWER_WIDTH),
      })}
    >
      <Logo />
      <AppMenu />
    </Box>
  );
});

function Footer() {
  const translate = useTranslate();
  const tagline = clientConfig().tagline || translate('app.tagline');
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 2, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}
      data-testid="footer"
    >
      © {new Date().getFullYear()} · {tagline}
    </Box>
  );
}

/**
 * The layout: side menu, top bar and footer. Every page inside it requires a signed-in user;
 * a spinner shows until the user is loaded.
 */
export function Layout({ children }: { children: ReactNode }) {
  useAuthenticated();
  useAppValidationOnly();
  useDocumentTitle();
  const user = useCurrentUser();
  // The top bar slides away while a phone's page scrolls down and stays on a wider screen (react-admin's hide-on-scroll
  // rendered the whole bar again once mounted); the side menu follows it.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <ConfirmProvider>
      <FitToScreen />
      <RaLayout appBar={AppBar} appBarAlwaysOn={!phone} menu={Menu} error={ErrorPage}>
        {user ? (
          <>
            <AppBreadcrumbs />
            <Suspense fallback={<Spinner />}>{children}</Suspense>
          </>
        ) : (
          <Spinner />
        )}
        <Footer />
        <IdleTimer />
      </RaLayout>
    </ConfirmProvider>
  );
}
