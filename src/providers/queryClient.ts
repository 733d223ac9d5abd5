import { QueryClient } from '@tanstack/react-query';

/** A refusal (4xx: not found, out of reach, bad input) answers the same when asked again; other failures may pass. */
export const retryUnlessRefused = (failureCount: number, error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 3;
};

/**
 * The app's query cache. react-admin's access checks are queries keyed by action and resource; a button that asks one
 * (ListButton, or a ShowButton before its record is loaded) and goes away while the answer is on its way leaves the
 * query reverted to "pending" with nobody to fetch it. `<Show>` and `<List>` read that state without subscribing to it
 * (react-admin's useIsAuthPending) and stayed on "Loading" for good: the sale page after a save, the sales list opened
 * from the breadcrumbs. Forgotten as soon as nothing watches them, such leftovers cannot hold a page; the answer comes
 * from the user already in memory, so asking again costs nothing.
 * A 4xx is never asked again: another complex's record opened by its address says at once that it is not there.
 */
export function createQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: retryUnlessRefused } } });
  client.setQueryDefaults(['auth', 'canAccess'], { gcTime: 0 });
  // Whether a token is kept, asked once a load (main.tsx answers it before the first render) rather than again on each
  // mount and window focus: signing out empties the cache, and a call made without a valid token is answered 401 and
  // goes to the sign-in page (authProvider.checkError).
  client.setQueryDefaults(['auth', 'checkAuth'], { staleTime: Infinity });
  return client;
}

/** The one cache of the app. */
export const queryClient = createQueryClient();
