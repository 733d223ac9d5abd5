import type { AreaScreens } from './types';

/** The agents area's screens: resources for react-admin and custom routes (each path also in `built`). */
export const agentsArea: AreaScreens = { resources: [], routes: [], built: [] };
