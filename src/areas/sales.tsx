import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasAnyPermission, isViewOnly } from '../../domain/access';
import { Spinner } from '../layout/Layout';
import { useCurrentUser } from '../layout/useCurrentUser';
import { RequirePermission } from '../pages/RequirePermission';
import { sales, trashedSales } from '../resources/sales';
import type { AreaScreens } from './types';

/** A page that changes sales: one of these permissions, and not an accountant who only views. */
function RequireChange({ permissions, children }: { permissions: string[]; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  return hasAnyPermission(user, permissions) && !isViewOnly(user) ? <>{children}</> : <Navigate to="/sales" replace />;
}

const onSales = (page: ReactNode, permissions?: string[]) => (
  <RequirePermission path="/sales">{permissions ? <RequireChange permissions={permissions}>{page}</RequireChange> : page}</RequirePermission>
);
const onTrashed = (page: ReactNode) => <RequirePermission path="/trashed-sales">{page}</RequirePermission>;

/** The sales area's screens: sales, the sale page (/sales/{id}), trashed sales. */
export const salesArea: AreaScreens = {
  resources: [
    {
      ...sales,
      list: onSales(<sales.list />),
      show: onSales(<sales.show />),
      create: onSales(<sales.create />, ['add_sales']),
      edit: onSales(<sales.edit />, ['edit_sales']),
    },
    {
      ...trashedSales,
      list: onTrashed(<trashedSales.list />),
      show: onTrashed(<trashedSales.show />),
    },
  ],
  // SPEC §2: the sale page is /sales/{id}; the static /sales/create outranks it, the edit form stays at /sales/{id}/edit.
  routes: [
    { path: '/sales/create', element: onSales(<sales.create />, ['add_sales']) },
    { path: '/sales/:id', element: onSales(<sales.show />) },
  ],
  built: ['/sales', '/trashed-sales'],
};
