import type { AreaScreens } from './types';

/** The payments area's screens: overdue sales, invoices, currency rates. */
export const paymentsArea: AreaScreens = {
  resources: [],
  routes: [],
  built: [],
};
