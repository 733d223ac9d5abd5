import type { AreaScreens } from './types';

/** The sites area's screens: resources for react-admin and custom routes (each path also in `built`). */
export const sites: AreaScreens = { resources: [], routes: [], built: [] };
