import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadClientConfig } from './providers/config';
import { App } from './App';
import { preloadFirstPage } from './areas';
import { currentUser, seedSignedInUser } from './providers/authProvider';
import { loadMessages, storedLocale } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { session } from './providers/session';

// The calls every page waits for leave first (the config preloaded by index.html), then, once the config says where the
// token is, the signed-in user's beside the chunks of the page the address opens. The first render waits for all of
// them and finds the user and react-admin's checks already answered in the cache, so the page draws once. No top-level
// await: the language's chunk imports from the entry's, which must have finished evaluating.
const ready = Promise.all([
  loadClientConfig().then(() => {
    if (!session.token()) return undefined;
    const page = preloadFirstPage(window.location.hash).catch(() => undefined);
    return Promise.all([currentUser().catch(() => undefined), page]).then(([user]) => user);
  }),
  loadMessages(storedLocale()),
]);
void ready.then(([user]) => {
  const token = session.token();
  if (user && token) seedSignedInUser(queryClient, token, user);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
