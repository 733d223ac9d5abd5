import type { AreaScreens } from './types';

/** The reservations area's screens: resources for react-admin and custom routes (each path also in `built`). */
export const reservationsArea: AreaScreens = { resources: [], routes: [], built: [] };
