import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, Notification, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { dataProvider } from '../../src/providers/dataProvider';
import type { Locale } from '../../i18n';
import type { ClientConfig } from '../../domain/config';
import { seedSignedInUser, type CurrentUser } from '../../src/providers/authProvider';
import { session } from '../../src/providers/session';

/** GET /api/config as a deployment with every module on answers it; override what a test needs. */
export const testClientConfig = (overrides: Partial<ClientConfig> = {}): ClientConfig => ({
  flags: {
    saleType: true,
    overdueLetters: true,
    bonusModule: true,
    services: true,
    saleAgentModule: true,
    tasks: true,
  },
  idleMinutes: 30,
  tokenStorage: 'local',
  menuExclusions: [],
  tagline: '',
  multilingual: true,
  otpResendSeconds: 30,
  ...overrides,
});

export interface RenderOptions {
  locale?: Locale;
  /** The router's starting address. */
  path?: string;
  /** Receives every location the app goes to (e.g. a redirect). */
  onLocation?: (pathname: string) => void;
  authProvider?: AuthProvider;
  /** The query cache (react-admin makes a plain one otherwise). */
  queryClient?: QueryClient;
  /** Signed in as this user (what GET /api/user would answer; the rest of its fields defaulted). */
  user?: Partial<CurrentUser>;
}

/** A user signed in for a render: a token in the app's storage and its user in the query cache, as on a first load. */
function signedIn(user: Partial<CurrentUser>, queryClient = new QueryClient()) {
  const token = 'component-test-token';
  session.save(token);
  seedSignedInUser(queryClient, token, {
    id: 1,
    full_name: 'Test User',
    email: 'test@demo.ge',
    phone: null,
    active: true,
    avatar_url: null,
    roles: [],
    permissions: [],
    buildings: [],
    is_admin: false,
    view_only: false,
    otp_channel: 'email',
    created_at: '2026-01-01T00:00:00.000Z',
    ...user,
  });
  return queryClient;
}

/**
 * Renders inside react-admin's AdminContext with the app's own data provider (its requests answered by the test's msw
 * handlers, ./apiServer), i18n in the given locale, a memory store and router, and toasts shown.
 */
export const renderWithAdmin = (
  ui: ReactNode,
  { locale = 'en', path = '/', onLocation, authProvider, queryClient, user }: RenderOptions = {},
): RenderResult =>
  render(
    <TestMemoryRouter
      initialEntries={[path]}
      locationCallback={onLocation ? (location) => onLocation(location.pathname) : undefined}
    >
      <AdminContext
        i18nProvider={createI18nProvider(locale)}
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={user ? signedIn(user, queryClient) : queryClient}
        store={memoryStore()}
      >
        {ui as ReactElement}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
