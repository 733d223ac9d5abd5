import { lazy, useReducer } from 'react';
import { Route } from 'react-router-dom';
import {
  Admin,
  CustomRoutes,
  Resource,
  defaultDarkTheme,
  defaultLightTheme,
  localStorageStore,
  type RaThemeOptions,
} from 'react-admin';
import { VirtualDatagridBody } from './widgets/VirtualDatagridBody';
import { menuLeaves } from '../domain/menu';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { queryClient } from './providers/queryClient';
import { createI18nProvider, I18nRenewal, renewedI18nProvider, storedLocale } from './providers/i18nProvider';
import { Layout } from './layout/Layout';
import { FONT_FAMILY } from './layout/fonts';
import { useThemeMode } from './layout/themeMode';
import { LoginPage } from './pages/LoginPage';
import { ForbiddenPage, NotFoundPage } from './pages/ErrorPage';
import { HomePage } from './pages/HomePage';
import { NotBuiltPage } from './pages/NotBuiltPage';
import { RequireAccess } from './pages/RequireAccess';
import { users } from './resources/users';
import { AREAS } from './areas';

const RolePermissionsPage = lazy(() =>
  import('./pages/RolePermissionsPage').then((m) => ({ default: m.RolePermissionsPage })),
);
const MyProfilePage = lazy(() => import('./pages/MyProfilePage').then((m) => ({ default: m.MyProfilePage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/PasswordResetPages').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/PasswordResetPages').then((m) => ({ default: m.ResetPasswordPage })),
);

/**
 * The product's type family (layout/fonts.ts); every list's table renders only the rows on screen once it holds many
 * ('All' of a long list); pickers' texts translated.
 */
const withAppDefaults = (theme: RaThemeOptions): RaThemeOptions => ({
  ...theme,
  typography: { ...theme.typography, fontFamily: FONT_FAMILY },
  components: {
    ...theme.components,
    RaDatagrid: { defaultProps: { body: VirtualDatagridBody } },
    // a translation key: the picker translates it, so "No options" is never English on a Georgian screen
    RaAutocompleteInput: { defaultProps: { noOptionsText: 'app.no_options' } },
    // The layout checks the sign-in and RequireAccess the user's rights, from the user already loaded: react-admin's
    // own checks, asked again by every list and record page, held each page's first call back by a render or two.
    RaList: { defaultProps: { disableAuthentication: true } },
    RaShow: { defaultProps: { disableAuthentication: true } },
    // a table's figures (amounts with their currency, rates, areas) stay on one line; the words beside them wrap
    MuiTableCell: {
      styleOverrides: { alignRight: { '.MuiTableBody-root > .MuiTableRow-root > &': { whiteSpace: 'nowrap' } } },
    },
  } as RaThemeOptions['components'],
});
const LIGHT_THEME = withAppDefaults(defaultLightTheme);
const DARK_THEME = withAppDefaults(defaultDarkTheme);

/**
 * react-admin's store (list settings, the sidebar, the language) in local storage. Its language starts as the app's:
 * on a first visit it had none, and react-admin's i18n context drew nothing, then the whole app once it agreed.
 */
const store = localStorageStore();
store.setItem('locale', storedLocale());

/** Menu routes whose module is built; every other menu entry opens the "coming soon" page. */
const BUILT = new Set(['/', '/users', '/role-permission', ...AREAS.flatMap((a) => a.built)]);
const EXTRA_NOT_BUILT: Array<{ tag: string; path: string }> = [];

export function App() {
  const [mode] = useThemeMode();
  const [i18n, renewI18n] = useReducer(renewedI18nProvider, undefined, () => createI18nProvider());
  return (
    <I18nRenewal.Provider value={renewI18n}>
      <Admin
        queryClient={queryClient}
        store={store}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18n}
        layout={Layout}
        loginPage={LoginPage}
        dashboard={HomePage}
        catchAll={NotFoundPage}
        accessDenied={ForbiddenPage}
        theme={mode === 'dark' ? DARK_THEME : LIGHT_THEME}
        disableTelemetry
        title=""
      >
        <Resource
          {...users}
          list={
            <RequireAccess path="/users">
              <users.list />
            </RequireAccess>
          }
        />
        {AREAS.flatMap((a) => a.resources).map((resource) => (
          <Resource key={resource.name} {...resource} />
        ))}
        {!AREAS.some((a) => a.resources.some((r) => r.name === 'buildings')) && <Resource name="buildings" />}
        <Resource name="roles" />
        <CustomRoutes>
          {AREAS.flatMap((a) => a.routes).map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
          <Route
            path="/role-permission"
            element={
              <RequireAccess path="/role-permission" resource="role-permission" action="list">
                <RolePermissionsPage />
              </RequireAccess>
            }
          />
          <Route path="/my-profile" element={<MyProfilePage />} />
          {menuLeaves()
            .filter((entry) => !BUILT.has(entry.path))
            .map((entry) => (
              <Route
                key={entry.path}
                path={entry.path}
                element={
                  <RequireAccess path={entry.path}>
                    <NotBuiltPage tag={entry.tag} />
                  </RequireAccess>
                }
              />
            ))}
          {EXTRA_NOT_BUILT.map((entry) => (
            <Route key={entry.path} path={entry.path} element={<NotBuiltPage tag={entry.tag} />} />
          ))}
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </CustomRoutes>
      </Admin>
    </I18nRenewal.Provider>
  );
}
