import { useCallback, useSyncExternalStore } from 'react';

/** The light/dark choice is kept under theme_mode. */
export const THEME_KEY = 'theme_mode';
export type ThemeMode = 'light' | 'dark';

const listeners = new Set<() => void>();
const read = (): ThemeMode => (localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light');

export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => 'light' as ThemeMode,
  );
  const setMode = useCallback((next: ThemeMode) => {
    localStorage.setItem(THEME_KEY, next);
    listeners.forEach((l) => l());
  }, []);
  return [mode, setMode];
}
