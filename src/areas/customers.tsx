import type { AreaScreens } from './types';

/** The customers area's screens: resources for react-admin and custom routes (each path also in `built`). */
export const customersArea: AreaScreens = { resources: [], routes: [], built: [] };
