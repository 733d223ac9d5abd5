import type { AreaScreens } from './types';

/** The board area's screens: resources for react-admin and custom routes (each path also in `built`). */
export const board: AreaScreens = { resources: [], routes: [], built: [] };
