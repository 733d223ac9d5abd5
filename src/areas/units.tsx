import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasAnyPermission } from '../../domain/access';
import { Spinner } from '../layout/Layout';
import { useCurrentUser } from '../layout/useCurrentUser';
import { RequirePermission } from '../pages/RequirePermission';
import { FeaturesPage, featureResources } from '../resources/features';
import { prices } from '../resources/prices';
import { properties } from '../resources/properties';
import type { AreaScreens } from './types';

/** A page that also needs one of these permissions beyond what opens its menu entry (adding, editing, prices). */
function RequireAny({ permissions, children }: { permissions: string[]; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  return hasAnyPermission(user, permissions) ? <>{children}</> : <Navigate to="/" replace />;
}

const onProperties = (page: ReactNode, permissions?: string[]) => (
  <RequirePermission path="/properties">{permissions ? <RequireAny permissions={permissions}>{page}</RequireAny> : page}</RequirePermission>
);

/** The units area's screens: units with their split and price dialogs, price lists, and the /features page. */
export const units: AreaScreens = {
  resources: [
    {
      ...properties,
      list: onProperties(<properties.list />),
      show: onProperties(<properties.show />),
      create: onProperties(<properties.create />, ['add_properties']),
      edit: onProperties(<properties.edit />, ['edit_properties']),
    },
    { ...prices, list: <RequireAny permissions={['view_prices']}><prices.list /></RequireAny> },
    ...featureResources,
  ],
  routes: [
    {
      path: '/features',
      element: (
        <RequirePermission path="/features">
          <FeaturesPage />
        </RequirePermission>
      ),
    },
  ],
  built: ['/properties', '/features'],
};
