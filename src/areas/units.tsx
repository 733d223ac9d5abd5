import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { FeaturesPage, featureResources } from '../resources/features';
import { prices } from '../resources/prices';
import { properties } from '../resources/properties';
import type { AreaScreens } from './types';

const onProperties = (page: ReactNode, action?: AccessAction) => (
  <RequireAccess path="/properties" resource="properties" action={action}>
    {page}
  </RequireAccess>
);

/** The units area's screens: units with their split and price dialogs, price lists, and the /features page. */
export const units: AreaScreens = {
  resources: [
    {
      ...properties,
      list: onProperties(<properties.list />),
      show: onProperties(<properties.show />),
      create: onProperties(<properties.create />, 'create'),
      edit: onProperties(<properties.edit />, 'edit'),
    },
    {
      ...prices,
      list: (
        <RequireAccess path="/prices" resource="prices" action="list">
          <prices.list />
        </RequireAccess>
      ),
    },
    ...featureResources,
  ],
  routes: [
    {
      path: '/features',
      element: (
        <RequireAccess path="/features">
          <FeaturesPage />
        </RequireAccess>
      ),
    },
  ],
  built: ['/properties', '/features'],
};
