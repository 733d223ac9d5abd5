import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import { canAccess } from '../../domain/access';
import type { LoginAnswer, MessageAnswer, ResetTokenCheck, SignedInUser } from '../../domain/contracts/users';
import { api } from './httpClient';
import { queryClient } from './queryClient';
import { session } from './session';

/** The signed-in user as GET /api/user answers it. */
export type CurrentUser = SignedInUser;

let cached: Promise<CurrentUser> | undefined;

export const currentUser = (): Promise<CurrentUser> => {
  cached ??= api<{ data: CurrentUser }>('/user').then((r) => r.data);
  cached.catch(() => (cached = undefined));
  return cached;
};

export const forgetCurrentUser = () => {
  cached = undefined;
};

/** Where the query cache keeps the user a token signs in. */
export const currentUserKey = (token: string | null) => ['currentUser', token] as const;

/**
 * A first load that knows its user (main.tsx asks before rendering) writes what the checks ask into the cache: the
 * user, and react-admin's own answers for the layout's sign-in check and the resources' permissions (their keys are
 * react-admin's). Asked for after the first render instead, each answer rendered the whole page again before the
 * page's own rows were asked for.
 */
export function seedSignedInUser(client: QueryClient, token: string, user: CurrentUser) {
  client.setQueryData(currentUserKey(token), user);
  client.setQueryData(['auth', 'checkAuth', {}], true);
  client.setQueryData(['auth', 'getPermissions', {}], user.permissions);
}

/**
 * A session that ends without signing out (a 401) leaves react-admin's answers in the cache, and the sign-in check is
 * never asked again: a page opened next by its address drew an empty layout instead of going to the sign-in page.
 */
function forgetSignedInUser(client: QueryClient) {
  forgetCurrentUser();
  client.removeQueries({ queryKey: ['auth'] });
  client.removeQueries({ queryKey: ['currentUser'] });
}

/** Step one of signing in: the password is checked and a code is sent. */
export const requestCode = (email: string, password: string) =>
  api<MessageAnswer>('/pre-auth', { method: 'POST', body: { email, password } });
export const resendCode = (email: string) => api<MessageAnswer>('/resend-otp', { method: 'POST', body: { email } });

/** Before signing in: a reset link by email, whether its token still holds, and the new password. */
export const requestPasswordReset = (email: string) =>
  api<MessageAnswer>('/users/reset-password', { method: 'POST', body: { email } });
export const checkPasswordResetToken = (token: string) =>
  api<{ data: ResetTokenCheck }>('/users/check-password-reset-token', { method: 'POST', body: { token } }).then(
    (r) => r.data,
  );
export const confirmPasswordReset = (reset: { token: string; password: string; password_confirmation: string }) =>
  api('/users/reset-password-confirm', { method: 'POST', body: reset }).then(() => undefined);

const AFTER_LOGIN_KEY = 'after_login';
const NOT_REMEMBERED = ['/login', '/forgot-password', '/reset-password'];

/** The address a signed-out user asked for (the hash route), kept for the sign-in page to return to. */
function rememberAskedAddress() {
  if (typeof window === 'undefined') return;
  const path = window.location.hash.replace(/^#/, '');
  if (path && path !== '/' && !NOT_REMEMBERED.some((p) => path.startsWith(p)))
    sessionStorage.setItem(AFTER_LOGIN_KEY, path);
}

/** Where to go after the code step: the address asked for before signing in, else home. */
export function askedAddress(): string {
  const path = sessionStorage.getItem(AFTER_LOGIN_KEY);
  return path && path.startsWith('/') ? path : '/';
}
export const forgetAskedAddress = () => sessionStorage.removeItem(AFTER_LOGIN_KEY);

const SESSION_LOST_KEY = 'session_lost';
/** Whether the user was signed out by a 401 (an expired or revoked session), for the sign-in page to say so once. */
export const sessionWasLost = () => typeof sessionStorage !== 'undefined' && !!sessionStorage.getItem(SESSION_LOST_KEY);
export const forgetLostSession = () => sessionStorage.removeItem(SESSION_LOST_KEY);

export const authProvider: AuthProvider = {
  async login({ email, password, code }: { email: string; password: string; code: string }) {
    const answer = await api<LoginAnswer>('/login', {
      method: 'POST',
      body: { email, password, code },
    });
    session.save(answer.token);
    cached = Promise.resolve(answer.user);
  },
  async logout() {
    if (session.token()) await api('/logout', { method: 'POST' }).catch(() => undefined);
    session.clear();
    forgetCurrentUser();
  },
  async checkAuth() {
    if (!session.token()) {
      rememberAskedAddress();
      throw new Error('unauthenticated');
    }
  },
  /** A 401 from any call signs the user out without asking; a 403 does not. */
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      rememberAskedAddress();
      if (session.token()) sessionStorage.setItem(SESSION_LOST_KEY, '1');
      session.clear();
      forgetSignedInUser(queryClient);
      throw { redirectTo: '/login', logoutUser: false, message: false };
    }
  },
  async getIdentity() {
    const user = await currentUser();
    return { id: user.id, fullName: user.full_name, avatar: user.avatar_url ?? undefined };
  },
  async getPermissions() {
    if (!session.token()) return [];
    return (await currentUser()).permissions;
  },
  /** react-admin's buttons and pages ask here; the answer is the one rule of domain/access.ts. */
  async canAccess({ resource, action }: { resource: string; action: string }) {
    if (!session.token()) return false;
    return canAccess(await currentUser(), resource, action);
  },
};
