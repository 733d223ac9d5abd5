import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache. react-admin's access checks are queries keyed by action and resource; a button that asks one
 * (ListButton, or a ShowButton before its record is loaded) and goes away while the answer is on its way leaves the
 * query reverted to "pending" with nobody to fetch it. `<Show>` and `<List>` read that state without subscribing to it
 * (react-admin's useIsAuthPending) and stayed on "Loading" for good: the sale page after a save, the sales list opened
 * from the breadcrumbs. Forgotten as soon as nothing watches them, such leftovers cannot hold a page; the answer comes
 * from the user already in memory, so asking again costs nothing.
 */
export function createQueryClient() {
  const client = new QueryClient();
  client.setQueryDefaults(['auth', 'canAccess'], { gcTime: 0 });
  return client;
}
