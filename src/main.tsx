import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadClientConfig } from './providers/config';
import { App, preloadFirstPage } from './App';

preloadFirstPage(window.location.hash);
await loadClientConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
