import type { AreaScreens } from './types';

/** The units area's screens: resources for react-admin and custom routes (each path also in `built`). */
export const units: AreaScreens = { resources: [], routes: [], built: [] };
