import { lazy, type ComponentType } from 'react';

/**
 * A resource's page (list, create, edit, show), loaded when first shown; `preload` starts loading it sooner: the
 * app does so for the page a first load opens, beside its sign-in calls (`preloadFirstPage` in App.tsx).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-admin passes each page its own props
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<any>) {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: pick(module) }))),
    { preload: load },
  );
}
