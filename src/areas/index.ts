import { isValidElement } from 'react';
import { matchPath } from 'react-router-dom';
import { board } from './board';
import { sites } from './sites';
import { units } from './units';
import { agentsArea } from './agents';
import { barterArea } from './barter';
import { customersArea } from './customers';
import { reservationsArea } from './reservations';
import { salesArea } from './sales';
import { paymentsArea } from './payments';
import { messagesArea } from './messages';
import { notificationsArea } from './notifications';
import { workArea } from './work';
import { reportsArea } from './reports';
import { bonusesArea } from './bonuses';
import { servicesArea } from './services';
import { templatesArea } from './templates';

/** The product's screens, area by area, in the order the router reads them. */
export const AREAS = [
  sites,
  units,
  board,
  customersArea,
  agentsArea,
  reservationsArea,
  barterArea,
  salesArea,
  paymentsArea,
  messagesArea,
  notificationsArea,
  workArea,
  reportsArea,
  bonusesArea,
  servicesArea,
  templatesArea,
];

/** The lazily loaded page inside a resource's view (an area wraps it in its access check), if it has one. */
function pageOf(view: unknown): { preload: () => unknown } | undefined {
  if (typeof view === 'function' || (typeof view === 'object' && view !== null)) {
    if ('preload' in view && typeof view.preload === 'function') return view as { preload: () => unknown };
    if (isValidElement(view)) return pageOf(view.type) ?? pageOf((view.props as { children?: unknown }).children);
  }
  return undefined;
}

/** The lazily loaded page an address opens: an area's own route first (the sale page is /sales/{id}), as the router. */
export function firstPageOf(hash: string): { preload: () => unknown } | undefined {
  const pathname = hash.replace(/^#/, '').split('?')[0] || '/';
  const routes = AREAS.flatMap((area) => area.routes).sort(
    (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
  );
  const route = routes.find((r) => matchPath(r.path, pathname));
  if (route) return pageOf(route.element);
  const [name, second, third] = pathname.replace(/^\//, '').split('/');
  const resource = AREAS.flatMap((area) => area.resources).find((r) => r.name === name) as
    Partial<Record<'list' | 'create' | 'edit' | 'show', unknown>> | undefined;
  if (!resource) return undefined;
  const view = !second
    ? resource.list
    : second === 'create'
      ? resource.create
      : third === 'show'
        ? resource.show
        : resource.edit;
  return pageOf(view);
}

/**
 * Starts loading the page a first load opens, beside the sign-in's calls instead of after them (a reload of the sales
 * list asked for its page only once signed in, 500 ms after the start); the first render waits for it.
 */
export const preloadFirstPage = (hash: string) => Promise.resolve(firstPageOf(hash)?.preload());

/**
 * Once the first page has settled, the pages of the user's menu load one after another while the browser is idle, so
 * a first visit to each does not wait for its code. Not where the user asked the browser to save data, nor where the
 * browser cannot say when it is idle; stopped by the function it answers.
 */
export function preloadMenuPages(paths: string[], afterMs = 3000): () => void {
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  if (saveData || !('requestIdleCallback' in window)) return () => undefined;
  const queue = [...paths];
  let stopped = false;
  const next = () => {
    const path = queue.shift();
    if (stopped || path === undefined) return;
    void Promise.resolve(firstPageOf(`#${path}`)?.preload())
      .catch(() => undefined)
      .then(() => window.requestIdleCallback(next, { timeout: 2000 }));
  };
  const timer = setTimeout(() => window.requestIdleCallback(next, { timeout: 2000 }), afterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
