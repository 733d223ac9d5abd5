import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { LOCALES } from '../../i18n/locales';
import { loadMessages } from '../../src/providers/i18nProvider';

/** The app loads the user's language before it renders (main.tsx); a test may render in any of the three. */
beforeAll(() => Promise.all(LOCALES.map(loadMessages)));

/** jsdom lacks these; MUI (useMediaQuery, TextareaAutosize, transitions) and react-admin reach for them. */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserver }).ResizeObserver = ResizeObserver;
  (globalThis as unknown as { ResizeObserver: typeof ResizeObserver }).ResizeObserver = ResizeObserver;
}

if (!window.scrollTo || /not implemented/i.test(String(window.scrollTo))) {
  window.scrollTo = () => {};
}

// Testing Library cleans up after each test only when the runner exposes globals; vitest does not here.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
