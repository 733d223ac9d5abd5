import type { AreaScreens } from './types';

/** The barter area's screens: resources for react-admin and custom routes (each path also in `built`). */
export const barterArea: AreaScreens = { resources: [], routes: [], built: [] };
