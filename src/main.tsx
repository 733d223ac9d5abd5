import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadClientConfig } from './providers/config';
import { App, preloadFirstPage } from './App';
import { loadMessages, storedLocale } from './providers/i18nProvider';

preloadFirstPage(window.location.hash);
await Promise.all([loadClientConfig(), loadMessages(storedLocale())]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
