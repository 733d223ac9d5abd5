import type { ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';

export interface AreaScreens {
  /** react-admin resources (their list/create/edit/show pages wrapped in RequirePermission by the area). */
  resources: ResourceProps[];
  /** Custom pages inside the layout. */
  routes: Array<{ path: string; element: ReactElement }>;
  /** Menu paths this area has built: they stop showing the "coming soon" page. */
  built: string[];
}
