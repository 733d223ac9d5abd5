import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadClientConfig } from './providers/config';
import { App, preloadFirstPage } from './App';
import { currentUser } from './providers/authProvider';
import { loadMessages, storedLocale } from './providers/i18nProvider';
import { session } from './providers/session';

// The calls every page waits for leave first, the signed-in user's as soon as the config says where its token is
// (the layout asks for the user once rendered), then the first page's chunks. No top-level await: the language's
// chunk imports from the entry's, which must have finished evaluating.
const ready = Promise.all([
  loadClientConfig().then(() => {
    const user = session.token() ? currentUser().catch(() => undefined) : undefined;
    preloadFirstPage(window.location.hash);
    return user;
  }),
  loadMessages(storedLocale()),
]);
void ready.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
