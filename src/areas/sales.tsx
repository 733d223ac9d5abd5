import type { AreaScreens } from './types';

/** The sales area's screens: sales, the sale page, trashed sales. */
export const salesArea: AreaScreens = {
  resources: [],
  routes: [],
  built: [],
};
