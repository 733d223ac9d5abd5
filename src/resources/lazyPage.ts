import { createElement, lazy, type ComponentType } from 'react';

/**
 * A resource's page (list, create, edit, show), loaded when first shown; `preload` starts loading it sooner: the
 * app does so for the page a first load opens, beside its sign-in calls, and for the menu's pages once the browser is
 * idle (areas/index.ts). Once loaded, the page renders at once: a lazy component still suspends on its first render,
 * and React holds a page that replaces a spinner until the spinner has shown for 300 ms.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-admin passes each page its own props
type AnyPage = ComponentType<any>;

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => AnyPage) {
  let loaded: AnyPage | undefined;
  const preload = () => load().then((module) => (loaded = pick(module)));
  const Suspending = lazy(() => preload().then((page) => ({ default: page })));
  const Page = (props: object) => createElement(loaded ?? Suspending, props);
  return Object.assign(Page, { preload });
}
